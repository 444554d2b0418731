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

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketClientHandshaker;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import java.net.URI;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A Netty client pipeline built the way a user builds it: {@code HttpClientCodec},
 * {@code HttpObjectAggregator}, then this handler, which runs our
 * {@link RecyclableWebSocketClientHandshaker} (it installs our decoder and encoder) and records
 * what arrives: messages as {@code TYPE:sha256}, Pings as {@code Ping[n bytes]}, a Close as
 * {@code close:code}, exceptions as {@code error:...} (also kept in {@link #errors}).
 */
final class NettyWsClient extends SimpleChannelInboundHandler<Object> {
    final BlockingQueue<String> events = new LinkedBlockingQueue<>();
    final List<Throwable> errors = new CopyOnWriteArrayList<>();
    final RecyclableWebSocketClientHandshaker handshaker;
    /** Completed by the upgrade; failed when our handshaker refuses the answer. */
    ChannelPromise handshakeDone;

    Channel channel;

    /** The handler alone, for a test that builds its own pipeline ({@link #connect} builds the usual one). */
    NettyWsClient(RecyclableWebSocketClientHandshaker handshaker) {
        this.handshaker = handshaker;
    }

    /** Connects to {@code uri} and waits for the upgrade to complete. */
    static NettyWsClient connect(
            EventLoopGroup group, URI uri, BufferPool pool, WebSocketLimits limits, long fragmentSize)
            throws InterruptedException {
        NettyWsClient client =
                new NettyWsClient(new RecyclableWebSocketClientHandshaker(uri, pool, limits, fragmentSize));
        client.channel = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        c.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(8192), client);
                    }
                })
                .connect(uri.getHost(), uri.getPort())
                .sync()
                .channel();
        assertTrue(client.handshakeDone.await(10, TimeUnit.SECONDS), "no upgrade within 10 s");
        assertTrue(client.handshakeDone.isSuccess(), () -> "upgrade failed: " + client.handshakeDone.cause());
        return client;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        handshakeDone = ctx.newPromise();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        handshaker.handshake(ctx.channel());
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpResponse response) {
            try {
                handshaker.finishHandshake(ctx.channel(), response);
                handshakeDone.setSuccess();
            } catch (RuntimeException e) {
                handshakeDone.setFailure(e);
            }
        } else if (msg instanceof WebSocketMessage m) {
            events.add(m.type() + ":" + MessageDigests.sha256(m.content()));
        } else if (msg instanceof ControlFrame c) {
            events.add(c.opcode() == Opcodes.CLOSE ? "close:" + c.closeCode() : c.toString());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        errors.add(cause);
        events.add("error:" + cause);
        ctx.close();
    }

    String next() throws InterruptedException {
        String e = events.poll(60, TimeUnit.SECONDS);
        assertNotNull(e, "no event within 60 s");
        return e;
    }
}
