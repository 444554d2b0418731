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
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * Where a small stream's fixed cost goes, step by step (a diagnostic, not a comparison): an empty
 * stream (obtain and close, no chunk), a one-chunk stream, and the same two on a pool without leak
 * detection, so that the cost of sampling leak tracking shows as the difference.
 */
public class StreamLifecycleBenchmark extends CoreBenchmark {
    private BufferPool untracked;

    @Override
    protected byte[] newPiece() {
        return tinyPiece();
    }

    @Setup
    public void setUpUntracked() {
        untracked = BufferPool.builder().leakDetection(LeakDetection.DISABLED).build();
    }

    /** newStream() and close() with no write: the stream object and its counters, no chunk. */
    @Benchmark
    public boolean emptyStream() {
        RecyclableOutputStream out = pool.newStream();
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
        return PoolContenders.recyclableOp(pool, piece, width, total, sink);
    }

    @Benchmark
    public long oneChunkUntracked() throws IOException {
        return PoolContenders.recyclableOp(untracked, piece, width, total, sink);
    }
}
