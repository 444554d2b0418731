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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.IdleChunks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Two threads writing one stream at once is misuse; this test runs such a pair beside threads
 * that use their own streams correctly, for thousands of rounds, and checks that the damage stays
 * inside the misused stream: every correct stream reads back exactly its own bytes and never
 * throws, and once everything is closed the pool has nothing in use and every idle chunk is idle
 * once. {@code -Dmisuse.rounds=100000} runs the longer form.
 */
class MisuseStaysInsideOneStreamTest {
    /** Rounds of the misusing pair; {@code -Dmisuse.rounds} runs the longer form. */
    private static final int ROUNDS = Integer.getInteger("misuse.rounds", 3000);

    private static final int CORRECT_THREADS = 2;

    @Test
    void twoThreadsWritingOneStreamNeverDamageOtherStreams() throws Exception {
        BufferPool pool = BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(256)
                .maxIdleBytes(1 << 20)
                .idleDecay(Duration.ZERO)
                .leakDetection(LeakDetection.DISABLED)
                .build();
        AtomicBoolean misuseDone = new AtomicBoolean();
        ConcurrentLinkedQueue<Throwable> correctFailures = new ConcurrentLinkedQueue<>();
        AtomicLong correctRounds = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < CORRECT_THREADS; t++) {
            threads.add(new Thread(
                    () -> {
                        try {
                            while (!misuseDone.get()) {
                                writeCheckClose(pool);
                                correctRounds.incrementAndGet();
                                LockSupport.parkNanos(20_000); // leaves the cores to the pair, whose rounds must meet
                            }
                        } catch (Throwable e) {
                            correctFailures.add(e);
                        }
                    },
                    "correct-" + t));
        }
        MisusingPair pair = new MisusingPair(pool, ROUNDS);
        for (Thread t : threads) {
            t.setDaemon(true); // a free list corrupted into a cycle can keep one busy forever
            t.start();
        }
        try {
            pair.run();
        } finally {
            misuseDone.set(true);
            for (Thread t : threads) {
                t.join(Duration.ofSeconds(60).toMillis());
                assertTrue(!t.isAlive(), t.getName() + " hung");
            }
        }
        if (!correctFailures.isEmpty()) {
            AssertionError e =
                    new AssertionError(correctFailures.size() + " correct streams failed beside the misused one" + " ("
                            + correctRounds.get() + " correct rounds)");
            correctFailures.forEach(e::addSuppressed);
            throw e;
        }
        assertTrue(correctRounds.get() > 0, "the correct threads did some work");
        PoolStats stats = pool.stats();
        assertEquals(0, stats.bytesInUse(), () -> "after " + pair.describe() + ": " + stats);
        IdleChunks.assertAllIdleOnce(pool);
    }

    /** A correct stream: its own bytes over several chunks, read back, closed. */
    private static void writeCheckClose(BufferPool pool) throws Exception {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        byte[] data = new byte[random.nextInt(1, 3000)];
        random.nextBytes(data);
        try (RecyclableOutputStream out = pool.newStream("correct")) {
            for (int at = 0; at < data.length; ) {
                int n = Math.min(data.length - at, random.nextInt(1, 200));
                if (n == 1) {
                    out.write(data[at]);
                } else {
                    out.write(data, at, n);
                }
                at += n;
            }
            byte[] read = out.toByteArray();
            CRC32 crc = new CRC32();
            out.forEachSegment(crc::update);
            CRC32 want = new CRC32();
            want.update(data);
            if (!Arrays.equals(data, read) || crc.getValue() != want.getValue()) {
                throw new AssertionError("a correct stream read back foreign bytes (" + data.length + " written)");
            }
        }
    }

    /**
     * Two threads that write one shared stream at the same time, round after round; at the end of
     * a round one of them resets it or closes it and opens the next. What they see is garbage
     * and what they throw is expected; only the others' streams and the pool are checked.
     */
    private static final class MisusingPair {
        private final BufferPool pool;
        private final int rounds;
        private final SpinBarrier barrier = new SpinBarrier();
        private final Map<String, Long> thrown = new ConcurrentHashMap<>();
        private volatile RecyclableOutputStream shared;

        MisusingPair(BufferPool pool, int rounds) {
            this.pool = pool;
            this.rounds = rounds;
        }

        /**
         * Runs the rounds on two daemon threads and closes the stream after them; fails if they do
         * not finish in time (a list corrupted into a cycle loops forever, which a daemon may).
         */
        void run() throws Exception {
            shared = pool.newStream("misused");
            List<Thread> pair = new ArrayList<>();
            for (String name : new String[] {"misusing-0", "misusing-1"}) {
                Thread t = new Thread(this::writeRounds, name);
                t.setDaemon(true);
                pair.add(t);
                t.start();
            }
            for (Thread t : pair) {
                t.join(Duration.ofSeconds(30).toMillis());
                assertTrue(!t.isAlive(), () -> t.getName() + " did not finish: " + describe());
            }
            shared.close();
        }

        private void writeRounds() {
            boolean leader = Thread.currentThread().getName().equals("misusing-0");
            ThreadLocalRandom random = ThreadLocalRandom.current();
            byte[] bytes = new byte[300];
            try {
                for (int r = 0; r < rounds; r++) {
                    barrier.await();
                    RecyclableOutputStream out = shared;
                    for (int i = 0, n = random.nextInt(1, 100); i < n; i++) {
                        try {
                            misuse(out, random, bytes);
                        } catch (RuntimeException | IOException e) {
                            thrown.merge(e.getClass().getSimpleName(), 1L, Long::sum);
                        }
                    }
                    barrier.await();
                    if (leader) {
                        try {
                            switch (random.nextInt(8)) {
                                case 0, 1 -> {
                                    out.close();
                                    shared = pool.newStream("misused");
                                }
                                case 2 -> out.resetAndRelease();
                                default -> out.reset();
                            }
                        } catch (RuntimeException e) {
                            thrown.merge(e.getClass().getSimpleName(), 1L, Long::sum);
                        }
                    }
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        /** One of the stream's writing operations, as a writer that believes it has the stream to itself. */
        private static void misuse(RecyclableOutputStream out, ThreadLocalRandom random, byte[] bytes)
                throws IOException {
            switch (random.nextInt(8)) {
                case 0, 1, 2 -> {
                    for (int k = random.nextInt(1, 64); k > 0; k--) {
                        out.write(k);
                    }
                }
                case 3, 4 -> out.write(bytes, 0, random.nextInt(1, bytes.length));
                case 5 -> out.write(ByteBuffer.wrap(bytes, 0, random.nextInt(1, bytes.length)));
                case 6 -> {
                    ByteBuffer space = out.writableBuffer(random.nextInt(1, 200));
                    int n = Math.min(space.remaining(), 10);
                    space.put(bytes, 0, n);
                    out.commit(n);
                }
                default -> {
                    try (ByteBufferView view = out.byteBuffers()) {
                        view.remaining();
                    }
                }
            }
        }

        String describe() {
            return rounds + " misused rounds, exceptions in the misusing threads: " + thrown;
        }
    }

    /**
     * Lets two threads start a round within nanoseconds of each other, so that their writes
     * overlap: a blocking barrier's wake-up takes longer than a round's writes.
     */
    private static final class SpinBarrier {
        private final AtomicInteger arrived = new AtomicInteger();
        private volatile int generation;

        void await() throws InterruptedException {
            int g = generation;
            if (arrived.incrementAndGet() == 2) {
                arrived.set(0);
                generation = g + 1;
                return;
            }
            for (int spins = 0; generation == g; spins++) {
                if (spins > 10_000) {
                    Thread.yield(); // the other thread may not be on a core yet
                } else {
                    Thread.onSpinWait();
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        }
    }
}
