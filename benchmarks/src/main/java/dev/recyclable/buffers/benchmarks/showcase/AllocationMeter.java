package dev.recyclable.buffers.benchmarks.showcase;

import java.lang.management.ManagementFactory;

/**
 * Measures bytes allocated and time per operation on the calling thread, with HotSpot's per-thread
 * allocation counter ({@code com.sun.management.ThreadMXBean}), the same counter JMH's
 * {@code -prof gc} reads. Each measurement warms the operation up first, so the JIT has
 * compiled it before it is counted.
 */
public final class AllocationMeter {

    /** A job to repeat; it may throw, which aborts the measurement. */
    @FunctionalInterface
    public interface Operation {
        void run() throws Exception;
    }

    private final com.sun.management.ThreadMXBean threads;

    public AllocationMeter() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean)) {
            throw new IllegalStateException("this JVM has no per-thread allocation counter");
        }
        threads = (com.sun.management.ThreadMXBean) bean;
        if (!threads.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM does not support per-thread allocation counting");
        }
        threads.setThreadAllocatedMemoryEnabled(true);
    }

    /** Long enough for C2 to compile a small operation, short enough for a showcase. */
    private static final long WARM_UP_NANOS = 300_000_000L;
    /** Rounds per measurement: an odd count, so that the median is one round's own time. */
    public static final int ROUNDS = 7;

    /**
     * Warms up with at least {@code repetitions} runs and at least 300 ms of them (a quick
     * operation needs many runs before the JIT has compiled it), then measures about
     * {@code repetitions} runs split into {@link #ROUNDS} rounds (fewer when there are fewer
     * repetitions), and reports the median round with the fastest and slowest.
     */
    public Measurement measure(String label, int repetitions, Operation operation) throws Exception {
        return measureInterleaved(repetitions, new String[] {label}, new Operation[] {operation})[0];
    }

    /**
     * Measures two ways of doing the same job as {@link #measure} does, but with their rounds
     * interleaved (a round of one, a round of the other, ...), so that a burst of load from
     * elsewhere on the machine lands on both rather than on whichever happened to run then.
     *
     * @return the first way's measurement, then the second's
     */
    public Measurement[] measurePair(int repetitions, String firstLabel, Operation first, String secondLabel,
                                     Operation second) throws Exception {
        return measureInterleaved(repetitions, new String[] {firstLabel, secondLabel}, new Operation[] {first, second});
    }

    private Measurement[] measureInterleaved(int repetitions, String[] labels, Operation[] operations)
            throws Exception {
        for (Operation operation : operations) {
            long warmUpEnd = System.nanoTime() + WARM_UP_NANOS;
            for (int i = 0; i < repetitions || System.nanoTime() < warmUpEnd; i++) {
                operation.run();
            }
        }
        int rounds = Math.min(ROUNDS, repetitions);
        int runsPerRound = Math.max(1, repetitions / rounds);
        long threadId = Thread.currentThread().getId();
        double[][] nanosPerOp = new double[operations.length][rounds];
        long[] allocated = new long[operations.length];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < operations.length; k++) {
                Operation operation = operations[k];
                long bytesBefore = threads.getThreadAllocatedBytes(threadId);
                long start = System.nanoTime();
                for (int i = 0; i < runsPerRound; i++) {
                    operation.run();
                }
                nanosPerOp[k][r] = (double) (System.nanoTime() - start) / runsPerRound;
                allocated[k] += threads.getThreadAllocatedBytes(threadId) - bytesBefore;
            }
        }
        Measurement[] measured = new Measurement[operations.length];
        for (int k = 0; k < operations.length; k++) {
            measured[k] = Measurement.ofRounds(labels[k], (double) allocated[k] / ((long) rounds * runsPerRound),
                    nanosPerOp[k]);
        }
        return measured;
    }
}
