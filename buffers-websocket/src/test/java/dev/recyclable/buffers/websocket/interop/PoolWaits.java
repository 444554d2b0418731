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
package dev.recyclable.buffers.websocket.interop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import java.util.concurrent.TimeUnit;

/** Waits for a peer's bytes to land in a pool: the interop tests' "the fragment is held" before they end a connection. */
final class PoolWaits {
    private PoolWaits() {}

    /** Waits (at most 10 s) until {@code pool} has at least {@code atLeast} bytes in use; fails otherwise. */
    static void awaitInUse(BufferPool pool, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pool.stats().bytesInUse() < atLeast && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertTrue(pool.stats().bytesInUse() >= atLeast, "the peer's bytes are held: " + pool.stats());
    }
}
