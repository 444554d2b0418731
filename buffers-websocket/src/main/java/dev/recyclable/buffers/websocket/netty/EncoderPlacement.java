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
package dev.recyclable.buffers.websocket.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import java.util.Map;

/**
 * Keeps the channel's {@link RecyclableWebSocketEncoder} between the decoder and the socket, where
 * the decoder's own writes (Pong replies, the Close with its code) pass through it: a write from
 * a handler's context only visits the outbound handlers on the socket side of that handler.
 *
 * <p>Netty's server handshake already puts the encoder there. Its client handshake does not: it
 * adds the encoder after the HTTP codec when the upgrade request is sent, and later the decoder
 * after that same codec, in front of the encoder, so the decoder's writes would reach the socket
 * as {@link ControlFrame} objects and fail. {@code WebSocketClientHandshaker.finishHandshake} is
 * final, so the decoder repairs the order when it is added.
 */
final class EncoderPlacement {
    private EncoderPlacement() {}

    /**
     * Moves a {@link RecyclableWebSocketEncoder} that sits on the application side of
     * {@code decoder} to just in front of it (socket side). Does nothing when there is none or
     * it is already there. Runs on the channel's event loop (from {@code handlerAdded}).
     */
    static void socketSideOf(ChannelHandlerContext decoder) {
        ChannelPipeline pipeline = decoder.pipeline();
        boolean pastDecoder = false;
        for (Map.Entry<String, ChannelHandler> entry : pipeline) { // socket side first
            ChannelHandler handler = entry.getValue();
            if (handler == decoder.handler()) {
                pastDecoder = true;
            } else if (handler instanceof RecyclableWebSocketEncoder encoder) {
                if (pastDecoder) {
                    pipeline.remove(encoder);
                    pipeline.addBefore(decoder.name(), entry.getKey(), encoder.copy());
                }
                return;
            }
        }
    }
}
