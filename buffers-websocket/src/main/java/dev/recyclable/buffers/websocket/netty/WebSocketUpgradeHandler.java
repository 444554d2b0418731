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
import dev.recyclable.buffers.websocket.WebSocketLimits;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/**
 * Answers a WebSocket upgrade request on {@code path} with {@link RecyclableWebSocketServerHandshaker}
 * and then leaves the pipeline; other requests get 404 (400 for a non-upgrade request on the path).
 * Place it after {@code HttpServerCodec} and {@code HttpObjectAggregator}; the handlers after it
 * receive {@link dev.recyclable.buffers.websocket.WebSocketMessage}s and {@link ControlFrame}s.
 */
public final class WebSocketUpgradeHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final String path;
    private final BufferPool pool;
    private final WebSocketLimits limits;
    private final long fragmentSize;
    private final DeflateOptions deflateOptions;

    public WebSocketUpgradeHandler(String path, BufferPool pool, WebSocketLimits limits, long fragmentSize) {
        this(path, pool, limits, fragmentSize, null);
    }

    /** @param deflateOptions permessage-deflate choices, or null to negotiate no extension */
    public WebSocketUpgradeHandler(
            String path, BufferPool pool, WebSocketLimits limits, long fragmentSize, DeflateOptions deflateOptions) {
        this.path = path;
        this.pool = pool;
        this.limits = limits;
        this.fragmentSize = fragmentSize;
        this.deflateOptions = deflateOptions;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        String uri = request.uri();
        int query = uri.indexOf('?');
        String requestPath = query < 0 ? uri : uri.substring(0, query);
        boolean upgrade = request.headers().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true);
        if (!requestPath.equals(path) || !upgrade) {
            HttpResponseStatus status =
                    requestPath.equals(path) ? HttpResponseStatus.BAD_REQUEST : HttpResponseStatus.NOT_FOUND;
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        String url = "ws://" + request.headers().get(HttpHeaderNames.HOST, "localhost") + path;
        new RecyclableWebSocketServerHandshaker(url, null, pool, limits, fragmentSize, deflateOptions)
                .handshake(ctx.channel(), request)
                .addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
        ctx.pipeline().remove(this);
    }
}
