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
package dev.recyclable.buffers.http.client;

import java.lang.reflect.Method;

/**
 * Heap bytes the calling thread has allocated so far (HotSpot's per-thread counter), reached by
 * reflection because the module under test does not read {@code java.management}.
 */
final class ThreadAllocation {
    private static final Object THREADS;
    private static final Method CURRENT;

    static {
        try {
            THREADS = Class.forName("java.lang.management.ManagementFactory")
                    .getMethod("getThreadMXBean")
                    .invoke(null);
            CURRENT = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ThreadAllocation() {}

    static long bytes() {
        try {
            return (long) CURRENT.invoke(THREADS);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("HotSpot's com.sun.management.ThreadMXBean is needed", e);
        }
    }
}
