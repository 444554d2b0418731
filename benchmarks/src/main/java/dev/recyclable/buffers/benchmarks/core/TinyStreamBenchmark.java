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
package dev.recyclable.buffers.benchmarks.core;

import dev.recyclable.buffers.BufferPool;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Per-stream fixed cost: create a stream, write 16 bytes, consume them, close it. Real programs
 * make many small streams (a header, a short message), and this is where a pool's bookkeeping can
 * cost more than the garbage it saves.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 3,
        jvmArgsAppend = {
            ForkedJvm.HEAP_MIN,
            ForkedJvm.HEAP_MAX,
            ForkedJvm.PRE_TOUCH,
            ForkedJvm.ADD_EXPORTS,
            ForkedJvm.AGRONA_EXPORT
        })
public class TinyStreamBenchmark {
    private static final int TINY = 16;

    private final byte[] piece = new byte[TINY];
    private DiscardingOutputStream sink;
    private BufferPool pool;

    @Setup
    public void setUp() {
        for (int i = 0; i < TINY; i++) {
            piece[i] = (byte) ('a' + i);
        }
        sink = new DiscardingOutputStream();
        pool = BufferPool.shared();
    }

    @Benchmark
    public long recyclable() throws IOException {
        return Contenders.recyclable(pool, piece, TINY, TINY, sink);
    }

    @Benchmark
    public long baosWriteTo() throws IOException {
        return Contenders.baosWriteTo(piece, TINY, TINY, sink);
    }

    @Benchmark
    public long commonsIo() throws IOException {
        return Contenders.commonsIo(piece, TINY, TINY, sink);
    }

    @Benchmark
    public long nettyPooledHeap() throws IOException {
        return Contenders.nettyPooledHeap(piece, TINY, TINY, sink);
    }

    @Benchmark
    public long agronaFresh() throws IOException {
        return Contenders.agronaFresh(piece, TINY, TINY, sink);
    }

    @Benchmark
    public long okioBuffer() throws IOException {
        return Contenders.okioBuffer(piece, TINY, TINY, sink);
    }
}
