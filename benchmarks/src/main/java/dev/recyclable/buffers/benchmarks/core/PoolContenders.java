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
import dev.recyclable.buffers.RecyclableOutputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import okio.Buffer;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The pooled contenders and the usual way, one op each, as benchmarks inherited by every core benchmark that compares
 * them: obtain a buffer, hand it to the non-inlined {@link Writers} for {@link #total} bytes in pieces of {@link
 * #width}, consume the content into {@link #sink}, release the buffer; each returns the sink's count for JMH.
 * The peers are used the way their documentation shows. These methods are small enough for the JIT to inline into
 * JMH's loop; the writer is what stays out of line.
 */
public abstract class PoolContenders extends CoreBenchmark {

    /** Ours: a stream from the shared pool, consumed with {@code writeTo}, closed to return its chunks. */
    @Benchmark
    public long recyclable() throws IOException {
        return recyclableOp(pool, piece, width, total, sink);
    }

    /** The usual way, consumed without a copy. */
    @Benchmark
    public long baosWriteTo() throws IOException {
        filledByteArrayOutputStream().writeTo(sink);
        return sink.bytesSeen();
    }

    /** Netty's pooled heap buffer behind a ByteBufOutputStream, released every op. */
    @Benchmark
    public long nettyPooledHeap() throws IOException {
        ByteBuf buffer = PooledByteBufAllocator.DEFAULT.heapBuffer();
        try {
            Writers.write(new ByteBufOutputStream(buffer), piece, width, total);
            buffer.readBytes(sink, buffer.readableBytes());
        } finally {
            buffer.release();
        }
        return sink.bytesSeen();
    }

    /** Okio's segmented Buffer (segments come from and return to its SegmentPool). */
    @Benchmark
    public long okioBuffer() throws IOException {
        Buffer buffer = new Buffer();
        Writers.write(buffer, piece, width, total);
        buffer.writeTo(sink);
        return sink.bytesSeen();
    }

    /** The usual way's buffer, as the writer leaves it: a new ByteArrayOutputStream with the op's bytes written. */
    final ByteArrayOutputStream filledByteArrayOutputStream() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writers.write(out, piece, width, total);
        return out;
    }

    /** One op of ours on {@code pool}: a stream obtained, written, consumed with {@code writeTo}, closed. */
    static long recyclableOp(BufferPool pool, byte[] piece, int pieceBytes, int totalBytes, DiscardingOutputStream sink)
            throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            Writers.write(out, piece, pieceBytes, totalBytes);
            out.writeTo(sink);
        }
        return sink.bytesSeen();
    }
}
