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
package dev.recyclable.buffers.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings every benchmark class starts from: average time in microseconds, state per
 * thread, 5 warm-up and 5 measured iterations of 1 s, one fork with a pre-touched 2 GiB heap and
 * Netty's leak detection off. JMH (1.37) takes each attribute of these annotations from the
 * nearest class up the hierarchy that sets it, so a benchmark extends this class and annotates
 * only what differs: {@code @Measurement(time = 2)} keeps the 5 iterations, {@code @Fork(3)}
 * keeps the flags. A list of flags is replaced, not added to: a {@code jvmArgsAppend} of a
 * subclass names all its flags, from the constants here.
 *
 * <p>Why the flags: a fixed, pre-touched heap, because the first touch of fresh heap costs about
 * 2 ms per MB on the machines this was written on and would punish the contenders that allocate for
 * the operating system's page faults rather than for their own work; Netty's leak detection off, so
 * that its sampling of buffers is not part of a Netty contender's cost; and the export agrona 2.x
 * needs to load {@code UnsafeBuffer} at all (the core benchmarks only).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {
            JmhDefaults.HEAP_MIN,
            JmhDefaults.HEAP_MAX,
            JmhDefaults.PRE_TOUCH,
            JmhDefaults.NETTY_LEAK_DETECTION_OFF
        })
public abstract class JmhDefaults {
    public static final String HEAP_MIN = "-Xms2g";
    public static final String HEAP_MAX = "-Xmx2g";
    public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    public static final String NETTY_LEAK_DETECTION_OFF = "-Dio.netty.leakDetection.level=disabled";
    public static final String ADD_EXPORTS = "--add-exports";
    public static final String AGRONA_EXPORT = "java.base/jdk.internal.misc=ALL-UNNAMED";

    protected JmhDefaults() {}
}
