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
package dev.recyclable.buffers.benchmarks;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.PoolStats;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;

/**
 * Checks the pool under virtual threads on a newer JDK (21+): thousands of virtual threads lease,
 * write, yield (so carriers switch between streams mid-use), verify checksums and close, for a
 * bounded time. Exits 1 on a corrupted stream, bytes left in use, or idle bytes over the cap; 2
 * on a JDK without virtual threads. The project's baseline is JDK 17, so this runs outside the
 * test suite: {@code benchmarks/run-virtual-threads.sh}.
 */
public final class VirtualThreadCheck {
    private VirtualThreadCheck() {}

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 3;
        ExecutorService executor;
        try {
            executor = (ExecutorService)
                    Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            System.err.println("virtual threads need JDK 21 or newer; this is " + Runtime.version());
            System.exit(2);
            return;
        }
        BufferPool pool = BufferPool.builder().maxIdleBytes(4 << 20).build();
        AtomicLong operations = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        try {
            for (int t = 0; t < threads; t++) {
                executor.submit(() -> {
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    while (System.nanoTime() < end) {
                        byte[] data = new byte[random.nextInt(20_000)];
                        random.nextBytes(data);
                        CRC32 expected = new CRC32();
                        expected.update(data);
                        try (RecyclableOutputStream out = pool.newStream()) {
                            out.write(data);
                            Thread.yield();
                            CRC32 actual = new CRC32();
                            out.forEachSegment(actual::update);
                            if (actual.getValue() != expected.getValue()) {
                                failures.incrementAndGet();
                            }
                        } catch (Exception e) {
                            failures.incrementAndGet();
                        }
                        operations.incrementAndGet();
                    }
                    return null;
                });
            }
        } finally {
            executor.shutdown();
            if (!executor.awaitTermination(seconds + 60, java.util.concurrent.TimeUnit.SECONDS)) {
                System.out.println("FAIL: virtual threads did not finish");
                System.exit(1);
            }
        }
        PoolStats stats = pool.stats();
        System.out.println(Runtime.version() + ": " + threads + " virtual threads, " + operations + " streams, "
                + failures + " failures; " + stats);
        boolean ok = failures.get() == 0
                && stats.bytesInUse() == 0
                && stats.bytesIdle() <= pool.maxIdleBytes()
                && operations.get() > 0;
        System.out.println(ok ? "PASS" : "FAIL");
        System.exit(ok ? 0 : 1);
    }
}
