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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.Fields;
import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.interop.NettyViews;
import io.netty.buffer.ByteBuf;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jetbrains.lincheck.Lincheck;
import org.jetbrains.lincheck.LincheckSettings;
import org.junit.jupiter.api.Test;

/**
 * The pool's concurrency, model-checked: Lincheck runs each scenario below many times, each time
 * choosing another interleaving of its threads at every shared-memory access, lock and atomic
 * (systematically, not by chance as a stress test does), and fails with the interleaving that
 * broke an assertion. What must hold whatever the interleaving: no chunk is ever in two places
 * (two streams, or the free list twice), counts stay exact, nothing is returned to the pool
 * twice or lost, and content that a view holds never changes.
 *
 * <p>{@code mvn verify} explores {@value #SHORT_INVOCATIONS} interleavings per scenario;
 * {@code verification/concurrency.sh} explores many more ({@code -Dlincheck.invocations}).
 */
class ModelCheckedConcurrencyTest {
    private static final int SHORT_INVOCATIONS = 100;
    private static final int INVOCATIONS = Integer.getInteger("lincheck.invocations", SHORT_INVOCATIONS);

    /**
     * Iterations after which the model checker takes a loop for a spin loop and switches threads
     * inside it. Lincheck's default (10) takes the loops over a chunk's or a pattern's bytes (up to
     * 130 iterations here) for spin loops too: with it an invocation took seconds, the first one
     * long enough under load to pass Lincheck's limit of 30 seconds per invocation (reported as
     * hung, with no interleaving shown), and the exploration stopped after three invocations whatever
     * the count asked for. Above the longest such loop, a loop that waits for another thread still
     * gets its switch.
     */
    private static final int LOOP_ITERATIONS_BEFORE_THREAD_SWITCH = 300;

    /**
     * Runs {@code scenario} under the model checker. Its default bound on loop iterations (50) takes
     * a chunk being zeroed or copied byte by byte for a livelock: these scenarios' loops all end, so
     * the bound is raised, as is {@link #LOOP_ITERATIONS_BEFORE_THREAD_SWITCH}, which in Lincheck 3.7
     * only its internal entry point takes.
     */
    private static void modelCheck(Runnable scenario) {
        Lincheck.runConcurrentTestInternal$lincheck(
                INVOCATIONS, new LincheckSettings(true, LOOP_ITERATIONS_BEFORE_THREAD_SWITCH, 100_000, 20), scenario);
    }

    /** Small chunks, so that a few bytes span several; an idle cap of a few chunks, so that releases meet it. */
    private static BufferPool pool(long maxIdleBytes, LeakDetection leaks) {
        return BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(128)
                .maxIdleBytes(maxIdleBytes)
                .leakDetection(leaks)
                .idleDecay(Duration.ZERO)
                .build();
    }

    /**
     * Two threads lease and release (write a stream over several chunks, check it, close it) while
     * a third trims and decays the pool: every stream reads back exactly its own bytes, and
     * afterwards nothing is in use, no chunk is idle twice and the idle bytes are within the cap.
     */
    @Test
    void stripesUnderLeaseReleaseTrimAndDecay() {
        modelCheck(() -> {
            BufferPool pool = pool(4 * 64, LeakDetection.DISABLED);
            writeCheckClose(pool, 1, 100); // some idle chunks to begin with
            Threads threads = new Threads();
            threads.start(() -> writeCheckClose(pool, 2, 100));
            threads.start(() -> writeCheckClose(pool, 3, 70));
            pool.trim();
            pool.decay();
            threads.join();
            writeCheckClose(pool, 4, 130); // the pool still works
            PoolStats stats = pool.stats();
            assertEquals(0, stats.bytesInUse(), stats::toString);
            assertTrue(stats.bytesIdle() <= pool.maxIdleBytes(), stats::toString);
            assertEquals(stats.chunksLeased(), stats.chunksReused() + stats.chunksAllocated(), stats::toString);
            IdleChunks.assertAllAsNew(pool);
        });
    }

    /**
     * A snapshot taken while trim drops idle chunks: nothing is leased, so in-use bytes are 0, or
     * at most the chunks trim has in hand (counted neither idle nor dropped yet); never below 0,
     * which is what subtracting a dropped chunk that still counts idle gives.
     */
    @Test
    void statsWhileTrimDropsIdleChunks() {
        modelCheck(() -> {
            BufferPool pool = pool(1 << 20, LeakDetection.DISABLED);
            writeCheckClose(pool, 1, 100); // a 128-byte chunk goes idle
            long idle = pool.stats().bytesIdle();
            Threads threads = new Threads();
            threads.start(pool::trim);
            PoolStats during = pool.stats();
            threads.join();
            assertTrue(
                    during.bytesInUse() >= 0 && during.bytesInUse() <= idle, () -> "in use while trim ran: " + during);
            assertEquals(0, pool.stats().bytesInUse());
            assertEquals(0, pool.stats().bytesIdle());
        });
    }

    /**
     * Holder counts: a view and an explicit {@code retain()} let go on two threads while the owner
     * resets, writes on and closes, so that three holders drop their claims on the same two chunks
     * at once. The view reads exactly the bytes it was taken over (held content is never written
     * again, nor back in the pool while held), the owner reads exactly what it wrote after the
     * reset, and afterwards nothing is in use and every chunk is idle once, as new.
     */
    @Test
    void holdersLetGoWhileTheOwnerResetsWritesAndCloses() {
        byte[] held = pattern(1, 70); // two chunks: 64 and 128 bytes
        byte[] after = pattern(2, 40);
        modelCheck(() -> {
            BufferPool pool = pool(1 << 20, LeakDetection.DISABLED);
            RecyclableOutputStream out = pool.newStream();
            out.write(held);
            ByteBufferView view = out.byteBuffers();
            out.retain();
            Threads threads = new Threads();
            threads.start(() -> {
                assertArrayEquals(held, bytesOf(view), "a view's bytes changed while it held them");
                view.close();
            });
            threads.start(out::release);
            out.reset();
            out.write(after);
            assertArrayEquals(after, out.toByteArray(), "the owner's bytes after the reset");
            out.close();
            threads.join();
            PoolStats stats = pool.stats();
            assertEquals(0, stats.bytesInUse(), stats::toString);
            assertEquals(stats.chunksLeased(), stats.chunksReused() + stats.chunksAllocated(), stats::toString);
            IdleChunks.assertAllAsNew(pool);
        });
    }

    /**
     * Holder counts through Netty's reference count: a {@code ByteBuf} over the content, retained
     * once more, is released on two threads (the last release lets go of its chunks) while the
     * owner resets, writes on and closes. The buffer reads exactly the bytes it was taken over, and
     * afterwards nothing is in use and every chunk is idle once, as new.
     */
    @Test
    void nettyByteBufReleasedWhileTheOwnerResetsWritesAndCloses() {
        byte[] held = pattern(3, 70); // two chunks: 64 and 128 bytes
        byte[] after = pattern(4, 40);
        releaseOneByteBuf(); // Netty's classes initialized before the model checker runs
        modelCheck(() -> {
            BufferPool pool = pool(1 << 20, LeakDetection.DISABLED);
            RecyclableOutputStream out = pool.newStream();
            out.write(held);
            ByteBuf buf = NettyViews.asByteBuf(out).retain();
            Threads threads = new Threads();
            threads.start(() -> {
                byte[] read = new byte[held.length];
                buf.getBytes(0, read);
                assertArrayEquals(held, read, "a ByteBuf's bytes changed while it held them");
                buf.release();
            });
            threads.start(buf::release);
            out.reset();
            out.write(after);
            assertArrayEquals(after, out.toByteArray(), "the owner's bytes after the reset");
            out.close();
            threads.join();
            assertEquals(0, buf.refCnt());
            PoolStats stats = pool.stats();
            assertEquals(0, stats.bytesInUse(), stats::toString);
            IdleChunks.assertAllAsNew(pool);
        });
    }

    /**
     * The leak tracker's reclaim (what the Cleaner runs once a stream is unreachable) racing with
     * the close of a view of that stream, on another thread: two holders drop their claims on the
     * same chunks at once, and the chunks come back once, scrubbed.
     */
    @Test
    void leakReclaimRacesAViewsClose() {
        modelCheck(() -> {
            BufferPool pool = pool(1 << 20, LeakDetection.ALL);
            RecyclableOutputStream out = pool.newStream("leaked");
            out.write(pattern(3, 100));
            ByteBufferView view = out.byteBuffers();
            LeakTracker tracker = (LeakTracker) Fields.read(out.content, ChunkList.class, "tracker");
            Threads threads = new Threads();
            threads.start(view::close);
            tracker.run(); // the stream is never touched again: to the pool it is unreachable
            threads.join();
            PoolStats stats = pool.stats();
            assertEquals(0, stats.bytesInUse(), stats::toString);
            assertEquals(1, stats.leaks(), stats::toString);
            IdleChunks.assertAllAsNew(pool);
            // this scenario plays the cleaner: the real one must not run the tracker as well, on a
            // thread the model checker does not control
            Reference.reachabilityFence(out);
        });
    }

    /**
     * A leaked {@link PooledArray} (the stream's own chunk, frozen) reclaimed while its stream
     * closes on another thread: the chunk has two holders letting go at once and comes back once.
     */
    @Test
    void leakedArrayReclaimRacesItsStreamsClose() {
        modelCheck(() -> {
            BufferPool pool = pool(1 << 20, LeakDetection.ALL);
            RecyclableOutputStream out = pool.newStream("array");
            out.write(pattern(4, 40));
            PooledArray array = out.contiguous();
            LeakTracker tracker = (LeakTracker) Fields.read(array, PooledArray.class, "tracker");
            assertSame(array.array(), out.content.head.array(), "the only chunk is shared, not copied");
            Threads threads = new Threads();
            threads.start(out::close);
            tracker.run();
            threads.join();
            PoolStats stats = pool.stats();
            assertEquals(0, stats.bytesInUse(), stats::toString);
            assertEquals(1, stats.leaks(), stats::toString);
            IdleChunks.assertAllAsNew(pool);
            // this scenario plays the cleaner: the real one must not run the tracker as well, on a
            // thread the model checker does not control (the array is unreachable after its last
            // use above, so the collector may find it so at any point of an invocation)
            Reference.reachabilityFence(array);
        });
    }

    /**
     * Two threads write one stream at once, which is misuse: whatever the interleaving, the
     * stream loses no chunk it leased and returns none twice, so once its owner closes it nothing
     * is in use, every chunk is idle once, unowned and unheld, and another stream is unharmed.
     * What the writers throw (the list's claim refuses the second to arrive), what the stream
     * holds and the bytes the pair left past what it recorded are not checked.
     */
    @Test
    void twoThreadsWritingOneStreamLoseNoChunk() {
        modelCheck(() -> {
            BufferPool pool = pool(1 << 20, LeakDetection.DISABLED);
            RecyclableOutputStream out = pool.newStream("misused");
            out.write(pattern(1, 60)); // most of the first 64-byte chunk: each writer appends the next
            Threads threads = new Threads();
            threads.start(() -> writeAsMisuse(out, pattern(2, 10)));
            writeAsMisuse(out, pattern(3, 10));
            threads.join();
            out.close();
            writeCheckClose(pool, 4, 130);
            PoolStats stats = pool.stats();
            assertEquals(0, stats.bytesInUse(), stats::toString);
            IdleChunks.assertAllIdleOnce(pool);
        });
    }

    /** A write by one of two threads misusing a stream: what it throws is the misuse's, not checked. */
    private static void writeAsMisuse(RecyclableOutputStream out, byte[] bytes) {
        try {
            out.write(bytes);
        } catch (RuntimeException expected) {
            // refused or garbled: the damage stays inside this stream
        }
    }

    private static void writeCheckClose(BufferPool pool, int seed, int length) {
        byte[] bytes = pattern(seed, length);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(bytes);
            assertArrayEquals(bytes, out.toByteArray(), "another stream wrote into this one's chunks");
        }
    }

    /**
     * Takes and releases one Netty view outside the model checker, so that Netty's static
     * initialization (platform probing, system properties) does not run inside its first invocation.
     */
    private static void releaseOneByteBuf() {
        try (RecyclableOutputStream out = pool(1 << 20, LeakDetection.DISABLED).newStream()) {
            out.write(pattern(5, 70));
            ByteBuf buf = NettyViews.asByteBuf(out);
            buf.getBytes(0, new byte[70]);
            buf.release();
        }
    }

    /** A view's bytes, one absolute bulk copy per buffer (no position moved). */
    private static byte[] bytesOf(ByteBufferView view) {
        byte[] bytes = new byte[(int) view.remaining()];
        int at = 0;
        for (ByteBuffer b : view.buffers()) {
            b.get(0, bytes, at, b.limit());
            at += b.limit();
        }
        return bytes;
    }

    private static byte[] pattern(int seed, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed * 31 + i);
        }
        return b;
    }

    /** The scenario's threads; {@link #join} rethrows the first failure of any of them. */
    private static final class Threads {
        private final List<Thread> started = new ArrayList<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        void start(Runnable body) {
            Thread t = new Thread(() -> {
                try {
                    body.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            started.add(t);
            t.start();
        }

        void join() {
            try {
                for (Thread t : started) {
                    t.join();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            Throwable e = failure.get();
            if (e instanceof Error error) {
                throw error;
            }
            if (e != null) {
                throw new AssertionError(e);
            }
        }
    }
}
