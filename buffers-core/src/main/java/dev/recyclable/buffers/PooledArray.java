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
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

/**
 * A stream's content in one array, for APIs that need {@code byte[], offset, length}
 * (the analogue of RecyclableMemoryStream's {@code GetBuffer}). The array is leased from the
 * pool (or is the stream's own chunk when the content fits in one) and goes back on
 * {@link #close()}.
 *
 * <p>Only {@code array()[0, length())} is content; the rest of the array is zeros. The content
 * is frozen (see {@link RecyclableOutputStream}'s Ownership): the stream never writes this array
 * again nor returns it to the pool before this is closed; the holder must not write it either,
 * since the stream may still read it as its own content. Do not use the array after closing. A {@code PooledArray}
 * that becomes unreachable without {@code close()} is reported and reclaimed like a leaked
 * stream when the pool's {@link LeakDetection} tracks it.
 */
public final class PooledArray implements AutoCloseable {
    private static final VarHandle CLOSED = VarHandles.field(MethodHandles.lookup(), "closed", boolean.class);

    private final BufferPool pool;
    private final Chunk chunk;
    private final int length;
    private final LeakTracker tracker;
    private volatile boolean closed;

    /** Takes over one holder's claim on {@code chunk} (already taken by the caller). */
    PooledArray(BufferPool pool, Chunk chunk, int length, String tag) {
        this.pool = pool;
        this.chunk = chunk;
        this.length = length;
        this.tracker = LeakTracker.forContiguousIfPicked(pool, tag, chunk);
        if (tracker != null) {
            tracker.register(this);
        }
    }

    /**
     * The content of {@code content} in one array: its only chunk itself when that is a heap chunk
     * nothing else holds (frozen for the stream from now on), else a copy in an array from the pool.
     */
    static PooledArray of(ChunkList content, int length) {
        Chunk only = content.holdOnlyChunk();
        if (only != null) {
            return new PooledArray(content.pool, only, length, content.tag);
        }
        Chunk copy = content.pool.leaseArray(Math.max(1, length));
        copy.cleanFrom(0);
        copy.touch(copy.capacity());
        copy.cutTo(0); // every byte is dirt for the next owner: no list links it, its bookkeeping ends here
        try {
            ContentCopies.copyInto(content, copy.array());
        } catch (RuntimeException | Error e) {
            content.pool.letGo(copy); // only content garbled by two writers at once gets here
            throw e;
        }
        return new PooledArray(content.pool, copy, length, content.tag);
    }

    /** The array; content is at {@code [0, length())}. */
    public byte[] array() {
        ensureOpen();
        return chunk.array();
    }

    /** Number of content bytes. */
    public int length() {
        return length;
    }

    /** A heap buffer over the content (allocates the small wrapper). */
    public ByteBuffer asByteBuffer() {
        ensureOpen();
        return ByteBuffer.wrap(chunk.array(), 0, length);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("PooledArray closed: its array is back in the pool");
        }
    }

    /**
     * Lets go of the array: it returns to the pool once no one else holds it. Idempotent: closing
     * it twice, even from two threads at once, lets go once.
     */
    @Override
    public void close() {
        if (closed || !CLOSED.compareAndSet(this, false, true)) {
            return;
        }
        try {
            if (tracker != null) {
                tracker.released();
            }
            pool.letGo(chunk);
        } finally {
            // reachable until here: the leak tracker must never reclaim what this close gives back
            Reference.reachabilityFence(this);
        }
    }
}
