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

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one timer thread of the body timeouts ({@link RecyclableBodyHandler#withTimeout}), started
 * on first use. A timeout is cancelled as its body completes and then leaves the queue at once, so
 * that long timeouts over many short bodies do not pile up.
 */
final class BodyTimeouts {
    private BodyTimeouts() {}

    private static final class Timer {
        static final ScheduledThreadPoolExecutor EXECUTOR = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, task -> {
                Thread t = new Thread(task, "recyclable-http-body-timeouts");
                t.setDaemon(true);
                return t;
            });
            executor.setRemoveOnCancelPolicy(true);
            return executor;
        }
    }

    /** Runs {@code task} after {@code nanos} on the timer thread; cancel the result when it is no longer needed. */
    static ScheduledFuture<?> schedule(Runnable task, long nanos) {
        return Timer.EXECUTOR.schedule(task, nanos, TimeUnit.NANOSECONDS);
    }
}
