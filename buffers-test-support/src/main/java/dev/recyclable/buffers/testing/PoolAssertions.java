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
package dev.recyclable.buffers.testing;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.PoolStats;
import java.time.Duration;
import org.opentest4j.AssertionFailedError;

/** Assertions about a {@link BufferPool} at the end of a test. */
public final class PoolAssertions {
    /** How long releases still in flight on other threads (I/O threads, callbacks) may take. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(5);

    private PoolAssertions() {}

    /**
     * Fails unless the pool has no bytes in use, waiting up to {@link #DEFAULT_GRACE} for
     * releases that other threads are still performing. The failure says who holds the bytes, as
     * far as the pool's leak detection knows ({@link BufferPool#describeHolders()}: build the pool
     * with {@code LeakDetection.DETAILED} to see every stream with where it was created).
     */
    public static void assertNothingInUse(BufferPool pool) {
        assertNothingInUse(pool, DEFAULT_GRACE);
    }

    /** Fails unless the pool has no bytes in use within {@code grace}; the failure says who holds them. */
    public static void assertNothingInUse(BufferPool pool, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        PoolStats stats = pool.stats();
        while (stats.bytesInUse() != 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            stats = pool.stats();
        }
        if (stats.bytesInUse() != 0) {
            throw new AssertionFailedError(
                    "pool still has " + stats.bytesInUse()
                            + " bytes in use after " + grace.toMillis()
                            + " ms: a stream, view or contiguous copy was not closed; "
                            + stats + "\n" + pool.describeHolders(),
                    0L,
                    stats.bytesInUse());
        }
    }

    /** Fails unless the pool's idle bytes respect its cap. */
    public static void assertIdleWithinCap(BufferPool pool) {
        PoolStats stats = pool.stats();
        if (stats.bytesIdle() > pool.maxIdleBytes()) {
            throw new AssertionFailedError("pool keeps " + stats.bytesIdle() + " idle bytes, over its cap of "
                    + pool.maxIdleBytes() + ": " + stats);
        }
    }
}
