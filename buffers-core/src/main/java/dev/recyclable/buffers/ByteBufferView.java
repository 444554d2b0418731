package dev.recyclable.buffers;

import java.nio.ByteBuffer;

/**
 * Read-only {@link ByteBuffer}s over a stream's content, for gathering writes
 * ({@code GatheringByteChannel.write(view.buffers())}). Zero-copy: the buffers share the
 * stream's chunks.
 *
 * <p>The view holds a reference on the content: the chunks stay out of the pool until both the
 * stream and this view are closed. Do not use the buffers after closing the view.
 */
public final class ByteBufferView implements AutoCloseable {
    private final RecyclableOutputStream stream;
    private final ByteBuffer[] buffers;
    private boolean closed;

    ByteBufferView(RecyclableOutputStream stream, ByteBuffer[] buffers) {
        this.stream = stream;
        this.buffers = buffers;
    }

    /** The buffers, in content order; each read-only, positioned at 0 with its segment's length as limit. */
    public ByteBuffer[] buffers() {
        if (closed) {
            throw new IllegalStateException("ByteBufferView closed");
        }
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

    /** Releases the view's reference on the content. Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            stream.release();
        }
    }
}
