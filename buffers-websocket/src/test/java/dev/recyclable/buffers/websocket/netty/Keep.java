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

import dev.recyclable.buffers.websocket.WebSocketMessage;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The application end of a test pipeline: keeps what the decoder fires and the exceptions that reach it. */
final class Keep extends ChannelInboundHandlerAdapter {
    final List<Object> seen = new ArrayList<>();
    final List<Throwable> errors = new ArrayList<>();
    private final Function<WebSocketMessage, Object> message;

    private Keep(Function<WebSocketMessage, Object> message) {
        this.message = message;
    }

    /** Keeps messages retained, so they outlive the call (the test closes them). */
    static Keep retained() {
        return new Keep(WebSocketMessage::retain);
    }

    /** Keeps each message as its text. */
    static Keep texts() {
        return new Keep(WebSocketMessage::text);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        seen.add(msg instanceof WebSocketMessage m ? message.apply(m) : msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        errors.add(cause);
    }
}
