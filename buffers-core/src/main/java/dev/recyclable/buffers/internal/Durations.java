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

import java.time.Duration;

/**
 * The one conversion of every {@link Duration} the core accepts: to nanoseconds, saturating
 * instead of overflowing, so that a period too long to count in a {@code long} of nanoseconds
 * (about 292 years; {@code ChronoUnit.FOREVER.getDuration()} among them) reads as
 * {@link Long#MAX_VALUE}, which callers take for "never", and never as an
 * {@link ArithmeticException}.
 */
public final class Durations {
    private Durations() {}

    /** {@code d} in nanoseconds, or {@link Long#MAX_VALUE} / {@link Long#MIN_VALUE} where that does not fit. */
    public static long toNanosSaturated(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
