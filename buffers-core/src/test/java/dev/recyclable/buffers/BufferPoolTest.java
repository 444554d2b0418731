/*
 * Copyright 2026 The Recyclable Buffers Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.recyclable.buffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.internal.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BufferPoolTest {

    private static void rejects(Consumer<BufferPool.Builder> setting, String messagePart) {
        BufferPool.Builder builder = BufferPool.builder();
        setting.accept(builder);
        Exception e = assertThrows(RuntimeException.class, builder::build);
        assertTrue(e.getMessage().contains(messagePart), () -> "message '" + e.getMessage() + "' names " + messagePart);
    }

    @Test
    void invalidSettingsAreRefusedWithAMessageNamingTheSetting() {
        rejects(b -> b.minChunkSize(1000), "minChunkSize");
        rejects(b -> b.minChunkSize(32), "minChunkSize");
        rejects(b -> b.maxChunkSize(512), "maxChunkSize");
        rejects(b -> b.maxChunkSize(3 << 20), "maxChunkSize");
        rejects(b -> b.maxChunkSize(1 << 25), "maxChunkSize");
        rejects(b -> b.maxIdleBytes(-1), "maxIdleBytes");
        rejects(b -> b.maxStreamSize(0), "maxStreamSize");
        rejects(b -> b.idleDecay(Duration.ofSeconds(-1)), "idleDecay");
        rejects(b -> b.idleDecay(null), "idleDecay");
        rejects(b -> b.leakDetection(null), "leakDetection");
        rejects(b -> b.listener(null), "listener");
    }

    /**
     * Every idle-decay period at its extremes: too long to count in nanoseconds means never (no
     * ArithmeticException), negative is refused naming the setting, zero keeps idle chunks.
     */
    @Test
    void idleDecayPeriodsSaturateAtTheTopAndAreRefusedBelowZero() throws Exception {
        for (Duration never : List.of(
                ChronoUnit.FOREVER.getDuration(),
                Duration.ofDays(365_000),
                Duration.ofSeconds(Long.MAX_VALUE, 999_999_999),
                Duration.ofNanos(Long.MAX_VALUE),
                Duration.ZERO)) {
            BufferPool pool = BufferPool.builder()
                    .idleDecay(never)
                    .leakDetection(LeakDetection.DISABLED)
                    .build();
            try (RecyclableOutputStream out = pool.newStream()) {
                out.write(new byte[3000]);
            }
            long idle = pool.stats().bytesIdle();
            assertTrue(idle > 0, never::toString);
            Thread.sleep(50);
            assertEquals(idle, pool.stats().bytesIdle(), () -> never + " decayed");
        }
        for (Duration negative : List.of(
                Duration.ofNanos(-1),
                Duration.ofSeconds(-1),
                Duration.ofSeconds(Long.MIN_VALUE),
                ChronoUnit.FOREVER.getDuration().negated())) {
            rejects(b -> b.idleDecay(negative), "idleDecay");
        }
    }

    @Test
    void durationsConvertToNanosecondsSaturating() {
        assertEquals(0, Durations.toNanosSaturated(Duration.ZERO));
        assertEquals(1, Durations.toNanosSaturated(Duration.ofNanos(1)));
        assertEquals(Long.MAX_VALUE, Durations.toNanosSaturated(Duration.ofNanos(Long.MAX_VALUE)));
        assertEquals(
                Long.MAX_VALUE,
                Durations.toNanosSaturated(Duration.ofNanos(Long.MAX_VALUE).plusNanos(1)));
        assertEquals(Long.MAX_VALUE, Durations.toNanosSaturated(ChronoUnit.FOREVER.getDuration()));
        assertEquals(Long.MIN_VALUE, Durations.toNanosSaturated(Duration.ofNanos(Long.MIN_VALUE)));
        assertEquals(
                Long.MIN_VALUE,
                Durations.toNanosSaturated(Duration.ofNanos(Long.MIN_VALUE).minusNanos(1)));
        assertEquals(
                Long.MIN_VALUE,
                Durations.toNanosSaturated(ChronoUnit.FOREVER.getDuration().negated()));
        assertEquals(-1, Durations.toNanosSaturated(Duration.ofNanos(-1)));
    }

    @Test
    void sharedPoolIsOneBoundedInstance() {
        assertSame(BufferPool.shared(), BufferPool.shared());
        assertTrue(BufferPool.shared().maxIdleBytes() > 0);
        assertTrue(BufferPool.shared().maxIdleBytes() <= 256L << 20);
    }

    @Test
    void chunksAreReusedAndCounted() throws IOException {
        BufferPool pool = BufferPool.builder().idleDecay(Duration.ZERO).build();
        for (int i = 0; i < 10; i++) {
            try (RecyclableOutputStream out = pool.newStream()) {
                out.write(new byte[200_000]);
            }
        }
        PoolStats stats = pool.stats();
        assertEquals(0, stats.bytesInUse());
        assertTrue(stats.bytesIdle() > 200_000, stats::toString);
        assertEquals(stats.chunksLeased(), stats.chunksReused() + stats.chunksAllocated());
        assertTrue(stats.chunksReused() >= 9 * stats.chunksAllocated(), stats::toString);
        assertEquals(0, stats.chunksDroppedTotal());
    }

    @Test
    void idleBytesNeverExceedTheGlobalCapAndDropsAreReported() throws IOException {
        List<DropReason> drops = new CopyOnWriteArrayList<>();
        BufferPool pool = BufferPool.builder()
                .maxIdleBytes(100_000)
                .idleDecay(Duration.ZERO)
                .listener(new BufferPoolListener() {
                    @Override
                    public void chunkDropped(int chunkSize, DropReason reason) {
                        drops.add(reason);
                    }
                })
                .build();
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[1 << 20]);
        }
        PoolStats stats = pool.stats();
        assertTrue(stats.bytesIdle() <= 100_000, stats::toString);
        assertTrue(stats.chunksDropped(DropReason.POOL_FULL) > 0, stats::toString);
        assertEquals(stats.chunksDropped(DropReason.POOL_FULL), drops.size());
        assertEquals(0, stats.bytesInUse());
    }

    @Test
    void trimReleasesEveryIdleChunk() throws IOException {
        BufferPool pool = BufferPool.builder().idleDecay(Duration.ZERO).build();
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[500_000]);
        }
        assertTrue(pool.stats().bytesIdle() > 0);
        pool.trim();
        assertEquals(0, pool.stats().bytesIdle());
        assertTrue(pool.stats().chunksDropped(DropReason.TRIMMED) > 0);
    }

    @Test
    void idleMemoryDecaysWhenUnused() throws Exception {
        BufferPool pool = BufferPool.builder().idleDecay(Duration.ofMillis(50)).build();
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[300_000]);
        }
        assertTrue(pool.stats().bytesIdle() > 0);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (pool.stats().bytesIdle() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, pool.stats().bytesIdle(), () -> pool.stats().toString());
    }

    @Test
    void zeroOnReleaseScrubsContent() throws IOException {
        BufferPool pool = BufferPool.builder()
                .zeroOnRelease(true)
                .idleDecay(Duration.ZERO)
                .build();
        byte[][] seen = new byte[1][];
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[] {1, 2, 3, 4});
            out.forEachSegment((array, offset, length) -> seen[0] = array);
        }
        for (byte b : seen[0]) {
            assertEquals(0, b, "content survived in a released chunk");
        }
    }

    @Test
    void leaksAndDropsAreRecordedAsFlightRecorderEvents(@TempDir Path dir) throws Exception {
        BufferPool pool =
                BufferPool.builder().maxIdleBytes(0).idleDecay(Duration.ZERO).build();
        Path file = dir.resolve("events.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("dev.recyclable.buffers.ChunkDropped");
            recording.enable("dev.recyclable.buffers.StreamLeak");
            recording.start();
            try (RecyclableOutputStream out = pool.newStream()) {
                out.write(new byte[10]);
            }
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertTrue(
                events.stream()
                        .anyMatch(e -> e.getEventType().getName().equals("dev.recyclable.buffers.ChunkDropped")
                                && "POOL_FULL".equals(e.getString("reason"))),
                () -> "events: " + events);
        assertTrue(Files.size(file) > 0);
    }

    @Test
    void aCopyOfAPowerOfTwoLengthComesFromTheClassOfExactlyThatSize() throws IOException {
        BufferPool pool = BufferPool.builder().idleDecay(Duration.ZERO).build();
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[1000]);
            out.write(new byte[1048]); // two chunks: contiguous() copies
            try (PooledArray arr = out.contiguous()) {
                assertEquals(2048, arr.array().length);
            }
            out.truncate(1500);
            try (PooledArray arr = out.contiguous()) {
                assertEquals(2048, arr.array().length, "a pooled class, not an exact array");
            }
        }
        assertEquals(0, pool.stats().chunksDropped(DropReason.OVERSIZE), "heap copies are kept");
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void aDirectPoolsCopiesAreExactHeapArraysThatAreNeverKept() throws IOException {
        BufferPool pool =
                BufferPool.builder().directChunks(true).idleDecay(Duration.ZERO).build();
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[1000]);
            out.write(new byte[1048]);
            try (PooledArray arr = out.contiguous()) {
                assertEquals(2048, arr.length());
                assertEquals(2048, arr.array().length, "an exact array");
            }
        }
        assertEquals(1, pool.stats().chunksDropped(DropReason.OVERSIZE), pool::toString);
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void decayEmptiesOnlyTheClassesThatSawNoLeaseSinceThePreviousPass() throws IOException {
        BufferPool pool = BufferPool.builder().idleDecay(Duration.ZERO).build();
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(1);
        }
        assertEquals(1024, pool.stats().bytesIdle());
        pool.decay(); // leased since the pool began: kept
        assertEquals(1024, pool.stats().bytesIdle());
        pool.decay(); // no lease since the last pass: emptied
        assertEquals(0, pool.stats().bytesIdle());
        assertEquals(1, pool.stats().chunksDropped(DropReason.TRIMMED));
    }

    @Test
    void settingsAtTheirLimitsAreAcceptedAndReadBack() {
        BufferPool smallest = BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(64)
                .maxIdleBytes(0)
                .maxStreamSize(1)
                .zeroOnRelease(true)
                .directChunks(true)
                .idleDecay(Duration.ZERO)
                .build();
        assertEquals(64, smallest.maxChunkSize());
        assertEquals(0, smallest.maxIdleBytes());
        assertEquals(1, smallest.maxStreamSize());
        assertTrue(smallest.zeroOnRelease());
        assertTrue(smallest.directChunks());
        BufferPool largest = BufferPool.builder()
                .minChunkSize(1 << 24)
                .maxChunkSize(1 << 24)
                .idleDecay(Duration.ZERO)
                .build();
        assertEquals(1 << 24, largest.maxChunkSize());
        BufferPool defaults = BufferPool.builder().idleDecay(Duration.ZERO).build();
        assertEquals(Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 8), defaults.maxIdleBytes());
        assertEquals(false, defaults.zeroOnRelease());
        assertEquals(false, defaults.directChunks());
        assertTrue(defaults.toString().startsWith("BufferPool" + "PoolStats[bytesInUse=0"), defaults.toString());
    }
}
