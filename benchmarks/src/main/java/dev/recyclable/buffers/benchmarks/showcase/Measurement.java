package dev.recyclable.buffers.benchmarks.showcase;

import java.util.Arrays;

/**
 * What one way of doing a job cost, per operation: the median over several measured rounds (after
 * warm-up), with the fastest and slowest round, so that a reader sees how far one run can be trusted.
 *
 * @param label      who did it, e.g. {@code "ByteArrayOutputStream"}
 * @param bytesPerOp bytes allocated on the heap per operation, over all rounds
 * @param nanosPerOp median over the rounds of the wall-clock time per operation
 * @param nanosLow   the fastest round's time per operation
 * @param nanosHigh  the slowest round's time per operation
 * @param rounds     how many rounds were measured
 */
public record Measurement(String label, double bytesPerOp, double nanosPerOp, double nanosLow, double nanosHigh,
                          int rounds) {

    /** A single-round measurement: its spread is unknown, reported as 0. */
    public Measurement(String label, double bytesPerOp, double nanosPerOp) {
        this(label, bytesPerOp, nanosPerOp, nanosPerOp, nanosPerOp, 1);
    }

    /** The median of the rounds' times per operation, with their range. */
    public static Measurement ofRounds(String label, double bytesPerOp, double[] nanosPerOpByRound) {
        if (nanosPerOpByRound.length == 0) {
            throw new IllegalArgumentException("no rounds measured for " + label);
        }
        double[] sorted = nanosPerOpByRound.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        return new Measurement(label, bytesPerOp, median, sorted[0], sorted[sorted.length - 1], sorted.length);
    }

    /**
     * How far the rounds strayed from the median, as a fraction of it: the larger of
     * (slowest - median) and (median - fastest), divided by the median. 0.1 reads "±10%".
     */
    public double spread() {
        if (nanosPerOp <= 0) {
            return 0;
        }
        return Math.max(nanosHigh - nanosPerOp, nanosPerOp - nanosLow) / nanosPerOp;
    }
}
