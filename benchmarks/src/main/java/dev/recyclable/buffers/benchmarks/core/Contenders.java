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
import java.util.SplittableRandom;
import okio.Buffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.io.ExpandableDirectBufferOutputStream;
import org.apache.commons.io.output.UnsynchronizedByteArrayOutputStream;

/**
 * One op of each contender, shared by the core benchmarks: obtain a buffer, hand it to the non-inlined
 * {@link Writers} for {@code totalBytes} in pieces of {@code pieceBytes}, consume the content into {@code sink},
 * release the buffer; returns {@code sink}'s count for JMH. The peers are used the way their documentation shows.
 * These methods are small enough for the JIT to inline into the benchmark; the writer is what stays out of line.
 */
final class Contenders {
    private Contenders() {}

    /** {@code pieceBytes} seeded random bytes (the same for every contender). */
    static byte[] randomPiece(int pieceBytes) {
        byte[] piece = new byte[pieceBytes];
        new SplittableRandom(pieceBytes).nextBytes(piece);
        return piece;
    }

    /** Ours: a stream from {@code pool}, consumed with {@code writeTo}, closed to return its chunks. */
    static long recyclable(BufferPool pool, byte[] piece, int pieceBytes, int totalBytes, DiscardingOutputStream sink)
            throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            Writers.write(out, piece, pieceBytes, totalBytes);
            out.writeTo(sink);
        }
        return sink.bytesSeen();
    }

    /** The usual way, consumed without a copy. */
    static long baosWriteTo(byte[] piece, int pieceBytes, int totalBytes, DiscardingOutputStream sink)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writers.write(out, piece, pieceBytes, totalBytes);
        out.writeTo(sink);
        return sink.bytesSeen();
    }

    /** commons-io's unsynchronized, segmented variant. */
    static long commonsIo(byte[] piece, int pieceBytes, int totalBytes, DiscardingOutputStream sink)
            throws IOException {
        UnsynchronizedByteArrayOutputStream out =
                UnsynchronizedByteArrayOutputStream.builder().get();
        Writers.write(out, piece, pieceBytes, totalBytes);
        out.writeTo(sink);
        return sink.bytesSeen();
    }

    /** Netty's pooled heap buffer behind a ByteBufOutputStream, released every op. */
    static long nettyPooledHeap(byte[] piece, int pieceBytes, int totalBytes, DiscardingOutputStream sink)
            throws IOException {
        ByteBuf buffer = PooledByteBufAllocator.DEFAULT.heapBuffer();
        try {
            Writers.write(new ByteBufOutputStream(buffer), piece, pieceBytes, totalBytes);
            buffer.readBytes(sink, buffer.readableBytes());
        } finally {
            buffer.release();
        }
        return sink.bytesSeen();
    }

    /** Agrona with a fresh expandable buffer per op, like a ByteArrayOutputStream. */
    static long agronaFresh(byte[] piece, int pieceBytes, int totalBytes, DiscardingOutputStream sink)
            throws IOException {
        ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
        ExpandableDirectBufferOutputStream out = new ExpandableDirectBufferOutputStream(buffer);
        Writers.write(out, piece, pieceBytes, totalBytes);
        sink.write(buffer.byteArray(), 0, out.position());
        return sink.bytesSeen();
    }

    /** Okio's segmented Buffer (segments come from and return to its SegmentPool). */
    static long okioBuffer(byte[] piece, int pieceBytes, int totalBytes, DiscardingOutputStream sink)
            throws IOException {
        Buffer buffer = new Buffer();
        Writers.write(buffer, piece, pieceBytes, totalBytes);
        buffer.writeTo(sink);
        return sink.bytesSeen();
    }
}
