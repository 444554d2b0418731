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
package dev.recyclable.buffers;

import dev.recyclable.buffers.internal.Chunk;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * The loops that copy a stream's content out of its chunks, or input into them: the bodies of
 * {@link RecyclableOutputStream}'s {@code writeTo}, {@code forEachSegment}, {@code toByteArray}
 * and {@code readFrom} methods, which check the stream's state and then delegate here. Heap
 * chunks are handed out as arrays, direct ones through a buffer or an 8 KiB scratch array.
 */
final class ContentCopies {
    private static final int SCRATCH = 8192;

    private ContentCopies() {}

    /** The whole content in a new array. */
    static byte[] toArray(ChunkList content) {
        byte[] copy = new byte[content.arrayLength()];
        copyInto(content, copy);
        return copy;
    }

    /** Copies the whole content to the start of {@code dst}. */
    static void copyInto(ChunkList content, byte[] dst) {
        int at = 0;
        for (Chunk c = content.head; c != null; c = c.next()) {
            int len = content.lengthOf(c);
            c.get(0, dst, at, len);
            at += len;
        }
    }

    static void writeTo(ChunkList content, OutputStream out) throws IOException {
        byte[] scratch = null;
        for (Chunk c = content.head; c != null; c = c.next()) {
            int len = content.lengthOf(c);
            if (c.array() != null) {
                out.write(content.forCallee(c).array(), 0, len);
                continue;
            }
            if (scratch == null) {
                scratch = new byte[SCRATCH];
            }
            for (int at = 0; at < len; at += scratch.length) {
                int n = Math.min(scratch.length, len - at);
                c.get(at, scratch, 0, n);
                out.write(scratch, 0, n);
            }
        }
    }

    static long writeTo(ChunkList content, WritableByteChannel out) throws IOException {
        long total = 0;
        for (Chunk c = content.head; c != null; c = c.next()) {
            ByteBuffer view = content.forCallee(c).readOnlyView(content.lengthOf(c));
            while (view.hasRemaining()) {
                total += out.write(view);
            }
        }
        return total;
    }

    static void forEachSegment(ChunkList content, SegmentVisitor visitor) throws IOException {
        for (Chunk c = content.head; c != null; c = c.next()) {
            int len = content.lengthOf(c);
            if (len == 0) {
                continue;
            }
            content.forCallee(c);
            if (c.array() != null) {
                visitor.visit(c.array(), 0, len);
            } else {
                visitor.visit(c.readOnlyView(len));
            }
        }
    }

    /**
     * Reads {@code in} into the free space after the content until its end or {@code maxBytes};
     * the stream makes room for each next byte or decides that the input is over.
     */
    static long readFrom(RecyclableOutputStream stream, InputStream in, long maxBytes) throws IOException {
        ChunkList content = stream.content;
        long total = 0;
        byte[] scratch = null;
        while (total < maxBytes && ensureRoomForRead(stream, in, null)) {
            int want = (int) Math.min(content.tailLimit - content.tailPos, maxBytes - total);
            Chunk t = content.tailForFilling();
            int n;
            if (t.array() != null) {
                n = in.read(t.array(), content.tailPos, want);
            } else {
                if (scratch == null) {
                    scratch = new byte[SCRATCH];
                }
                n = in.read(scratch, 0, Math.min(want, scratch.length));
                if (n > 0) {
                    t.put(content.tailPos, scratch, 0, n);
                }
            }
            if (n < 0) {
                break;
            }
            content.tailPos += n;
            total += n;
        }
        return total;
    }

    /** Reads {@code in} into the free space until end of stream or a read that returns 0. */
    static long readFrom(RecyclableOutputStream stream, ReadableByteChannel in) throws IOException {
        ChunkList content = stream.content;
        long total = 0;
        while (ensureRoomForRead(stream, null, in)) {
            int n = in.read(content.tailForFilling().window(content.tailPos, content.tailLimit));
            if (n <= 0) {
                break;
            }
            content.tailPos += n;
            total += n;
        }
        return total;
    }

    /**
     * Makes room for at least one byte, or decides that the input is over. At the size cap it
     * probes the input for one more byte: only a longer input is an error.
     */
    private static boolean ensureRoomForRead(RecyclableOutputStream stream, InputStream in, ReadableByteChannel channel)
            throws IOException {
        ChunkList content = stream.content;
        if (content.tailPos < content.tailLimit) {
            return true;
        }
        if (content.contentLength() >= stream.pool().maxStreamSize()) {
            int probe;
            if (in != null) {
                probe = in.read();
            } else {
                probe = channel.read(ByteBuffer.allocate(1));
            }
            if (probe < 0 || (channel != null && probe == 0)) {
                return false;
            }
            throw stream.sizeCapExceeded(content.contentLength() + 1);
        }
        stream.makeRoom(1);
        return true;
    }
}
