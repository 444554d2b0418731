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
package dev.recyclable.buffers.benchmarks.showcase;

/**
 * One line of the showcase table: the same job done the usual way and our way.
 *
 * @param scenario what the job was, e.g. {@code "1 MiB in 4 KiB writes"}
 * @param usual    the way a user would do it without us
 * @param ours     the same job with Recyclable Buffers
 */
public record ComparisonRow(String scenario, Measurement usual, Measurement ours) {
    /**
     * Beyond this spread of the speed-up a row is marked as not quotable. Run to run, JMH's own quick
     * cells move by up to about 20% on these shared machines (BENCHMARKS.md), so a showcase ratio that
     * wanders further than that says more about the machine at that moment than about the code.
     */
    public static final double MAX_QUOTABLE_SPREAD = 0.20;

    /** Usual time over our time: above 1, ours is faster. */
    public double speedUp() {
        return usual.nanosPerOp() / ours.nanosPerOp();
    }

    /** The speed-up's own spread: the two measurements' spreads add up in a ratio. */
    public double speedUpSpread() {
        return usual.spread() + ours.spread();
    }

    /** Whether the speed-up is steady enough to quote (see {@link #MAX_QUOTABLE_SPREAD}). */
    public boolean quotable() {
        return speedUpSpread() <= MAX_QUOTABLE_SPREAD;
    }
}
