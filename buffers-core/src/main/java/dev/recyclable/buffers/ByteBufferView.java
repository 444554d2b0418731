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
import dev.recyclable.buffers.internal.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * Read-only {@link ByteBuffer}s over a stream's content, for gathering writes
 * ({@code GatheringByteChannel.write(view.buffers())}). Zero-copy: the buffers share the
 * stream's chunks.
 *
 * <p>The view holds the chunks it shows, and their bytes are frozen: whatever the stream does
 * next ({@code reset}, {@code truncate}, channel writes, {@code close}), the buffers keep
 * showing the content as it was when the view was taken, and the chunks stay out of the pool
 * until the view is closed. Do not use the buffers after closing the view. The view may be
 * read and closed on another thread than the stream's; closing it twice, even from two threads
 * at once, lets go of the chunks once.
 */
public final class ByteBufferView implements AutoCloseable {
    private static final VarHandle CLOSED = VarHandles.field(MethodHandles.lookup(), "closed", boolean.class);

    private final BufferPool pool;
    private final Chunk[] chunks;
    private final ByteBuffer[] buffers;
    private volatile boolean closed;

    /** Takes over one holder's claim on each of {@code chunks} (already taken by the caller). */
    ByteBufferView(BufferPool pool, Chunk[] chunks, ByteBuffer[] buffers) {
        this.pool = pool;
        this.chunks = chunks;
        this.buffers = buffers;
    }

    /** A view holding the whole content of {@code content}, each buffer sliced to its chunk's part. */
    static ByteBufferView of(ChunkList content) {
        Chunk[] chunks = content.holdContent();
        try {
            ByteBuffer[] buffers = new ByteBuffer[chunks.length];
            for (int i = 0; i < chunks.length; i++) {
                Chunk c = chunks[i];
                buffers[i] = c.readOnlyView(content.lengthOf(c)).slice();
            }
            return new ByteBufferView(content.pool, chunks, buffers);
        } catch (RuntimeException | Error e) {
            // no view to close: its holds go back here (only lengths garbled by two writers at once get here)
            content.pool.letGoAll(chunks);
            throw e;
        }
    }

    /**
     * The buffers, in content order; each read-only, positioned at 0, with its segment's length
     * as limit and capacity (nothing beyond the content is reachable, {@code clear()} included).
     */
    public ByteBuffer[] buffers() {
        ensureOpen();
        return buffers;
    }

    /** Total bytes remaining across the buffers. */
    public long remaining() {
        long total = 0;
        for (ByteBuffer b : buffers()) {
            total += b.remaining();
        }
        return total;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("ByteBufferView closed");
        }
    }

    /** Lets go of the chunks: each returns to the pool once no one else holds it. Idempotent. */
    @Override
    public void close() {
        if (!closed && CLOSED.compareAndSet(this, false, true)) {
            pool.letGoAll(chunks);
        }
    }
}
