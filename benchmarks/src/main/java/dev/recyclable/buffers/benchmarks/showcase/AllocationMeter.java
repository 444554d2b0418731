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

    /** CPU time long enough for C2 to compile a small operation, short enough for a showcase. */
    private static final long WARM_UP_NANOS = 300_000_000L;
    /** However loaded the machine, a warm-up ends after this much wall time. */
    private static final long WARM_UP_WALL_LIMIT_NANOS = 1_500_000_000L;
    /** Rounds per measurement: an odd count, so that the median is one round's own time. */
    public static final int ROUNDS = 7;

    /**
     * Warms up with at least {@code repetitions} runs and at least 300 ms of CPU time of them (a
     * quick operation needs many runs before the JIT has compiled it), then measures about
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
    public Measurement[] measurePair(
            int repetitions, String firstLabel, Operation first, String secondLabel, Operation second)
            throws Exception {
        return measureInterleaved(repetitions, new String[] {firstLabel, secondLabel}, new Operation[] {first, second});
    }

    /**
     * Runs the operation at least {@code repetitions} times and for at least 300 ms of this thread's
     * CPU time, not wall time: on a loaded machine 300 ms of wall time can be a tenth of that on the
     * CPU, too little for the JIT to compile the operation. Then on until two batches of runs agree
     * within 10%. Bounded by {@link #WARM_UP_WALL_LIMIT_NANOS}.
     */
    private void warmUp(int repetitions, Operation operation) throws Exception {
        long cpuStart = threads.getCurrentThreadCpuTime();
        long wallEnd = System.nanoTime() + WARM_UP_WALL_LIMIT_NANOS;
        for (int i = 1; ; i++) {
            operation.run();
            // the clocks are system calls: read them every 64 runs, not around every quick one
            if (i >= repetitions
                    && (i & 63) == 0
                    && (threads.getCurrentThreadCpuTime() - cpuStart >= WARM_UP_NANOS || System.nanoTime() > wallEnd)) {
                break;
            }
        }
        // then until two batches in a row agree within 10%: on a loaded machine the JIT's threads may
        // still be compiling when this thread's 300 ms are up, and a round measured then is not steady
        int batch = Math.max(1, repetitions / ROUNDS);
        double previous = Double.NaN;
        while (System.nanoTime() < wallEnd) {
            long start = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                operation.run();
            }
            double perOp = (double) (System.nanoTime() - start) / batch;
            if (Math.abs(perOp - previous) <= 0.1 * Math.min(perOp, previous)) {
                return;
            }
            previous = perOp;
        }
    }

    private Measurement[] measureInterleaved(int repetitions, String[] labels, Operation[] operations)
            throws Exception {
        for (Operation operation : operations) {
            warmUp(repetitions, operation);
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
            measured[k] = Measurement.ofRounds(
                    labels[k], (double) allocated[k] / ((long) rounds * runsPerRound), nanosPerOp[k]);
        }
        return measured;
    }
}
