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

import java.time.Duration;
import java.util.Objects;

/**
 * The one conversion of every {@link Duration} this module's API takes (command timeouts, connect and reply
 * timeouts, keepalive intervals, idle timeouts, the waits of a run or a launched command, a transfer's idle
 * timeout), so that each means the same at its extremes:
 * <ul>
 *   <li>negative: refused with {@link IllegalArgumentException} by the setter, before anything is sent
 *       ({@link #check});</li>
 *   <li>longer than a {@code long} of nanoseconds holds (about 292 years, {@code ChronoUnit.FOREVER},
 *       {@code Duration.ofSeconds(Long.MAX_VALUE)}): {@link #UNLIMITED}, no limit, never an
 *       {@link ArithmeticException} ({@link #toNanos});</li>
 *   <li>in sshj's {@code int} millisecond settings, where 0 means none: zero and anything past
 *       {@code Integer.MAX_VALUE} ms (about 24 days) are 0, and a positive value never rounds down to 0
 *       ({@link #toSshjMillis}).</li>
 * </ul>
 * Deadlines are {@link System#nanoTime()} values compared by difference; {@link #NO_DEADLINE} is the one that
 * never comes ({@link #deadline}, {@link #nanosLeft}).
 */
public final class Durations {

    /** {@link #toNanos} of a duration too long to count: no limit. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    /** A deadline that never passes: what {@link #deadline} returns for {@link #UNLIMITED}. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    private Durations() {}

    /**
     * Checks a duration a caller hands the API.
     *
     * @param what the setting's name, for the message
     * @return {@code d}
     * @throws NullPointerException     if {@code d} is null
     * @throws IllegalArgumentException if {@code d} is negative
     */
    public static Duration check(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative()) {
            throw new IllegalArgumentException(what + " must not be negative: " + d);
        }
        return d;
    }

    /** Nanoseconds of a checked duration; {@link #UNLIMITED} for one too long to count. */
    public static long toNanos(Duration d) {
        long seconds = d.getSeconds();
        if (seconds >= UNLIMITED / 1_000_000_000L) {
            return UNLIMITED; // within a second of the largest long: nothing is waited that long
        }
        return seconds * 1_000_000_000L + d.getNano();
    }

    /** Whether {@code d} is too long to count: a limit that never applies. */
    public static boolean isUnlimited(Duration d) {
        return toNanos(d) == UNLIMITED;
    }

    /**
     * Milliseconds for sshj's {@code int} timeouts, which take 0 for none: zero and durations past
     * {@code Integer.MAX_VALUE} ms give 0, any other positive duration at least 1 (never 0 by rounding down).
     */
    public static int toSshjMillis(Duration d) {
        long nanos = toNanos(d);
        if (nanos == 0) {
            return 0;
        }
        long millis = (nanos + 999_999) / 1_000_000; // rounded up; cannot overflow below UNLIMITED
        return millis > Integer.MAX_VALUE || nanos == UNLIMITED ? 0 : (int) millis;
    }

    /** The {@link System#nanoTime()} at which {@code nanos} from now have passed; {@link #NO_DEADLINE} if unlimited. */
    public static long deadline(long nanos) {
        return nanos == UNLIMITED ? NO_DEADLINE : System.nanoTime() + nanos;
    }

    /**
     * Nanoseconds until {@code deadline} (0 or less: passed); {@link #UNLIMITED} for {@link #NO_DEADLINE}. Any
     * other deadline is compared by difference, so it works wherever {@code nanoTime} starts.
     */
    public static long nanosLeft(long deadline) {
        return deadline == NO_DEADLINE ? UNLIMITED : deadline - System.nanoTime();
    }
}
