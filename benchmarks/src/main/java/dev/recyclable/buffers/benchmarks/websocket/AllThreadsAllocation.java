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

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated on the heap by every thread of this JVM, summed from HotSpot's per-thread
 * counters ({@code com.sun.management.ThreadMXBean}). A WebSocket message crosses threads (the
 * Netty event loop, the JDK client's selector and executor), so a per-thread counter on the
 * measuring thread would miss most of it. Threads that end between two readings take their
 * counts with them; the showcase's connections keep theirs alive while it measures.
 */
final class AllThreadsAllocation {
    private final com.sun.management.ThreadMXBean threads;

    AllThreadsAllocation() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM does not count allocated bytes per thread");
        }
        threads = sun;
        threads.setThreadAllocatedMemoryEnabled(true);
    }

    /** The sum over all live threads; compare two readings to get what happened in between. */
    long allocatedBytes() {
        long total = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            if (bytes > 0) { // -1: the thread ended between listing and reading
                total += bytes;
            }
        }
        return total;
    }
}
