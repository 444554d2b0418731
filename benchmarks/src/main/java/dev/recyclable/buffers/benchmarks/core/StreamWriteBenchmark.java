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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.io.ExpandableDirectBufferOutputStream;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One stream's whole life, per contender: obtain it, write {@code totalBytes} in pieces of
 * {@code pieceBytes} through a non-inlined writer ({@link Writers}), consume the content into a
 * discarding stream, close or release it.
 *
 * <p>Every method does the same work with the same bytes; only the buffer differs. The peers are
 * used the way their documentation shows. Run with {@code -prof gc} for bytes allocated per op.
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
public class StreamWriteBenchmark {

    /** N: 1 KiB, 64 KiB, 1 MiB, 16 MiB, 64 MiB. */
    @Param({"1024", "65536", "1048576", "16777216", "67108864"})
    public int totalBytes;

    /** W: 1 means {@code write(int)} per byte. */
    @Param({"1", "128", "4096", "65536"})
    public int pieceBytes;

    private byte[] piece;
    private byte[] limitTarget;
    private DiscardingOutputStream sink;
    private BufferPool pool;
    private ExpandableArrayBuffer agronaReusedBuffer;
    private ExpandableDirectBufferOutputStream agronaReusedStream;

    @Setup
    public void setUp() {
        piece = Contenders.randomPiece(pieceBytes);
        limitTarget = new byte[totalBytes];
        sink = new DiscardingOutputStream();
        pool = BufferPool.shared();
        // Agrona's idiom: one expandable buffer kept by the thread and rewound for every message.
        agronaReusedBuffer = new ExpandableArrayBuffer();
        agronaReusedStream = new ExpandableDirectBufferOutputStream(agronaReusedBuffer);
    }

    /** The physical limit: the same pieces copied into one preallocated array, then consumed. */
    @Benchmark
    public long arraycopyLimit() throws IOException {
        int length = Writers.copy(limitTarget, piece, pieceBytes, totalBytes);
        sink.write(limitTarget, 0, length);
        return sink.bytesSeen();
    }

    /** Ours: a stream from the shared pool, consumed with {@code writeTo}, closed to return its chunks. */
    @Benchmark
    public long recyclable() throws IOException {
        return Contenders.recyclable(pool, piece, pieceBytes, totalBytes, sink);
    }

    /** The usual way, consumed without a copy. */
    @Benchmark
    public long baosWriteTo() throws IOException {
        return Contenders.baosWriteTo(piece, pieceBytes, totalBytes, sink);
    }

    /** The usual way as most code does it: {@code toByteArray()} then hand the array on. */
    @Benchmark
    public long baosToByteArray() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writers.write(out, piece, pieceBytes, totalBytes);
        byte[] content = out.toByteArray();
        sink.write(content, 0, content.length);
        return sink.bytesSeen();
    }

    /** commons-io's unsynchronized, segmented variant. */
    @Benchmark
    public long commonsIo() throws IOException {
        return Contenders.commonsIo(piece, pieceBytes, totalBytes, sink);
    }

    /** Netty's pooled heap buffer behind a ByteBufOutputStream, released every op. */
    @Benchmark
    public long nettyPooledHeap() throws IOException {
        return Contenders.nettyPooledHeap(piece, pieceBytes, totalBytes, sink);
    }

    /** Agrona as most of its users hold it: one buffer per thread, rewound and reused forever. */
    @Benchmark
    public long agronaReused() throws IOException {
        ExpandableDirectBufferOutputStream out = agronaReusedStream;
        out.wrap(agronaReusedBuffer);
        Writers.write(out, piece, pieceBytes, totalBytes);
        sink.write(agronaReusedBuffer.byteArray(), 0, out.position());
        return sink.bytesSeen();
    }

    /** Agrona with a fresh expandable buffer per op, like a ByteArrayOutputStream. */
    @Benchmark
    public long agronaFresh() throws IOException {
        return Contenders.agronaFresh(piece, pieceBytes, totalBytes, sink);
    }

    /** Okio's segmented Buffer (segments come from and return to its SegmentPool). */
    @Benchmark
    public long okioBuffer() throws IOException {
        return Contenders.okioBuffer(piece, pieceBytes, totalBytes, sink);
    }
}
