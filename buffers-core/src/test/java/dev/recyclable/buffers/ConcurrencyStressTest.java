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

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Threads lease, write, verify and close concurrently, some handing streams to another thread
 * to close, for a bounded time. Afterwards nothing may be in use and idle bytes must respect
 * the cap. A chunk handed to two streams at once would show up as a checksum mismatch.
 */
class ConcurrencyStressTest {

    @Test
    void concurrentStreamsNeverShareChunksAndAllComeBack() throws Exception {
        BufferPool pool = BufferPool.builder()
                .minChunkSize(256)
                .maxChunkSize(8192)
                .maxIdleBytes(1 << 20)
                .idleDecay(Duration.ZERO)
                .build();
        int threads = 6;
        long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<RecyclableOutputStream> handoff = new ConcurrentLinkedQueue<>();
        AtomicLong verified = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(
                    () -> {
                        try {
                            start.await();
                            while (System.nanoTime() < deadline) {
                                roundTrip(pool, handoff);
                                verified.incrementAndGet();
                                RecyclableOutputStream other = handoff.poll();
                                if (other != null) {
                                    other.close();
                                }
                            }
                        } catch (Throwable e) {
                            failures.add(e);
                        }
                    },
                    "stress-" + t);
            workers.add(worker);
            worker.start();
        }
        start.countDown();
        for (Thread worker : workers) {
            worker.join(Duration.ofSeconds(30).toMillis());
            assertTrue(!worker.isAlive(), "worker hung");
        }
        for (RecyclableOutputStream s; (s = handoff.poll()) != null; ) {
            s.close();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("stress failures: " + failures.size(), failures.peek());
        }
        PoolStats stats = pool.stats();
        assertTrue(verified.get() > 100, "did some work: " + verified.get());
        assertEquals(0, stats.bytesInUse(), stats::toString);
        assertTrue(stats.bytesIdle() <= pool.maxIdleBytes(), stats::toString);
        assertTrue(stats.chunksReused() > 0, stats::toString);
    }

    private static void roundTrip(BufferPool pool, ConcurrentLinkedQueue<RecyclableOutputStream> handoff)
            throws IOException {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int size = random.nextInt(40_000);
        byte[] data = new byte[size];
        random.nextBytes(data);
        CRC32 expected = new CRC32();
        expected.update(data);
        RecyclableOutputStream out = pool.newStream();
        int at = 0;
        while (at < size) {
            int n = Math.min(size - at, 1 + random.nextInt(5000));
            out.write(data, at, n);
            at += n;
        }
        CRC32 actual = new CRC32();
        out.forEachSegment(actual::update);
        if (actual.getValue() != expected.getValue() || out.size() != size) {
            throw new AssertionError("content corrupted: another stream wrote into this one's chunks");
        }
        if (random.nextInt(4) == 0) {
            handoff.add(out); // closed by another thread
        } else {
            out.close();
        }
    }
}
