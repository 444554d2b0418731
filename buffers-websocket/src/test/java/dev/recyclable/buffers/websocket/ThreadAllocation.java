package dev.recyclable.buffers.websocket;

import java.lang.reflect.Method;

/**
 * Heap bytes the calling thread has allocated so far (HotSpot's per-thread counter), reached by
 * reflection because the module under test does not read {@code java.management}. One reading
 * allocates a few bytes itself (boxing), so measure many operations between two readings.
 */
public final class ThreadAllocation {
    private static final Object THREADS;
    private static final Method CURRENT;

    static {
        try {
            THREADS = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            CURRENT = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ThreadAllocation() {
    }

    public static long current() {
        try {
            return (long) CURRENT.invoke(THREADS);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("HotSpot's com.sun.management.ThreadMXBean is needed", e);
        }
    }
}
