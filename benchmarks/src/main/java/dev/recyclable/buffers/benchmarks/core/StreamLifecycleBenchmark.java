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
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
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
 * Where a small stream's fixed cost goes, step by step (a diagnostic, not a comparison): an empty
 * stream (obtain and close, no chunk), a one-chunk stream, and the same two on a pool without leak
 * detection, so that the cost of sampling leak tracking shows as the difference.
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
public class StreamLifecycleBenchmark {
    private static final int TINY = 16;

    private final byte[] piece = new byte[TINY];
    private DiscardingOutputStream sink;
    private BufferPool shared;
    private BufferPool untracked;

    @Setup
    public void setUp() {
        sink = new DiscardingOutputStream();
        shared = BufferPool.shared();
        untracked = BufferPool.builder().leakDetection(LeakDetection.DISABLED).build();
    }

    /** newStream() and close() with no write: the stream object and its counters, no chunk. */
    @Benchmark
    public boolean emptyStream() {
        RecyclableOutputStream out = shared.newStream();
        out.close();
        return out.isClosed();
    }

    @Benchmark
    public boolean emptyStreamUntracked() {
        RecyclableOutputStream out = untracked.newStream();
        out.close();
        return out.isClosed();
    }

    /** One chunk leased and returned: 16 bytes written, consumed, closed. */
    @Benchmark
    public long oneChunk() throws IOException {
        return Contenders.recyclable(shared, piece, TINY, TINY, sink);
    }

    @Benchmark
    public long oneChunkUntracked() throws IOException {
        return Contenders.recyclable(untracked, piece, TINY, TINY, sink);
    }
}
