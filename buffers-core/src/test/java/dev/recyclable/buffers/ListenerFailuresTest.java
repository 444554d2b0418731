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

import dev.recyclable.buffers.checks.Fields;
import dev.recyclable.buffers.checks.IdleChunks;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A pool listener that throws anything, a {@link VirtualMachineError} included (which the pool
 * passes on), never leaves the pool's accounting wrong: the bookkeeping is done first, every chunk
 * is back, and only then does the listener's error reach the caller.
 */
class ListenerFailuresTest {
    private static BufferPool pool(long maxIdleBytes, LeakDetection leaks, BufferPoolListener listener) {
        return BufferPool.builder()
                .maxIdleBytes(maxIdleBytes)
                .idleDecay(Duration.ZERO)
                .leakDetection(leaks)
                .listener(listener)
                .build();
    }

    @Test
    void aListenerThatThrowsOnCloseLeavesNothingInUse() {
        StackOverflowError overflow = new StackOverflowError("listener");
        BufferPool pool = pool(64 << 20, LeakDetection.DISABLED, new BufferPoolListener() {
            @Override
            public void streamClosed(String tag, long length) {
                throw overflow;
            }
        });
        RecyclableOutputStream out = pool.newStream("closing");
        out.write(new byte[1024]); // a 1 KiB chunk
        out.write(new byte[3976]); // and a 4 KiB one
        assertEquals(5120, pool.stats().bytesInUse());
        assertSame(overflow, assertThrows(StackOverflowError.class, out::close));
        assertTrue(out.isClosed());
        assertEquals(0, pool.stats().bytesInUse(), pool.stats()::toString);
        assertEquals(5120, pool.stats().bytesIdle());
        out.close(); // a second close is the usual no-op
        IdleChunks.assertAllAsNew(pool);
    }

    @Test
    void aListenerThatThrowsOnEveryDropStopsNoChunkFromGoingBack() {
        AtomicInteger heard = new AtomicInteger();
        BufferPool pool = pool(
                0,
                LeakDetection.DISABLED,
                new BufferPoolListener() { // keeps nothing: every chunk drops
                    @Override
                    public void chunkDropped(int chunkSize, DropReason reason) {
                        heard.incrementAndGet();
                        throw new StackOverflowError("drop " + heard.get());
                    }
                });
        RecyclableOutputStream out = pool.newStream("dropping");
        out.write(new byte[100_000]); // chunks of 1, 4, 16 and 64 KiB
        int chunks = out.chunkCount();
        StackOverflowError e = assertThrows(StackOverflowError.class, out::close);
        assertEquals("drop 1", e.getMessage(), "the first failure, the others suppressed by it");
        assertEquals(chunks - 1, e.getSuppressed().length);
        assertEquals(chunks, heard.get(), "the listener heard of every drop");
        PoolStats stats = pool.stats();
        assertEquals(0, stats.bytesInUse(), stats::toString);
        assertEquals(chunks, stats.chunksDropped(DropReason.POOL_FULL), stats::toString);
    }

    @Test
    void aListenerThatThrowsWhileTrimDropsLeavesNoPhantomBytesInUse() {
        AtomicInteger heard = new AtomicInteger();
        BufferPool pool = pool(64 << 20, LeakDetection.DISABLED, new BufferPoolListener() {
            @Override
            public void chunkDropped(int chunkSize, DropReason reason) {
                heard.incrementAndGet();
                throw new StackOverflowError("trim");
            }
        });
        try (RecyclableOutputStream a = pool.newStream(); // three idle chunks of each class they use
                RecyclableOutputStream b = pool.newStream();
                RecyclableOutputStream c = pool.newStream()) {
            for (int i = 0; i < 100; i++) { // 1, 4, 16 and 64 KiB chunks each
                a.write(new byte[1000]);
                b.write(new byte[1000]);
                c.write(new byte[1000]);
            }
        }
        long idle = pool.stats().bytesIdle();
        assertTrue(idle > 0);
        assertThrows(StackOverflowError.class, pool::trim);
        assertEquals(1, heard.get(), "the listener's error ends the trim");
        PoolStats stats = pool.stats();
        assertEquals(0, stats.bytesInUse(), stats::toString);
        assertEquals(3, stats.chunksDropped(DropReason.TRIMMED), "the drained class counted whole: " + stats);
        assertEquals(idle - 3 * 1024, stats.bytesIdle(), stats::toString);
        IdleChunks.assertAllAsNew(pool); // what the free list holds is what is counted idle
    }

    @Test
    void aListenerThatThrowsWhenAViewOrARetainLetsGoLeavesNothingInUse() {
        BufferPool pool = pool(0, LeakDetection.DISABLED, new BufferPoolListener() {
            @Override
            public void chunkDropped(int chunkSize, DropReason reason) {
                throw new StackOverflowError("drop");
            }
        });
        RecyclableOutputStream out = pool.newStream("viewed");
        out.write(new byte[1024]);
        out.write(new byte[3976]);
        ByteBufferView view = out.byteBuffers();
        out.retain();
        out.close(); // the view and the retain still hold both chunks: nothing drops yet
        assertEquals(5120, pool.stats().bytesInUse());
        out.release(); // the view still holds them
        assertThrows(StackOverflowError.class, view::close);
        assertEquals(0, pool.stats().bytesInUse(), pool.stats()::toString);
    }

    @Test
    void aListenerThatThrowsWhileALeakIsReclaimedLeavesNothingInUseAndTheLeakCounted() {
        BufferPool pool = pool(0, LeakDetection.ALL, new BufferPoolListener() {
            @Override
            public void chunkDropped(int chunkSize, DropReason reason) {
                throw new StackOverflowError("drop");
            }

            @Override
            public void streamLeaked(String tag, Throwable allocationSite) {
                throw new StackOverflowError("leak");
            }
        });
        RecyclableOutputStream out = pool.newStream("leaked");
        out.write(new byte[5000]);
        LeakTracker tracker = (LeakTracker) Fields.read(out.content, ChunkList.class, "tracker");
        StackOverflowError e = assertThrows(StackOverflowError.class, tracker::run); // as the cleaner would
        assertEquals("drop", e.getMessage());
        assertEquals(0, pool.stats().bytesInUse(), pool.stats()::toString);
        assertEquals(1, pool.stats().leaks());
        tracker.run(); // once only
        assertEquals(1, pool.stats().leaks());
    }
}
