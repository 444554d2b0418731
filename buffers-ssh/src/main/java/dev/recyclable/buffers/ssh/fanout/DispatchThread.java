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
package dev.recyclable.buffers.ssh.fanout;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The fan-out's single dispatch thread, as the other threads see it: every change to the {@link Scheduler}'s books
 * is posted here, so that the books need no locks. A step that throws is logged and does not kill the thread (nor
 * cancel a periodic step); once the executor is closed, a posted step runs its {@code ifClosed} alternative on the
 * poster's thread instead.
 */
final class DispatchThread {

    private final ScheduledExecutorService dispatch;

    DispatchThread(ScheduledExecutorService dispatch) {
        this.dispatch = dispatch;
    }

    void post(Runnable action) {
        post(action, () -> {});
    }

    /** Runs {@code action} on the dispatch thread, or {@code ifClosed} here if the executor is gone. */
    void post(Runnable action, Runnable ifClosed) {
        try {
            dispatch.execute(guarded(action));
        } catch (RejectedExecutionException e) {
            ifClosed.run();
        }
    }

    /** Runs {@code action} on the dispatch thread after {@code delayMs}; nothing once the executor is closed. */
    void schedule(Runnable action, long delayMs) {
        try {
            dispatch.schedule(guarded(action), delayMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException ignored) {
            // shut down
        }
    }

    /** Runs {@code action} on the dispatch thread after {@code delay}, cancellable (a command's timeout). */
    ScheduledFuture<?> scheduleCancellable(Runnable action, long delay, TimeUnit unit) {
        return dispatch.schedule(guarded(action), delay, unit);
    }

    void scheduleWithFixedDelay(Runnable action, long periodMs) {
        dispatch.scheduleWithFixedDelay(guarded(action), periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    /** Hands {@code action} to a connector or launcher pool, or runs {@code ifRejected} here once it is closed. */
    static void execute(ExecutorService pool, Runnable action, Runnable ifRejected) {
        try {
            pool.execute(action);
        } catch (RejectedExecutionException e) {
            ifRejected.run();
        }
    }

    /** A failing step is logged; it must not kill the dispatch thread nor cancel a periodic task. */
    private static Runnable guarded(Runnable action) {
        return () -> {
            try {
                action.run();
            } catch (RuntimeException | Error e) {
                FanoutExecutor.LOG.log(System.Logger.Level.ERROR, "fan-out dispatch step failed", e);
            }
        };
    }
}
