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
package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Read-only buffers over the segments of a stream that the encoder alone owns and writes out
 * before it returns: the compressed form of a message, which nothing else ever sees. A view
 * ({@code byteBuffers()}) would hold every chunk (an atomic each) and allocate its buffers for
 * every message, for content that needs no holding; here each chunk gets one wrapper (of its
 * array, or a duplicate of the read-only buffer a direct chunk is visited as), reused whenever
 * that chunk comes back, as the deflater's reused stream keeps its one chunk between small
 * messages and gets its chunks back from the pool (mostly the same ones) for larger ones.
 *
 * <p>Up to {@link #CACHED} wrappers are kept between messages. They may point at chunks the
 * stream has given back to the pool; one is only used again when {@code forEachSegment} hands
 * over the very same array or buffer object (whose memory never changes) for the stream's
 * content, that is while the stream owns the chunk, so no one else's bytes are ever read
 * through it. {@link #forgetWrappers()} lets go of them. Not thread-safe; one per encoder.
 */
final class SegmentBuffers implements SegmentVisitor {
    /**
     * Wrappers kept between messages. With the default chunk sizes (1, 4, 16, then 64 KiB) a
     * compressed 16 KiB JSON message takes two chunks and 1 MiB six; longer ones wrap the rest
     * per message, a few dozen bytes per 64 KiB chunk.
     */
    private static final int CACHED = 8;

    /** What each wrapper wraps: a chunk's array, or the buffer a direct chunk was visited as. */
    private final Object[] wrapped = new Object[CACHED];

    private final ByteBuffer[] wrappers = new ByteBuffer[CACHED];
    private int nextVictim;
    private ByteBuffer[] parts = new ByteBuffer[CACHED];
    private int count;

    /**
     * Buffers over {@code stream}'s content, in order, each positioned over its segment, in
     * {@link #parts()}; returns how many. Valid until the stream changes or {@link #clear()}.
     */
    int collect(RecyclableOutputStream stream) throws IOException {
        count = 0;
        stream.forEachSegment(this);
        return count;
    }

    /** The buffers of the last {@link #collect}; only the first {@code count} are meaningful. */
    ByteBuffer[] parts() {
        return parts;
    }

    /** Forgets the buffers of the last message (the wrappers themselves stay for the next one). */
    void clear() {
        Arrays.fill(parts, 0, count, null);
        count = 0;
    }

    /** Lets go of the wrappers (and so of the chunk arrays they point at): the encoder is closed. */
    void forgetWrappers() {
        clear();
        Arrays.fill(wrapped, null);
        Arrays.fill(wrappers, null);
    }

    @Override
    public void visit(byte[] array, int offset, int length) {
        ByteBuffer wrapper = cached(array);
        if (wrapper == null) {
            wrapper = remember(array, ByteBuffer.wrap(array).asReadOnlyBuffer());
        }
        add(wrapper, offset, length);
    }

    @Override
    public void visit(ByteBuffer segment) {
        // the chunk's shared view: leave its position alone, gather through a duplicate of it
        ByteBuffer wrapper = cached(segment);
        if (wrapper == null) {
            wrapper = remember(segment, segment.duplicate());
        }
        add(wrapper, segment.position(), segment.remaining());
    }

    private ByteBuffer cached(Object memory) {
        for (int i = 0; i < CACHED; i++) {
            if (wrapped[i] == memory) {
                return wrappers[i];
            }
        }
        return null;
    }

    private ByteBuffer remember(Object memory, ByteBuffer wrapper) {
        int slot = nextVictim;
        nextVictim = (slot + 1) % CACHED;
        wrapped[slot] = memory;
        wrappers[slot] = wrapper;
        return wrapper;
    }

    private void add(ByteBuffer buffer, int offset, int length) {
        buffer.clear().position(offset).limit(offset + length);
        if (count == parts.length) {
            parts = Arrays.copyOf(parts, count * 2);
        }
        parts[count++] = buffer;
    }
}
