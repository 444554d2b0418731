package dev.recyclable.buffers.ssh.transfer;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * Heap bytes allocated by all live threads between {@link #start()} and {@link #stop()} (HotSpot's per-thread
 * allocation counters). Threads that die in between are not counted: keep connections open until stopped.
 */
final class AllocationMeter {

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> before = new HashMap<>();

    void start() {
        before.clear();
        for (long id : threads.getAllThreadIds()) {
            before.put(id, threads.getThreadAllocatedBytes(id));
        }
    }

    /** Bytes allocated so far by the calling thread. */
    long currentThread() {
        return threads.getCurrentThreadAllocatedBytes();
    }

    long stop() {
        long total = 0;
        for (long id : threads.getAllThreadIds()) {
            long now = threads.getThreadAllocatedBytes(id);
            if (now > 0) {
                total += now - before.getOrDefault(id, 0L);
            }
        }
        return total;
    }
}
