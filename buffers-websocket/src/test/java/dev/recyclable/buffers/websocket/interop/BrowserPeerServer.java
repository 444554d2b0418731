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
package dev.recyclable.buffers.websocket.interop;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.netty.WebSocketUpgradeHandler;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Our Netty WebSocket server as README.md builds it ({@code HttpServerCodec},
 * {@code HttpObjectAggregator(8192)}, {@link WebSocketUpgradeHandler} on {@code /ws}, then the
 * application handler, here {@link BrowserSession}), with two test handlers in front of the
 * upgrade handler: {@link Page} serves the browser's page on {@code /} and takes its report on
 * {@code POST /report}; {@link HandshakeRecorder} writes down the extensions offered and answered.
 */
final class BrowserPeerServer implements AutoCloseable {
    private static final String PAGE_RESOURCE = "browser-peer.html";

    /** The form fields the page POSTed to /report, once it has done everything. */
    final CompletableFuture<Map<String, String>> report = new CompletableFuture<>();
    /** Sec-WebSocket-Extensions of each upgrade request to /ws ("" when absent), in order. */
    final List<String> extensionsOffered = new CopyOnWriteArrayList<>();
    /** Sec-WebSocket-Extensions of each 101 response ("" when absent), in order. */
    final List<String> extensionsAnswered = new CopyOnWriteArrayList<>();

    final BrowserSession.Record record = new BrowserSession.Record();
    /** System.nanoTime() when the page was served, 0 before: separates browser start-up from the exchange. */
    volatile long pageServedNanos;

    private final byte[] page;
    private final EventLoopGroup group = Loopback.group();
    private final Channel server;

    BrowserPeerServer(BufferPool pool, WebSocketLimits limits, long fragmentSize, BrowserSession.Script script)
            throws InterruptedException {
        page = readPage();
        server = Loopback.serve(group, ch -> new ChannelHandler[] {
            new HttpServerCodec(),
            new HttpObjectAggregator(8192),
            new Page(),
            new HandshakeRecorder(),
            new WebSocketUpgradeHandler("/ws", pool, limits, fragmentSize),
            new BrowserSession(pool, script, record)
        });
    }

    /** The page's URL; its query is handed to the page's script. */
    String pageUrl(String query) {
        return "http://127.0.0.1:" + Loopback.port(server) + "/?" + query;
    }

    private static byte[] readPage() {
        try (InputStream in = BrowserPeerServer.class.getResourceAsStream(PAGE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + PAGE_RESOURCE + " missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isUpgrade(FullHttpRequest request) {
        return request.headers().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true);
    }

    /** GET / serves the page, POST /report completes {@link #report}; anything else goes on. */
    private final class Page extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            String path = new QueryStringDecoder(request.uri()).path();
            if (path.equals("/") && request.method().equals(HttpMethod.GET) && !isUpgrade(request)) {
                pageServedNanos = System.nanoTime();
                respond(ctx, HttpResponseStatus.OK, page);
            } else if (path.equals("/report") && request.method().equals(HttpMethod.POST)) {
                // the page sends URLSearchParams: application/x-www-form-urlencoded, UTF-8
                String form = request.content().toString(StandardCharsets.UTF_8);
                Map<String, String> fields = new TreeMap<>();
                new QueryStringDecoder(form, StandardCharsets.UTF_8, false)
                        .parameters()
                        .forEach((name, values) -> fields.put(name, String.join(",", values)));
                respond(ctx, HttpResponseStatus.NO_CONTENT, new byte[0]);
                report.complete(fields);
            } else {
                ctx.fireChannelRead(request.retain());
            }
        }

        private void respond(ChannelHandlerContext ctx, HttpResponseStatus status, byte[] body) {
            FullHttpResponse response =
                    new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
            response.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
                    .set(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Records the extension offer of each WebSocket upgrade and our answer in its 101 response. */
    private final class HandshakeRecorder extends ChannelDuplexHandler {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof FullHttpRequest request && isUpgrade(request)) {
                extensionsOffered.add(request.headers().get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, ""));
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof HttpResponse response
                    && response.status().code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
                extensionsAnswered.add(response.headers().get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, ""));
            }
            ctx.write(msg, promise);
        }
    }

    @Override
    public void close() throws InterruptedException {
        server.close().sync();
        Loopback.shutdown(group);
    }
}
