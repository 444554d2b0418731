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
package dev.recyclable.buffers;

import java.util.concurrent.ThreadLocalRandom;

/**
 * How closely the pool watches for streams that become unreachable without {@code close()}.
 *
 * <p>A tracked stream costs one {@link java.lang.ref.Cleaner} registration (about 100 bytes);
 * an untracked one costs nothing. Either way the chunks of a tracked leaked stream return to
 * the pool and the leak is reported to the listener and as a JFR event.
 */
public enum LeakDetection {
    /** No tracking: a stream that is never closed loses its chunks to the garbage collector. */
    DISABLED,
    /** One stream (or contiguous copy) in {@value #SAMPLING_INTERVAL}, picked at random, is tracked (the default). */
    SAMPLED,
    /** Every stream is tracked. */
    ALL,
    /** Every stream is tracked and remembers the stack that created it, for the report. */
    DETAILED;

    /** With {@link #SAMPLED}, one stream in this many is tracked. */
    public static final int SAMPLING_INTERVAL = 128;

    /** Whether a new stream or contiguous copy is watched at this level. */
    boolean picksNext() {
        // the sampled level is the common one: test it first, without a switch's table lookup
        if (this == SAMPLED) {
            return (ThreadLocalRandom.current().nextInt() & (SAMPLING_INTERVAL - 1)) == 0;
        }
        return this != DISABLED;
    }
}
