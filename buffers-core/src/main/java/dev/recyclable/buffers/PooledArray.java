package dev.recyclable.buffers;

import dev.recyclable.buffers.internal.Chunk;
import java.nio.ByteBuffer;

/**
 * A stream's content in one array, for APIs that need {@code byte[], offset, length}
 * (the analogue of RecyclableMemoryStream's {@code GetBuffer}). The array is leased from the
 * pool (or is the stream's own chunk when the content fits in one) and goes back on
 * {@link #close()}.
 *
 * <p>Only {@code array()[0, length())} is content; the rest of the array is zeros, never a
 * previous user's bytes. Do not use the array after closing.
 */
public final class PooledArray implements AutoCloseable {
    private final BufferPool pool;
    private final Chunk leased;
    private final RecyclableOutputStream retainedStream;
    private final byte[] array;
    private final int length;
    private boolean closed;

    private PooledArray(BufferPool pool, Chunk leased, RecyclableOutputStream retainedStream, byte[] array, int length) {
        this.pool = pool;
        this.leased = leased;
        this.retainedStream = retainedStream;
        this.array = array;
        this.length = length;
    }

    /** Shares the stream's single chunk; the stream's content is retained until close. */
    static PooledArray sharing(RecyclableOutputStream stream, byte[] array, int length) {
        return new PooledArray(null, null, stream, array, length);
    }

    /** Owns a chunk leased for the copy. */
    static PooledArray owning(BufferPool pool, Chunk chunk, int length) {
        return new PooledArray(pool, chunk, null, chunk.array, length);
    }

    /** The array; content is at {@code [0, length())}. */
    public byte[] array() {
        ensureOpen();
        return array;
    }

    /** Number of content bytes. */
    public int length() {
        return length;
    }

    /** A heap buffer over the content (allocates the small wrapper). */
    public ByteBuffer asByteBuffer() {
        ensureOpen();
        return ByteBuffer.wrap(array, 0, length);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("PooledArray closed: its array is back in the pool");
        }
    }

    /** Returns the array to the pool (or releases the stream's content). Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (leased != null) {
            leased.detach();
            pool.release(leased);
        } else {
            retainedStream.release();
        }
    }
}
