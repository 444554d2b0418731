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
package dev.recyclable.buffers.benchmarks.ssh.fanout;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;

/** Peak heap of a measured run: the sum of the heap pools' peak usage (live data plus garbage) since {@link #reset}. */
final class HeapPeaks {

    private final List<MemoryPoolMXBean> pools = new ArrayList<>();

    private HeapPeaks() {}

    /** Resets every heap pool's peak and starts measuring. */
    static HeapPeaks reset() {
        HeapPeaks peaks = new HeapPeaks();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peaks.pools.add(pool);
                pool.resetPeakUsage();
            }
        }
        return peaks;
    }

    long peakBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : pools) {
            sum += pool.getPeakUsage().getUsed();
        }
        return sum;
    }
}
