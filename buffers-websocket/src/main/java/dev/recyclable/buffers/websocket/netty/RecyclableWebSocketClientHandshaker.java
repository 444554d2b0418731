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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.websocket.DeflateOptions;
import dev.recyclable.buffers.websocket.PerMessageDeflate;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshaker13;
import io.netty.handler.codec.http.websocketx.WebSocketFrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import java.net.URI;
import java.util.Objects;

/**
 * Netty's RFC 6455 client handshake, installing {@link RecyclableWebSocketDecoder} (client role:
 * server frames must be unmasked) and {@link RecyclableWebSocketEncoder} (masks every frame)
 * where Netty would put its own frame codec. Use it like {@code WebSocketClientHandshaker13}:
 * {@code handshake(channel)}, then {@code finishHandshake(channel, response)} when the
 * {@code FullHttpResponse} arrives. Without {@link DeflateOptions} no extension is offered;
 * with them permessage-deflate is offered, and an answer the offer does not allow fails the
 * handshake ({@code WebSocketClientHandshakeException}), as RFC 7692 section 5 requires.
 */
public final class RecyclableWebSocketClientHandshaker extends WebSocketClientHandshaker13 {
    private final BufferPool pool;
    private final WebSocketLimits limits;
    private final long fragmentSize;
    private final DeflateOptions deflateOptions;
    private PerMessageDeflate deflate;
    /** Netty installs the encoder when the request is sent, before the answer says whether to compress. */
    private RecyclableWebSocketEncoder encoder;

    public RecyclableWebSocketClientHandshaker(URI uri, BufferPool pool, WebSocketLimits limits, long fragmentSize) {
        this(uri, pool, limits, fragmentSize, null);
    }

    /** @param deflateOptions permessage-deflate choices, or null to offer no extension */
    public RecyclableWebSocketClientHandshaker(
            URI uri, BufferPool pool, WebSocketLimits limits, long fragmentSize, DeflateOptions deflateOptions) {
        super(
                uri,
                WebSocketVersion.V13,
                null,
                false,
                deflateOptions == null
                        ? EmptyHttpHeaders.INSTANCE
                        : new DefaultHttpHeaders()
                                .set(
                                        HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS,
                                        PerMessageDeflate.clientOffer(deflateOptions)),
                (int) Math.min(Integer.MAX_VALUE, limits.maxFramePayload()));
        this.pool = Objects.requireNonNull(pool, "pool");
        this.limits = limits;
        this.fragmentSize = fragmentSize;
        this.deflateOptions = deflateOptions;
    }

    @Override
    protected void verify(FullHttpResponse response) {
        super.verify(response);
        String answer = String.join(", ", response.headers().getAll(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS));
        if (deflateOptions == null) {
            if (!answer.isBlank()) {
                throw new WebSocketClientHandshakeException(
                        "server answered with extensions that were not offered: " + answer, response);
            }
            return;
        }
        try {
            deflate = PerMessageDeflate.acceptAsClient(answer, deflateOptions).orElse(null);
        } catch (IllegalArgumentException e) {
            throw new WebSocketClientHandshakeException(e.getMessage(), response);
        }
    }

    /** The permessage-deflate agreement of the finished handshake, or null when none was made. */
    public PerMessageDeflate deflate() {
        return deflate;
    }

    @Override
    protected WebSocketFrameDecoder newWebsocketDecoder() {
        if (deflate != null && encoder != null) {
            encoder.useDeflate(deflate);
        }
        return new RecyclableWebSocketDecoder(pool, Role.CLIENT, limits, true, deflate);
    }

    @Override
    protected WebSocketFrameEncoder newWebSocketEncoder() {
        encoder = new RecyclableWebSocketEncoder(Role.CLIENT, fragmentSize, deflate);
        return encoder;
    }
}
