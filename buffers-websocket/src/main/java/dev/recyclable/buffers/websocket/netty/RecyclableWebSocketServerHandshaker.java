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
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker13;
import java.util.Objects;

/**
 * Netty's RFC 6455 server handshake, installing {@link RecyclableWebSocketDecoder} and
 * {@link RecyclableWebSocketEncoder} where Netty would put its own frame codec. Use it like
 * {@code WebSocketServerHandshaker13}: {@code handshake(channel, request)} answers the upgrade
 * and rewires the pipeline. Without {@link DeflateOptions} no extension is negotiated (the
 * decoder rejects RSV bits); with them the client's permessage-deflate offers are answered as
 * {@link PerMessageDeflate#negotiateAsServer} decides (an offer that cannot be honoured is
 * declined, the handshake goes on without the extension). One handshaker per request.
 */
public final class RecyclableWebSocketServerHandshaker extends WebSocketServerHandshaker13 {
    private final BufferPool pool;
    private final WebSocketLimits limits;
    private final long fragmentSize;
    private final DeflateOptions deflateOptions;
    private PerMessageDeflate deflate;

    /**
     * @param webSocketUrl  the URL the client connects to (used for the handshake only)
     * @param subprotocols  comma-separated subprotocols the server speaks, or null
     * @param fragmentSize  largest outgoing frame payload; 0 sends each message as one frame
     */
    public RecyclableWebSocketServerHandshaker(
            String webSocketUrl, String subprotocols, BufferPool pool, WebSocketLimits limits, long fragmentSize) {
        this(webSocketUrl, subprotocols, pool, limits, fragmentSize, null);
    }

    /** @param deflateOptions permessage-deflate choices, or null to negotiate no extension */
    public RecyclableWebSocketServerHandshaker(
            String webSocketUrl,
            String subprotocols,
            BufferPool pool,
            WebSocketLimits limits,
            long fragmentSize,
            DeflateOptions deflateOptions) {
        super(
                webSocketUrl,
                subprotocols,
                WebSocketDecoderConfig.newBuilder()
                        .allowExtensions(false)
                        .maxFramePayloadLength((int) Math.min(Integer.MAX_VALUE, limits.maxFramePayload()))
                        .build());
        this.pool = Objects.requireNonNull(pool, "pool");
        this.limits = limits;
        this.fragmentSize = fragmentSize;
        this.deflateOptions = deflateOptions;
    }

    @Override
    protected FullHttpResponse newHandshakeResponse(FullHttpRequest req, HttpHeaders headers) {
        FullHttpResponse response = super.newHandshakeResponse(req, headers);
        if (deflateOptions != null) {
            String offers = String.join(", ", req.headers().getAll(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS));
            deflate =
                    PerMessageDeflate.negotiateAsServer(offers, deflateOptions).orElse(null);
            if (deflate != null) {
                response.headers().set(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, deflate.headerValue());
            }
        }
        return response;
    }

    /** The permessage-deflate agreement of the handshake done, or null when none was made. */
    public PerMessageDeflate deflate() {
        return deflate;
    }

    @Override
    protected WebSocketFrameDecoder newWebsocketDecoder() {
        return new RecyclableWebSocketDecoder(pool, Role.SERVER, limits, true, deflate);
    }

    @Override
    protected WebSocketFrameEncoder newWebSocketEncoder() {
        return new RecyclableWebSocketEncoder(Role.SERVER, fragmentSize, deflate);
    }
}
