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
package dev.recyclable.buffers.benchmarks.http;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.Arrays;

/**
 * Heap bytes allocated by every thread of this JVM except an in-process server's, summed from HotSpot's
 * per-thread counters: an HTTP exchange crosses the client's selector thread and its executor, so the
 * calling thread alone would miss most of it, and the server's threads are not the client's cost. The server's
 * threads are named once, when this is made (start the server and all its threads first); a reading then
 * allocates only two small arrays. Threads that end between two readings take their counts with them; the
 * showcase's client keeps its threads alive while it measures.
 */
final class ClientThreadsAllocation {
    private final com.sun.management.ThreadMXBean threads;
    /** The server's thread ids, sorted. */
    private final long[] serverThreads;

    ClientThreadsAllocation(String... serverThreadPrefixes) {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM does not count allocated bytes per thread");
        }
        threads = sun;
        threads.setThreadAllocatedMemoryEnabled(true);
        serverThreads = Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds(), 0))
                .filter(info ->
                        info != null && Arrays.stream(serverThreadPrefixes).anyMatch(info.getThreadName()::startsWith))
                .mapToLong(ThreadInfo::getThreadId)
                .sorted()
                .toArray();
    }

    /** How many server threads were found (a check that the prefixes name them). */
    int serverThreadCount() {
        return serverThreads.length;
    }

    /** The sum over all live threads but the server's; compare two readings to get what happened in between. */
    long allocatedBytes() {
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        long total = 0;
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] > 0 && Arrays.binarySearch(serverThreads, ids[i]) < 0) {
                total += bytes[i];
            }
        }
        return total;
    }
}
