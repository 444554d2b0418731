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
 * Receives what a {@link WebSocketDecoder} assembles. Calls are made on the thread that feeds
 * the decoder, one at a time. Control frames arrive as soon as they are complete, also in the
 * middle of a fragmented message.
 */
public interface WebSocketListener {

    /**
     * A complete data message. It is released when this method returns unless the listener
     * calls {@link WebSocketMessage#retain()}; then the listener must close it. A view taken
     * during the call ({@link WebSocketMessage#byteBuffers()}) stays valid until it is closed.
     */
    void onMessage(WebSocketMessage message);

    /**
     * A Ping. {@code payload} (at most 125 bytes, read-only) is reused by the decoder: copy what
     * must outlive the call. Answering with a Pong is the transport's job.
     */
    default void onPing(ByteBuffer payload) {}

    /** A Pong; {@code payload} as in {@link #onPing}. */
    default void onPong(ByteBuffer payload) {}

    /**
     * A valid Close frame. {@code code} is {@link CloseCodes#NO_STATUS} when the frame had no
     * body. The decoder ignores any bytes after it.
     */
    default void onClose(int code, String reason) {}

    /**
     * The connection failed: a protocol violation or limit (a {@link WebSocketProtocolException}
     * with its close code) or a transport error. Called by transport adapters that report errors
     * through the listener (the JDK adapter); {@link WebSocketDecoder} throws instead. Any message
     * being assembled has been released.
     */
    default void onError(Throwable error) {}
}
