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

/**
 * Netty views of a stream's content. Needs {@code io.netty:netty-buffer} on the class path.
 */
// Its signatures show io.netty.buffer types while module-info requires it static, not transitive: the view is
// optional, so a module that calls it requires io.netty.buffer itself (javac's "exports" lint says otherwise)
@SuppressWarnings("exports")
public final class NettyViews {
    private NettyViews() {}

    /**
     * A read-only {@link ByteBuf} over the content, zero-copy: one NIO buffer per chunk
     * ({@code nioBuffers()}, for Netty's gathering socket writes), each ending at its chunk's
     * content; never consolidated (copied).
     *
     * <p>Read-only means no path to a writable object over the content: the buffer wraps nothing
     * ({@code unwrap()} is null), has no array, memory address or components, hands out only
     * read-only NIO buffers that end at the content, and refuses every write, {@code capacity(n)}
     * and {@code discard*} with {@link java.nio.ReadOnlyBufferException}; buffers derived from it
     * ({@code duplicate()}, {@code slice()}, their retained forms) write through to it and so are
     * refused too.
     *
     * <p>The buffer holds the chunks it shows (through a {@link ByteBufferView}), and their bytes
     * are frozen: whatever the stream does next ({@code reset}, {@code truncate}, channel writes,
     * {@code close}), the buffer keeps showing the content as it was, and may be written to a
     * channel after the stream is closed. The chunks return to the pool when the buffer is
     * released (refCnt reaches 0) and the stream no longer holds them. Releasing it more than
     * once is refused by Netty's reference count, never frees chunks twice.
     *
     * @throws IllegalStateException    if the stream is closed
     * @throws IllegalArgumentException if the content is longer than a {@code ByteBuf} can be
     *                                  ({@code Integer.MAX_VALUE} bytes)
     */
    public static ByteBuf asByteBuf(RecyclableOutputStream stream) {
        return FrozenContentByteBuf.of(stream.byteBuffers());
    }
}
