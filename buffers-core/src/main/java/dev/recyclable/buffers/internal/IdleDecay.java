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
package dev.recyclable.buffers.internal;

import java.lang.ref.WeakReference;
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

    private IdleDecay() {}

    /**
     * Calls {@code decay} on {@code pool} every {@code periodNanos} while the pool is reachable;
     * {@link Long#MAX_VALUE} (a period too long to count, see {@link Durations}) means never.
     */
    public static <P> void schedule(P pool, long periodNanos, Consumer<P> decay) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("the decay period must be positive: " + periodNanos + " ns");
        }
        if (periodNanos == Long.MAX_VALUE) {
            return; // about 292 years or more: never
        }
        WeakReference<P> ref = new WeakReference<>(pool);
        long nanos = periodNanos;
        TIMER.scheduleAtFixedRate(
                () -> {
                    P target = ref.get();
                    if (target == null) {
                        // a periodic task that throws is never run again: the executor drops it
                        throw new CancellationException("pool collected");
                    }
                    decay.accept(target);
                },
                nanos,
                nanos,
                TimeUnit.NANOSECONDS);
    }
}
