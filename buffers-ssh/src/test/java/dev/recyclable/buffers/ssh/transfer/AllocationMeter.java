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
package dev.recyclable.buffers.ssh.transfer;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * Heap bytes allocated by all live threads between {@link #start()} and {@link #stop()} (HotSpot's per-thread
 * allocation counters). Threads that die in between are not counted: keep connections open until stopped.
 *
 * <p>Reached by reflection: the module under test does not read {@code java.management}, and its descriptor
 * should not grow a dependency for a test helper.
 */
final class AllocationMeter {

    private final Object threads;
    private final Method allThreadIds;
    private final Method allocatedBytes;
    private final Method currentAllocatedBytes;
    private final Map<Long, Long> before = new HashMap<>();

    AllocationMeter() {
        try {
            threads = Class.forName("java.lang.management.ManagementFactory")
                    .getMethod("getThreadMXBean")
                    .invoke(null);
            Class<?> api = Class.forName("com.sun.management.ThreadMXBean");
            allThreadIds = api.getMethod("getAllThreadIds");
            allocatedBytes = api.getMethod("getThreadAllocatedBytes", long.class);
            currentAllocatedBytes = api.getMethod("getCurrentThreadAllocatedBytes");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("HotSpot's com.sun.management.ThreadMXBean is needed", e);
        }
    }

    void start() {
        before.clear();
        for (long id : ids()) {
            before.put(id, allocated(id));
        }
    }

    /** Bytes allocated so far by the calling thread. */
    long currentThread() {
        try {
            return (long) currentAllocatedBytes.invoke(threads);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    long stop() {
        long total = 0;
        for (long id : ids()) {
            long now = allocated(id);
            if (now > 0) {
                total += now - before.getOrDefault(id, 0L);
            }
        }
        return total;
    }

    private long[] ids() {
        try {
            return (long[]) allThreadIds.invoke(threads);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private long allocated(long id) {
        try {
            return (long) allocatedBytes.invoke(threads, id);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
