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
import dev.recyclable.buffers.RecyclableOutputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
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
    private NettyViews() {}

    /**
     * A read-only {@link ByteBuf} over the content, zero-copy: a composite with one read-only
     * component per chunk, each ending at its chunk's content, sized so that Netty never
     * consolidates (copies) it. Nothing writes through it, its components or what they
     * {@code unwrap()}, and nothing past the content is reachable ({@code hasArray()} is false).
     *
     * <p>The buffer holds the chunks it shows (through a {@link ByteBufferView}), and their bytes
     * are frozen: whatever the stream does next ({@code reset}, {@code truncate}, channel writes,
     * {@code close}), the buffer keeps showing the content as it was, and may be written to a
     * channel after the stream is closed. The chunks return to the pool when the buffer is
     * released (refCnt reaches 0) and the stream no longer holds them. Releasing it more than
     * once is refused by Netty's reference count, never frees chunks twice.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public static ByteBuf asByteBuf(RecyclableOutputStream stream) {
        ByteBufferView view = stream.byteBuffers();
        ByteBuffer[] segments = view.buffers();
        List<ByteBuf> parts = new ArrayList<>(Math.max(1, segments.length));
        for (ByteBuffer segment : segments) {
            if (segment.hasRemaining()) {
                // a read-only buffer sliced to the content: Netty wraps it as a read-only ByteBuf of that size
                parts.add(Unpooled.wrappedBuffer(segment));
            }
        }
        return new ContentByteBuf(view, parts).asReadOnly();
    }

    /** Closes the view (letting go of its chunks) when Netty deallocates the composite. */
    private static final class ContentByteBuf extends CompositeByteBuf {
        private final ByteBufferView view;

        ContentByteBuf(ByteBufferView view, List<ByteBuf> parts) {
            super(UnpooledByteBufAllocator.DEFAULT, false, Math.max(1, parts.size()), parts);
            this.view = view;
        }

        @Override
        protected void deallocate() {
            super.deallocate();
            view.close();
        }
    }
}
