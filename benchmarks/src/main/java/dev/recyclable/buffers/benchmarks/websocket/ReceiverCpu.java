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
package dev.recyclable.buffers.benchmarks.websocket;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The receiver's CPU per message: CPU time of every thread of this JVM except the benchmark
 * thread (which only asks the peer and waits), per message received, over one iteration. Time
 * per message says how fast the receiver got its messages, which a slower peer can set; this
 * says what receiving them cost, whatever the peer's pace. It covers the transport's threads
 * (Netty's event loop, the JDK client's selector and executor) and the JVM's own (GC, JIT).
 *
 * <p>Read at iteration boundaries only, so the measured operations allocate nothing for it.
 * Threads are listed when the iteration starts; one that starts later is not counted (the
 * transports' threads all exist after the warm-up iterations).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ReceiverCpu {
    /** CPU nanoseconds per message over the last iteration: the secondary result JMH reports. */
    public double cpuNanosPerMessage;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long[] measured;
    private long[] startNanos;
    private long messages;

    @Setup(Level.Iteration)
    public void start() {
        if (!threads.isThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM does not measure CPU time per thread");
        }
        threads.setThreadCpuTimeEnabled(true);
        long self = Thread.currentThread().getId();
        measured = Arrays.stream(threads.getAllThreadIds())
                .filter(id -> id != self)
                .toArray();
        startNanos = new long[measured.length];
        for (int i = 0; i < measured.length; i++) {
            startNanos[i] = threads.getThreadCpuTime(measured[i]);
        }
        messages = 0;
    }

    /** Counts messages received in the iteration. */
    void received(int count) {
        messages += count;
    }

    @TearDown(Level.Iteration)
    public void stop() {
        long total = 0;
        for (int i = 0; i < measured.length; i++) {
            long end = threads.getThreadCpuTime(measured[i]);
            if (end >= 0 && startNanos[i] >= 0) { // -1: the thread ended (its time is lost)
                total += end - startNanos[i];
            }
        }
        cpuNanosPerMessage = messages == 0 ? 0 : (double) total / messages;
    }
}
