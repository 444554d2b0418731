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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Two threads obtaining, filling, consuming and releasing streams from one shared pool at once:
 * what the pool's free lists cost when they are contended. Only the pooled contenders and the
 * usual way are here; the score is the average time per op of one thread.
 */
@State(Scope.Thread)
@Threads(2)
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
public class PoolContentionBenchmark {

    /** Small streams stress the free lists (one chunk per op); large ones stress chunk churn. */
    @Param({"1024", "65536", "1048576"})
    public int totalBytes;

    @Param({"4096"})
    public int pieceBytes;

    private byte[] piece;
    private DiscardingOutputStream sink;
    private BufferPool pool;

    @Setup
    public void setUp() {
        piece = Contenders.randomPiece(pieceBytes);
        sink = new DiscardingOutputStream();
        pool = BufferPool.shared();
    }

    @Benchmark
    public long recyclable() throws IOException {
        return Contenders.recyclable(pool, piece, pieceBytes, totalBytes, sink);
    }

    @Benchmark
    public long baosWriteTo() throws IOException {
        return Contenders.baosWriteTo(piece, pieceBytes, totalBytes, sink);
    }

    @Benchmark
    public long nettyPooledHeap() throws IOException {
        return Contenders.nettyPooledHeap(piece, pieceBytes, totalBytes, sink);
    }

    @Benchmark
    public long okioBuffer() throws IOException {
        return Contenders.okioBuffer(piece, pieceBytes, totalBytes, sink);
    }
}
