package dev.recyclable.buffers.interop;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Netty views of a stream's content. Needs {@code io.netty:netty-buffer} on the class path.
 */
// Its signatures show io.netty.buffer types while module-info requires it static, not transitive: the view is
// optional, so a module that calls it requires io.netty.buffer itself (javac's "exports" lint says otherwise)
@SuppressWarnings("exports")
public final class NettyViews {
    private NettyViews() {
    }

    /**
     * A read-only {@link ByteBuf} over the content, zero-copy: a composite with one component
     * per chunk, sized so that Netty never consolidates (copies) it.
     *
     * <p>The buffer holds a reference on the content (see {@link RecyclableOutputStream#retain()}),
     * so it may be written to a channel after the stream is closed; the chunks return to the
     * pool when both the stream is closed and the buffer is released (refCnt reaches 0).
     * Releasing it more than once is refused by Netty's reference count, never frees chunks twice.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public static ByteBuf asByteBuf(RecyclableOutputStream stream) {
        List<ByteBuf> parts = new ArrayList<>(Math.max(1, stream.chunkCount()));
        try {
            stream.forEachSegment(new SegmentVisitor() {
                @Override
                public void visit(byte[] array, int offset, int length) {
                    parts.add(Unpooled.wrappedBuffer(array, offset, length));
                }

                @Override
                public void visit(ByteBuffer segment) {
                    parts.add(Unpooled.wrappedBuffer(segment.slice()));
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        stream.retain();
        CompositeByteBuf composite = new ContentByteBuf(stream, parts);
        return composite.asReadOnly();
    }

    /** Gives the stream's reference back when Netty deallocates the composite. */
    private static final class ContentByteBuf extends CompositeByteBuf {
        private final RecyclableOutputStream stream;

        ContentByteBuf(RecyclableOutputStream stream, List<ByteBuf> parts) {
            super(UnpooledByteBufAllocator.DEFAULT, false, Math.max(1, parts.size()), parts);
            this.stream = stream;
        }

        @Override
        protected void deallocate() {
            super.deallocate();
            stream.release();
        }
    }

}
