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
package dev.recyclable.buffers.benchmarks.websocket;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.benchmarks.JmhDefaults;

/**
 * The in-process WebSocket benchmarks (no socket, one thread), with the settings of
 * {@link JmhDefaults} as they are (a subclass may give its own {@code @Fork}); each trial's pool
 * must have every lease back when it ends ({@link #assertDrained}).
 */
public abstract class InProcessBenchmark extends JmhDefaults {
    /** Throws if {@code pool} still has bytes in use: a leak the trial's results must not hide. */
    static void assertDrained(BufferPool pool) {
        if (pool.stats().bytesInUse() != 0) {
            throw new IllegalStateException("pool leak: " + pool.stats());
        }
    }
}
