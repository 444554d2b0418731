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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.DeflateOptions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketClientHandshaker;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketClientCompressionHandler;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketServerCompressionHandler;
import java.net.URI;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * permessage-deflate against Netty's own {@code WebSocketServerCompressionHandler} and
 * {@code WebSocketClientCompressionHandler} (stock Netty pipelines with frame aggregation) over
 * loopback: our Netty client against the stock server, a stock client against our server.
 */
class NettyCompressionInteropTest {
    private static final int MAX = 64 << 20;
    private static final int[] SIZES = {0, 1, 125, 4096, 65_536, 1 << 20};
    private final BufferPool pool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void ourNettyClientAgainstNettysCompressionServer() throws Exception {
        EventLoopGroup group = Loopback.group();
        try {
            WireBytes serverRead = new WireBytes();
            WebSocketServerProtocolConfig config = WebSocketServerProtocolConfig.newBuilder()
                    .websocketPath("/ws")
                    .allowExtensions(true)
                    .maxFramePayloadLength(MAX)
                    .build();
            Channel server = Loopback.serve(
                    group,
                    ch -> stockPipeline(
                            serverRead,
                            new HttpServerCodec(),
                            new WebSocketServerCompressionHandler(MAX),
                            new WebSocketServerProtocolHandler(config),
                            new EchoFrames()));
            WireBytes clientRead = new WireBytes();
            NettyWsClient client = NettyWsClient.connect(
                    group,
                    new RecyclableWebSocketClientHandshaker(
                            Loopback.uri(server, "/ws"),
                            pool,
                            WebSocketLimits.DEFAULT,
                            3000,
                            DeflateOptions.DEFAULT.withThreshold(0)),
                    clientRead);
            Channel ch = client.channel;
            assertNotNull(client.handshaker.deflate(), "Netty's server accepted our offer");
            long serverStart = serverRead.read.get();
            long clientStart = clientRead.read.get();
            long payloadBytes = client.echoAll(pool, SIZES, Integer.MAX_VALUE, 77);
            long toServer = serverRead.read.get() - serverStart;
            long toClient = clientRead.read.get() - clientStart;
            assertTrue(toServer < payloadBytes * 3 / 4, "sent " + toServer + " wire bytes for " + payloadBytes);
            assertTrue(toClient < payloadBytes * 3 / 4, "received " + toClient + " wire bytes for " + payloadBytes);
            ch.writeAndFlush(ControlFrame.close(1000, "bye")).sync();
            ch.closeFuture().await(10, TimeUnit.SECONDS);
            server.close().sync();
            DeflateInteropTest.assertCodecsEnded(client.handshaker.deflate());
        } finally {
            Loopback.shutdown(group);
        }
    }

    /**
     * Netty's stock pipeline with permessage-deflate, as its examples build it: the wire counter,
     * the HTTP codec and aggregator, Netty's compression and protocol handlers, frame aggregation,
     * then the application.
     */
    private static ChannelHandler[] stockPipeline(
            WireBytes wire,
            ChannelHandler httpCodec,
            ChannelHandler compression,
            ChannelHandler protocol,
            ChannelHandler application) {
        return new ChannelHandler[] {
            wire,
            httpCodec,
            new HttpObjectAggregator(8192),
            compression,
            protocol,
            new WebSocketFrameAggregator(MAX),
            application
        };
    }

    /** Writes every frame back: Netty compresses it again. */
    private static final class EchoFrames extends SimpleChannelInboundHandler<WebSocketFrame> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame f) {
            ctx.writeAndFlush(f.retain());
        }
    }

    @Test
    void nettysCompressionClientAgainstOurServer() throws Exception {
        EventLoopGroup group = Loopback.group();
        try (NettyEchoServer server =
                new NettyEchoServer(pool, WebSocketLimits.DEFAULT, 8192, DeflateOptions.DEFAULT.withThreshold(0))) {
            URI uri = URI.create("ws://127.0.0.1:" + server.port() + "/ws");
            BlockingQueue<String> events = new LinkedBlockingQueue<>();
            ChannelPromise[] ready = new ChannelPromise[1];
            WireBytes clientRead = new WireBytes();
            WebSocketClientProtocolConfig config = WebSocketClientProtocolConfig.newBuilder()
                    .webSocketUri(uri)
                    .allowExtensions(true)
                    .maxFramePayloadLength(MAX)
                    .build();
            Channel ch = Loopback.connect(group, uri, c -> {
                ready[0] = c.newPromise();
                return stockPipeline(
                        clientRead,
                        new HttpClientCodec(),
                        new WebSocketClientCompressionHandler(MAX),
                        new WebSocketClientProtocolHandler(config),
                        new SimpleChannelInboundHandler<WebSocketFrame>() {
                            @Override
                            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                                if (evt
                                        == WebSocketClientProtocolHandler.ClientHandshakeStateEvent
                                                .HANDSHAKE_COMPLETE) {
                                    ready[0].setSuccess();
                                }
                            }

                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame f) {
                                String type = f instanceof TextWebSocketFrame ? "TEXT" : "BINARY";
                                events.add(type + ":" + MessageDigests.sha256(ByteBufUtil.getBytes(f.content())));
                            }
                        });
            });
            assertTrue(ready[0].await(10, TimeUnit.SECONDS), "handshake");
            long payloadBytes = 0;
            long start = clientRead.read.get();
            int seed = 31;
            for (int size : SIZES) {
                for (MessageType type : MessageType.values()) {
                    byte[] payload = Payloads.of(type, size, seed++);
                    payloadBytes += size;
                    ByteBuf content = Unpooled.wrappedBuffer(payload);
                    ch.writeAndFlush(
                                    type == MessageType.TEXT
                                            ? new TextWebSocketFrame(content)
                                            : new BinaryWebSocketFrame(content))
                            .sync();
                    String got = events.poll(60, TimeUnit.SECONDS);
                    assertEquals(type + ":" + MessageDigests.sha256(payload), got, "size " + size);
                }
            }
            long received = clientRead.read.get() - start;
            assertTrue(received < payloadBytes * 3 / 4, "received " + received + " wire bytes for " + payloadBytes);
            assertEquals(2 * SIZES.length, server.messages.get());
            assertTrue(server.errors.isEmpty(), String.valueOf(server.errors));
            ch.close().sync();
        } finally {
            Loopback.shutdown(group);
        }
    }
}
