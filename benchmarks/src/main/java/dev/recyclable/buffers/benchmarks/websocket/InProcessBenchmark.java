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

import dev.recyclable.buffers.BufferPool;
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
 * The JMH set-up of the in-process WebSocket benchmarks (no socket, one thread): average time in
 * microseconds, 5 x 1 s of warm-up and of measurement, one fork with a pre-touched 2 GiB heap and
 * Netty's leak detection off (a subclass may give its own {@code @Fork}); each trial's pool must
 * have every lease back when it ends ({@link #assertDrained}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-Dio.netty.leakDetection.level=disabled"})
public abstract class InProcessBenchmark {
    /** Throws if {@code pool} still has bytes in use: a leak the trial's results must not hide. */
    static void assertDrained(BufferPool pool) {
        if (pool.stats().bytesInUse() != 0) {
            throw new IllegalStateException("pool leak: " + pool.stats());
        }
    }
}
