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
package dev.recyclable.buffers.http.testing;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.PoolStats;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.function.Executable;

/** What tests of failing exchanges share: unique request marks, the caller's exception, waiting on a pool. */
public final class Outcomes {
    private static final AtomicLong MARKS = new AtomicLong();

    private Outcomes() {}

    /** A query parameter that makes a request's lines in the peer's log its own. */
    public static String mark() {
        return "t=" + MARKS.incrementAndGet();
    }

    /**
     * Runs {@code send}, which must throw an IOException (as {@code HttpClient.send} does) whose cause,
     * or which itself, is a {@code type}; returns that.
     */
    public static <T extends Throwable> T sendFailsWith(Class<T> type, Executable send) {
        Throwable thrown;
        try {
            send.execute();
            throw new AssertionError("the exchange succeeded; expected " + type.getSimpleName());
        } catch (Throwable t) {
            thrown = t;
        }
        if (type.isInstance(thrown)) {
            return type.cast(thrown);
        }
        assertInstanceOf(IOException.class, thrown, "what send throws");
        return assertInstanceOf(type, thrown.getCause(), () -> "the cause of " + thrown);
    }

    /** Waits up to 10 s for the pool's bytes in use to satisfy {@code condition}. */
    public static PoolStats awaitInUse(BufferPool pool, LongPredicate condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        PoolStats stats = pool.stats();
        while (!condition.test(stats.bytesInUse())) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the pool's bytes in use never met the condition: " + stats);
            }
            Thread.sleep(5);
            stats = pool.stats();
        }
        return stats;
    }
}
