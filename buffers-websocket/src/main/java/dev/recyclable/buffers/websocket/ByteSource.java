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

import java.nio.ByteBuffer;

/**
 * Random-access input for {@link WebSocketDecoder#feed(ByteSource, int, int)}: a transport's
 * buffer that is neither a {@code byte[]} nor a {@link ByteBuffer} the caller can hand out for
 * free (for example a pooled direct Netty {@code ByteBuf}, whose NIO view costs an object per
 * read). The decoder reads header bytes one at a time and copies payloads in bulk straight into
 * the message's chunks, unmasking them there; it never keeps the source after the call.
 */
public interface ByteSource {
    /** The byte at absolute {@code index}. */
    byte getByte(int index);

    /** Copies {@code length} bytes from absolute {@code index} into {@code dst} at {@code dstIndex}. */
    void getBytes(int index, byte[] dst, int dstIndex, int length);

    /**
     * Copies {@code length} bytes from absolute {@code index} into {@code dst} at absolute
     * {@code dstIndex}; {@code dst}'s position and limit may change.
     */
    void getBytes(int index, ByteBuffer dst, int dstIndex, int length);
}
