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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.IdleChunks;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LeakDetectionTest {

    record Leak(String tag, Throwable site) {}

    private static BufferPool poolReporting(LeakDetection level, CopyOnWriteArrayList<Leak> leaks) {
        return BufferPool.builder()
                .leakDetection(level)
                .idleDecay(Duration.ZERO)
                .listener(new BufferPoolListener() {
                    @Override
                    public void streamLeaked(String tag, Throwable allocationSite) {
                        leaks.add(new Leak(tag, allocationSite));
                    }
                })
                .build();
    }

    /** Who holds the memory, for a failed check: each open watched holder by tag, bytes and creation site. */
    @Test
    void describeHoldersNamesEachOpenStreamAndCopyWithWhereItWasCreated() {
        BufferPool pool = BufferPool.builder()
                .leakDetection(LeakDetection.DETAILED)
                .idleDecay(Duration.ZERO)
                .build();
        RecyclableOutputStream kept = pool.newStream("kept");
        kept.write(new byte[1024]);
        kept.write(new byte[10]); // a 1 KiB and a 4 KiB chunk
        RecyclableOutputStream empty = pool.newStream("never written");
        RecyclableOutputStream copied = pool.newStream("copied");
        copied.write(new byte[100]);
        PooledArray array = copied.contiguous();
        copied.close();

        String holders = pool.describeHolders();
        assertTrue(
                holders.contains("RecyclableOutputStream 'kept', open, holding 5120 bytes in 2 chunks, created at "
                        + getClass().getName() + ".describeHoldersNamesEachOpenStreamAndCopyWithWhereItWasCreated("),
                holders);
        assertTrue(
                holders.contains("PooledArray from RecyclableOutputStream 'copied', open, holding 1024 bytes"),
                holders);
        assertFalse(holders.contains("never written"), "a stream holding nothing holds none of the memory: " + holders);
        assertFalse(holders.contains("BufferPool.java"), "the library's own frames are left out: " + holders);

        kept.close();
        array.close();
        empty.close();
        assertTrue(pool.describeHolders().startsWith("no open stream or copy that leak detection watches"));
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void theSharedPoolsLeakDetectionIsTheOneItsSystemPropertyNames() {
        assertEquals(LeakDetection.SAMPLED, BufferPool.leakDetectionNamed(null));
        assertEquals(LeakDetection.DETAILED, BufferPool.leakDetectionNamed("DETAILED"));
        assertEquals(LeakDetection.ALL, BufferPool.leakDetectionNamed(" all "));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> BufferPool.leakDetectionNamed("paranoid"));
        assertTrue(e.getMessage().contains("-Ddev.recyclable.buffers.leakDetection=paranoid"), e.getMessage());
        assertTrue(e.getMessage().contains("DETAILED"), e.getMessage());
    }

    @Test
    void describeHoldersSaysHowToSeeMoreWhenItCannotNameTheHolder() {
        BufferPool pool = BufferPool.builder()
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
        try (RecyclableOutputStream out = pool.newStream("unwatched")) {
            out.write(new byte[10]);
            String holders = pool.describeHolders();
            assertFalse(holders.contains("unwatched"), holders);
            assertTrue(holders.contains("LeakDetection.DISABLED"), holders);
            assertTrue(holders.contains("leakDetection(LeakDetection.DETAILED)"), holders);
            assertTrue(holders.contains("-Ddev.recyclable.buffers.leakDetection=DETAILED"), holders);
        }
        BufferPool all = BufferPool.builder()
                .leakDetection(LeakDetection.ALL)
                .idleDecay(Duration.ZERO)
                .build();
        try (RecyclableOutputStream out = all.newStream("watched")) {
            out.write(new byte[10]);
            String holders = all.describeHolders();
            assertTrue(
                    holders.contains("RecyclableOutputStream 'watched', open, holding 1024 bytes in 1 chunks ("
                            + "LeakDetection.DETAILED records where it was created)"),
                    holders);
        }
    }

    @Test
    void unclosedStreamIsReportedWithItsStackAndItsChunksComeBack() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.DETAILED, leaks);
        abandonStream(pool, "forgotten");
        assertTrue(pool.stats().bytesInUse() > 0);
        awaitGc(() -> !leaks.isEmpty() && pool.stats().bytesInUse() == 0);
        assertEquals(1, leaks.size());
        assertEquals("forgotten", leaks.get(0).tag());
        assertNotNull(leaks.get(0).site());
        StackTraceElement[] stack = leaks.get(0).site().getStackTrace();
        boolean pointsAtCulprit = false;
        for (StackTraceElement e : stack) {
            pointsAtCulprit |= e.getMethodName().equals("abandonStream");
        }
        assertTrue(pointsAtCulprit, "the report names the method that created the stream");
        assertEquals(0, pool.stats().bytesInUse());
        assertEquals(1, pool.stats().leaks());
    }

    @Test
    void levelAllReportsWithoutStackAndClosedStreamsAreNeverReported() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.ALL, leaks);
        for (int i = 0; i < 50; i++) {
            try (RecyclableOutputStream out = pool.newStream("closed")) {
                out.write(new byte[2000]);
            }
        }
        abandonStream(pool, "lost");
        awaitGc(() -> !leaks.isEmpty());
        Thread.sleep(200);
        System.gc();
        Thread.sleep(200);
        assertEquals(1, leaks.size(), () -> "reports: " + leaks);
        assertEquals("lost", leaks.get(0).tag());
        assertNull(leaks.get(0).site());
        awaitGc(() -> pool.stats().bytesInUse() == 0);
    }

    @Test
    void aDroppedContiguousCopyIsReportedWithItsStackAndItsArrayComesBack() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.DETAILED, leaks);
        abandonContiguous(pool, "copied", 100_000); // many chunks: a leased copy
        awaitGc(() -> leaks.size() == 1 && pool.stats().bytesInUse() == 0);
        assertEquals("copied", leaks.get(0).tag());
        assertTrue(
                leaks.get(0).site().getMessage().startsWith("PooledArray from RecyclableOutputStream 'copied'"),
                leaks.get(0).site().getMessage());
        boolean pointsAtCulprit = false;
        for (StackTraceElement e : leaks.get(0).site().getStackTrace()) {
            pointsAtCulprit |= e.getMethodName().equals("abandonContiguous");
        }
        assertTrue(pointsAtCulprit, "the report names the method that took the copy");

        abandonContiguous(pool, "shared", 100); // one chunk: the stream's own, shared
        awaitGc(() -> leaks.size() == 2 && pool.stats().bytesInUse() == 0);
        assertEquals("shared", leaks.get(1).tag());
        assertEquals(2, pool.stats().leaks());
        try (RecyclableOutputStream out = pool.newStream("closed copies are not leaks")) {
            out.write(new byte[5000]);
            out.contiguous().close();
        }
        System.gc();
        Thread.sleep(200);
        assertEquals(2, leaks.size(), () -> "reports: " + leaks);
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void aLeakedStreamLeavesAnOpenViewItsChunks() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.ALL, leaks);
        byte[] data = new byte[50_000];
        new java.util.Random(9).nextBytes(data);
        ByteBufferView view = viewOfAbandonedStream(pool, data);
        awaitGc(() -> leaks.size() == 1);
        try (RecyclableOutputStream other = pool.newStream()) {
            other.write(new byte[200_000]); // would reuse the view's chunks if the leak had freed them
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(data, HeldBytes.of(view));
        assertTrue(pool.stats().bytesInUse() > 0);
        view.close();
        assertEquals(0, pool.stats().bytesInUse(), pool::toString); // the cleaner reclaimed before it reported
        assertEquals(1, pool.stats().leaks());
    }

    private static ByteBufferView viewOfAbandonedStream(BufferPool pool, byte[] data) throws IOException {
        RecyclableOutputStream out = pool.newStream("abandoned with a view");
        out.write(data);
        return out.byteBuffers();
    }

    @Test
    void aStreamThatHoldsNoChunksHasLeakedNothing() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.ALL, leaks);
        abandonEmptiedStream(pool, "emptied");
        abandonStream(pool, "lost");
        awaitGc(() -> !leaks.isEmpty() && pool.stats().bytesInUse() == 0);
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        assertEquals(1, leaks.size(), () -> "reports: " + leaks);
        assertEquals("lost", leaks.get(0).tag());
    }

    @Test
    void aLeakedStreamGivesBackTheChunksItKeptForItsNextMessage() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.ALL, leaks);
        abandonResetStream(pool, "reset", 0);
        abandonResetStream(pool, "reset and partly reused", 5000);
        abandonStreamHoldingOnlySpares(pool, "only spares");
        assertTrue(pool.stats().bytesInUse() > 0);
        awaitGc(() -> leaks.size() == 3 && pool.stats().bytesInUse() == 0, () -> pool + " " + leaks);
        assertEquals(0, pool.stats().bytesInUse());
        assertEquals(3, pool.stats().leaks());
        IdleChunks.assertAllAsNew(pool);
    }

    /** 64 KiB in 4 KiB pieces (4, 16 and 64 KiB chunks), reset, then {@code next} bytes, never closed. */
    private static void abandonResetStream(BufferPool pool, String tag, int next) throws IOException {
        RecyclableOutputStream out = pool.newStream(tag);
        for (int i = 0; i < 16; i++) {
            out.write(new byte[4096]);
        }
        out.reset();
        out.write(new byte[next]);
    }

    /** Its first chunk went to a contiguous copy at the reset, so all it holds are spares. */
    private static void abandonStreamHoldingOnlySpares(BufferPool pool, String tag) throws IOException {
        RecyclableOutputStream out = pool.newStream(tag);
        for (int i = 0; i < 16; i++) {
            out.write(new byte[4096]);
        }
        out.reset();
        out.write(new byte[] {1, 2, 3});
        PooledArray copy = out.contiguous(); // shares the first chunk
        out.reset();
        assertNull(out.content.head);
        assertNotNull(out.content.spare);
        copy.close();
    }

    /** Written, then emptied by resetAndRelease (as a message lender keeps it between messages), never closed. */
    private static void abandonEmptiedStream(BufferPool pool, String tag) throws IOException {
        RecyclableOutputStream out = pool.newStream(tag);
        out.write(new byte[10_000]);
        out.resetAndRelease();
        assertEquals(0, pool.stats().bytesInUse());
    }

    private static void abandonContiguous(BufferPool pool, String tag, int bytes) throws IOException {
        try (RecyclableOutputStream out = pool.newStream(tag)) {
            out.write(new byte[bytes]);
            out.contiguous();
        }
    }

    private static void abandonStream(BufferPool pool, String tag) throws IOException {
        RecyclableOutputStream out = pool.newStream(tag);
        out.write(new byte[10_000]);
    }

    interface Condition {
        boolean met();
    }

    private static void awaitGc(Condition condition) throws InterruptedException {
        awaitGc(condition, () -> "");
    }

    private static void awaitGc(Condition condition, java.util.function.Supplier<String> state)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.met()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met after GC within 20 s " + state.get());
            }
            System.gc();
            Thread.sleep(20);
        }
    }
}
