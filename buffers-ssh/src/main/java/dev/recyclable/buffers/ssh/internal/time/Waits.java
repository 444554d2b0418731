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
package dev.recyclable.buffers.ssh.internal.time;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The two ways this module waits for a future with a bound in nanoseconds from {@link Durations}: a caller's wait,
 * which an interrupt ends ({@link #get}), and the wait for a stop to be seen through, which it does not
 * ({@link #awaitKeepingInterrupt}).
 */
public final class Waits {

    /**
     * How long this module lets a server confirm a stop (a kill and close, an upload's shell cleaning up) before it
     * stops waiting. The remote side ends whether or not we wait; waiting lets the caller find it done.
     */
    public static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(5);

    private Waits() {}

    /**
     * {@code future.get()}, at most {@code nanos} ({@link Durations#UNLIMITED}: without a limit; 0 or less: only
     * if it is done).
     */
    public static <T> T get(Future<T> future, long nanos)
            throws InterruptedException, ExecutionException, TimeoutException {
        return nanos == Durations.UNLIMITED ? future.get() : future.get(Math.max(0, nanos), TimeUnit.NANOSECONDS);
    }

    /**
     * Waits until {@code future} is done (normally or not), at most {@code nanos}, even if the thread is
     * interrupted: a stop is seen through before the caller moves on. The interrupt stays set.
     *
     * @return whether it is done
     */
    public static boolean awaitKeepingInterrupt(Future<?> future, long nanos) {
        boolean interrupted = Thread.interrupted();
        long deadline = Durations.deadline(nanos);
        try {
            while (true) {
                try {
                    get(future, Durations.nanosLeft(deadline));
                    return true;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    return true;
                } catch (TimeoutException e) {
                    return false;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
