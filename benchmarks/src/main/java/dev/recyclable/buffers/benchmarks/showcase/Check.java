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
package dev.recyclable.buffers.benchmarks.showcase;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.PoolStats;

/**
 * A fact the showcase verifies; any failed check makes it exit non-zero.
 *
 * @param name   what was checked
 * @param passed whether it held
 * @param detail the measured value or the reason it failed
 */
public record Check(String name, boolean passed, String detail) {

    public static Check of(String name, boolean passed, String detail) {
        return new Check(name, passed, detail);
    }

    /**
     * That {@code pool} has no bytes in use; when it has, the detail says who holds them, as far
     * as the pool's leak detection knows ({@link BufferPool#describeHolders()}), and the leaks.
     */
    public static Check nothingInUse(String name, BufferPool pool) {
        PoolStats stats = pool.stats();
        String detail = stats.bytesInUse() + " bytes in use, " + stats.leaks() + " leaks";
        return stats.bytesInUse() == 0
                ? new Check(name, true, detail)
                : new Check(name, false, detail + "; " + pool.describeHolders());
    }
}
