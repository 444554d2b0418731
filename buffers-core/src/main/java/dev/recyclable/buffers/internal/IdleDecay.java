package dev.recyclable.buffers.internal;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs each pool's idle-memory decay on one shared daemon thread. A pool is held weakly, so a
 * pool that is no longer used is collected and its task stops.
 */
public final class IdleDecay {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "recyclable-buffers-decay");
        thread.setDaemon(true);
        return thread;
    });

    private IdleDecay() {
    }

    /** Calls {@code decay} on {@code pool} every {@code period} while the pool is reachable. */
    public static <P> void schedule(P pool, Duration period, Consumer<P> decay) {
        WeakReference<P> ref = new WeakReference<>(pool);
        long nanos = period.toNanos();
        TIMER.scheduleAtFixedRate(() -> {
            P target = ref.get();
            if (target == null) {
                // a periodic task that throws is never run again: the executor drops it
                throw new CancellationException("pool collected");
            }
            decay.accept(target);
        }, nanos, nanos, TimeUnit.NANOSECONDS);
    }
}
