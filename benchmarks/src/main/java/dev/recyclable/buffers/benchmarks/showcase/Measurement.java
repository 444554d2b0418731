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

import java.util.Arrays;

/**
 * What one way of doing a job cost, per operation: the median over several measured rounds (after
 * warm-up), with the range of the rounds around it, so that a reader sees how far one run can be
 * trusted.
 *
 * @param label      who did it, e.g. {@code "ByteArrayOutputStream"}
 * @param bytesPerOp bytes allocated on the heap per operation, over all rounds
 * @param nanosPerOp median over the rounds of the wall-clock time per operation
 * @param nanosLow   the low end of the range: from five rounds up, the second-fastest round (one
 *                   outlier each way is dropped, as a garbage collection or a preempted time slice
 *                   would otherwise make every row look unquotable); below five, the fastest
 * @param nanosHigh  the high end: the second-slowest round from five rounds up, else the slowest
 * @param rounds     how many rounds were measured
 */
public record Measurement(
        String label, double bytesPerOp, double nanosPerOp, double nanosLow, double nanosHigh, int rounds) {

    /** A single-round measurement: its spread is unknown, reported as 0. */
    public Measurement(String label, double bytesPerOp, double nanosPerOp) {
        this(label, bytesPerOp, nanosPerOp, nanosPerOp, nanosPerOp, 1);
    }

    /** The median of the rounds' times per operation, with their range (one outlier each way dropped from five rounds up). */
    public static Measurement ofRounds(String label, double bytesPerOp, double[] nanosPerOpByRound) {
        if (nanosPerOpByRound.length == 0) {
            throw new IllegalArgumentException("no rounds measured for " + label);
        }
        double[] sorted = nanosPerOpByRound.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        int trim = sorted.length >= 5 ? 1 : 0;
        return new Measurement(
                label, bytesPerOp, median, sorted[trim], sorted[sorted.length - 1 - trim], sorted.length);
    }

    /**
     * How far the rounds strayed from the median, as a fraction of it: the larger of
     * ({@code nanosHigh} - median) and (median - {@code nanosLow}), divided by the median. 0.1 reads "±10%".
     */
    public double spread() {
        if (nanosPerOp <= 0) {
            return 0;
        }
        return Math.max(nanosHigh - nanosPerOp, nanosPerOp - nanosLow) / nanosPerOp;
    }
}
