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
package dev.recyclable.buffers.interop;

import dev.recyclable.buffers.ByteBufferView;
import io.netty.buffer.AbstractReferenceCountedByteBuf;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ScatteringByteChannel;
import java.util.Arrays;

/**
 * The {@link ByteBuf} of {@link NettyViews#asByteBuf}: read-only by construction, over the
 * read-only buffers of a {@link ByteBufferView}, which it closes when its reference count
 * reaches zero.
 *
 * <p>It wraps nothing a caller could reach: {@link #unwrap()} is null, there is no array, no
 * memory address and no component, and every {@code ByteBuffer} it hands out is read-only and
 * ends at the content. Every way to write is refused with {@link ReadOnlyBufferException}
 * ({@code set*}, {@code capacity(n)}, {@code discard*}, {@code ensureWritable}), so buffers
 * derived from it ({@code duplicate()}, {@code slice()}, {@code order(...)}, their retained forms),
 * which write through to it, are read-only too.
 */
final class FrozenContentByteBuf extends AbstractReferenceCountedByteBuf {
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer();

    private final ByteBufferView view;
    /** The view's non-empty buffers, in content order; read only by absolute index, never moved. */
    private final ByteBuffer[] segments;
    /** {@code ends[i]}: the content index just past segment {@code i}. */
    private final int[] ends;

    private final boolean direct;
    /** The segment of the last single-value read: sequential reads skip the search (a racy hint, checked before use). */
    private int lastSegment;

    private FrozenContentByteBuf(ByteBufferView view, ByteBuffer[] segments, int[] ends, int length, boolean direct) {
        super(length);
        this.view = view;
        this.segments = segments;
        this.ends = ends;
        this.direct = direct;
        writerIndex(length);
    }

    /** A buffer over {@code view}'s content, which it owns from now on (closed here if that fails). */
    static FrozenContentByteBuf of(ByteBufferView view) {
        try {
            ByteBuffer[] buffers = view.buffers();
            ByteBuffer[] segments = new ByteBuffer[buffers.length];
            int[] ends = new int[buffers.length];
            int count = 0;
            long length = 0;
            boolean direct = buffers.length > 0;
            for (ByteBuffer b : buffers) {
                int n = b.remaining();
                if (n == 0) {
                    continue;
                }
                length += n;
                if (length > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException(
                            "content of more than " + Integer.MAX_VALUE + " bytes does not fit a ByteBuf");
                }
                segments[count] = b.position() == 0 ? b : b.slice();
                ends[count++] = (int) length;
                direct &= b.isDirect();
            }
            return new FrozenContentByteBuf(
                    view,
                    count == buffers.length ? segments : Arrays.copyOf(segments, count),
                    count == buffers.length ? ends : Arrays.copyOf(ends, count),
                    (int) length,
                    direct && count > 0);
        } catch (RuntimeException | Error e) {
            view.close();
            throw e;
        }
    }

    @Override
    protected void deallocate() {
        view.close();
    }

    // ---- what it is ----------------------------------------------------------------------------

    @Override
    public int capacity() {
        return maxCapacity();
    }

    @Override
    public ByteBufAllocator alloc() {
        return UnpooledByteBufAllocator.DEFAULT;
    }

    @Override
    @SuppressWarnings("deprecation")
    public ByteOrder order() {
        return ByteOrder.BIG_ENDIAN;
    }

    /** Wraps nothing: no way back to a writable buffer. */
    @Override
    public ByteBuf unwrap() {
        return null;
    }

    @Override
    public boolean isDirect() {
        return direct;
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public ByteBuf asReadOnly() {
        return this;
    }

    @Override
    public boolean hasArray() {
        return false;
    }

    @Override
    public byte[] array() {
        throw new ReadOnlyBufferException();
    }

    @Override
    public int arrayOffset() {
        throw new ReadOnlyBufferException();
    }

    @Override
    public boolean hasMemoryAddress() {
        return false;
    }

    @Override
    public long memoryAddress() {
        throw new UnsupportedOperationException("no memory address: the content is read-only");
    }

    // ---- reads -----------------------------------------------------------------------------------

    /** The segment holding content index {@code index} (which is within the capacity). */
    private int segmentOf(int index) {
        int last = lastSegment;
        if (last < ends.length && index < ends[last] && index >= start(last)) {
            return last;
        }
        int i = Arrays.binarySearch(ends, index);
        // an index equal to a segment's end is the next segment's first byte
        int found = i >= 0 ? i + 1 : -i - 1;
        lastSegment = found;
        return found;
    }

    private int start(int segment) {
        return segment == 0 ? 0 : ends[segment - 1];
    }

    @Override
    protected byte _getByte(int index) {
        int s = segmentOf(index);
        return segments[s].get(index - start(s));
    }

    /** {@code width} bytes from {@code index}, big-endian, whatever segments they span. */
    private long getBigEndian(int index, int width) {
        long value = 0;
        for (int i = 0; i < width; i++) {
            value = (value << 8) | (_getByte(index + i) & 0xFF);
        }
        return value;
    }

    /** The segment that holds all {@code width} bytes from {@code index}, or -1 when they span two. */
    private int wholeIn(int index, int width) {
        int s = segmentOf(index);
        return index + width <= ends[s] ? s : -1;
    }

    @Override
    protected short _getShort(int index) {
        int s = wholeIn(index, 2);
        return s >= 0 ? segments[s].getShort(index - start(s)) : (short) getBigEndian(index, 2);
    }

    @Override
    protected short _getShortLE(int index) {
        return Short.reverseBytes(_getShort(index));
    }

    @Override
    protected int _getUnsignedMedium(int index) {
        return (int) getBigEndian(index, 3);
    }

    @Override
    protected int _getUnsignedMediumLE(int index) {
        return Integer.reverseBytes(_getUnsignedMedium(index)) >>> 8;
    }

    @Override
    protected int _getInt(int index) {
        int s = wholeIn(index, 4);
        return s >= 0 ? segments[s].getInt(index - start(s)) : (int) getBigEndian(index, 4);
    }

    @Override
    protected int _getIntLE(int index) {
        return Integer.reverseBytes(_getInt(index));
    }

    @Override
    protected long _getLong(int index) {
        int s = wholeIn(index, 8);
        return s >= 0 ? segments[s].getLong(index - start(s)) : getBigEndian(index, 8);
    }

    @Override
    protected long _getLongLE(int index) {
        return Long.reverseBytes(_getLong(index));
    }

    @Override
    public ByteBuf getBytes(int index, byte[] dst, int dstIndex, int length) {
        checkDstIndex(index, length, dstIndex, dst.length);
        if (length == 0) {
            return this;
        }
        int s = segmentOf(index);
        int at = index;
        int to = dstIndex;
        int left = length;
        while (left > 0) {
            int offset = at - start(s);
            int n = Math.min(left, ends[s] - at);
            segments[s].get(offset, dst, to, n);
            at += n;
            to += n;
            left -= n;
            s++;
        }
        return this;
    }

    @Override
    public ByteBuf getBytes(int index, ByteBuffer dst) {
        int length = dst.remaining();
        checkIndex(index, length);
        if (length == 0) {
            return this;
        }
        int s = segmentOf(index);
        int at = index;
        int left = length;
        while (left > 0) {
            int offset = at - start(s);
            int n = Math.min(left, ends[s] - at);
            int p = dst.position();
            dst.put(p, segments[s], offset, n);
            dst.position(p + n);
            at += n;
            left -= n;
            s++;
        }
        return this;
    }

    @Override
    public ByteBuf getBytes(int index, ByteBuf dst, int dstIndex, int length) {
        checkDstIndex(index, length, dstIndex, dst.capacity());
        if (dst.hasArray()) {
            getBytes(index, dst.array(), dst.arrayOffset() + dstIndex, length);
        } else if (dst.nioBufferCount() > 0) {
            int at = index;
            for (ByteBuffer part : dst.nioBuffers(dstIndex, length)) {
                int n = part.remaining();
                getBytes(at, part);
                at += n;
            }
        } else {
            dst.setBytes(dstIndex, this, index, length);
        }
        return this;
    }

    @Override
    public ByteBuf getBytes(int index, OutputStream out, int length) throws IOException {
        checkIndex(index, length);
        byte[] staging = new byte[Math.min(length, 8192)];
        int at = index;
        int left = length;
        while (left > 0) {
            int n = Math.min(left, staging.length);
            getBytes(at, staging, 0, n);
            out.write(staging, 0, n);
            at += n;
            left -= n;
        }
        return this;
    }

    @Override
    public int getBytes(int index, GatheringByteChannel out, int length) throws IOException {
        checkIndex(index, length);
        long written = out.write(nioBuffers(index, length));
        return (int) Math.min(written, Integer.MAX_VALUE);
    }

    @Override
    public int getBytes(int index, FileChannel out, long position, int length) throws IOException {
        checkIndex(index, length);
        long written = 0;
        for (ByteBuffer part : nioBuffers(index, length)) {
            written += out.write(part, position + written);
        }
        return (int) Math.min(written, Integer.MAX_VALUE);
    }

    @Override
    public ByteBuf copy(int index, int length) {
        checkIndex(index, length);
        ByteBuf copy = alloc().heapBuffer(length);
        getBytes(index, copy.array(), copy.arrayOffset(), length);
        return copy.writerIndex(length);
    }

    // ---- NIO buffers: read-only, ending at the content -------------------------------------------

    @Override
    public int nioBufferCount() {
        return Math.max(1, segments.length);
    }

    @Override
    public ByteBuffer[] nioBuffers(int index, int length) {
        checkIndex(index, length);
        if (length == 0) {
            return new ByteBuffer[] {EMPTY};
        }
        int first = segmentOf(index);
        int last = segmentOf(index + length - 1);
        ByteBuffer[] parts = new ByteBuffer[last - first + 1];
        int at = index;
        int left = length;
        for (int s = first; s <= last; s++) {
            int n = Math.min(left, ends[s] - at);
            parts[s - first] = segments[s].slice(at - start(s), n);
            at += n;
            left -= n;
        }
        return parts;
    }

    /** The content from {@code index}: a read-only slice of one segment, or a read-only copy when it spans several. */
    @Override
    public ByteBuffer nioBuffer(int index, int length) {
        checkIndex(index, length);
        if (length == 0) {
            return EMPTY;
        }
        int s = wholeIn(index, length);
        if (s >= 0) {
            return segments[s].slice(index - start(s), length);
        }
        ByteBuffer merged = ByteBuffer.allocate(length);
        getBytes(index, merged);
        return merged.flip().asReadOnlyBuffer();
    }

    @Override
    public ByteBuffer internalNioBuffer(int index, int length) {
        return nioBuffer(index, length);
    }

    // ---- every write refused ---------------------------------------------------------------------

    @Override
    public ByteBuf capacity(int newCapacity) {
        throw new ReadOnlyBufferException();
    }

    @Override
    public boolean isWritable() {
        return false;
    }

    @Override
    public boolean isWritable(int numBytes) {
        return false;
    }

    @Override
    public int maxWritableBytes() {
        return 0;
    }

    @Override
    public ByteBuf ensureWritable(int minWritableBytes) {
        throw new ReadOnlyBufferException();
    }

    /** Returns 1, as Netty's read-only buffers do: "not enough space, capacity unchanged". */
    @Override
    public int ensureWritable(int minWritableBytes, boolean force) {
        return 1;
    }

    @Override
    public ByteBuf discardReadBytes() {
        throw new ReadOnlyBufferException();
    }

    @Override
    public ByteBuf discardSomeReadBytes() {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setByte(int index, int value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setShort(int index, int value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setShortLE(int index, int value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setMedium(int index, int value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setMediumLE(int index, int value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setInt(int index, int value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setIntLE(int index, int value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setLong(int index, long value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    protected void _setLongLE(int index, long value) {
        throw new ReadOnlyBufferException();
    }

    @Override
    public ByteBuf setBytes(int index, ByteBuf src, int srcIndex, int length) {
        throw new ReadOnlyBufferException();
    }

    @Override
    public ByteBuf setBytes(int index, byte[] src, int srcIndex, int length) {
        throw new ReadOnlyBufferException();
    }

    @Override
    public ByteBuf setBytes(int index, ByteBuffer src) {
        throw new ReadOnlyBufferException();
    }

    @Override
    public int setBytes(int index, InputStream in, int length) {
        throw new ReadOnlyBufferException();
    }

    @Override
    public int setBytes(int index, ScatteringByteChannel in, int length) {
        throw new ReadOnlyBufferException();
    }

    @Override
    public int setBytes(int index, FileChannel in, long position, int length) {
        throw new ReadOnlyBufferException();
    }
}
