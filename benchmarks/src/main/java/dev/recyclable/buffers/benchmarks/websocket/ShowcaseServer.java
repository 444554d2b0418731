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
package dev.recyclable.buffers.benchmarks.websocket;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.WebSocketUpgradeHandler;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The showcase's in-process WebSocket server: Netty on 127.0.0.1 (random port) with our
 * {@link WebSocketUpgradeHandler}, decoder and encoder. A client sends the text command
 * {@code "BINARY n"} or {@code "TEXT n"}; the server answers with {@code n} messages of the fixed
 * payload, each in frames of {@link #FRAGMENT} bytes, pacing itself on the channel's writability
 * so that no more than Netty's write buffer is queued.
 */
final class ShowcaseServer implements AutoCloseable {
    static final int FRAGMENT = 4096;

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    private final Queue<Throwable> errors = new ConcurrentLinkedQueue<>();

    ShowcaseServer(BufferPool pool, byte[] binary, byte[] textUtf8) throws InterruptedException {
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast(
                                        new HttpServerCodec(),
                                        new HttpObjectAggregator(8192),
                                        new WebSocketUpgradeHandler("/ws", pool, WebSocketLimits.DEFAULT, FRAGMENT),
                                        new Sender(pool, binary, textUtf8));
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0))
                .sync()
                .channel();
    }

    URI uri() {
        return URI.create("ws://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort() + "/ws");
    }

    /** What went wrong on the server side, if anything; the showcase turns it into a failed check. */
    Queue<Throwable> errors() {
        return errors;
    }

    @Override
    public void close() throws InterruptedException {
        server.close().sync();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
    }

    /** Answers commands with messages; one per connection. */
    private final class Sender extends ChannelInboundHandlerAdapter {
        private final BufferPool pool;
        private final byte[] binary;
        private final byte[] text;
        private MessageType type;
        private int remaining;

        Sender(BufferPool pool, byte[] binary, byte[] text) {
            this.pool = pool;
            this.binary = binary;
            this.text = text;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof WebSocketMessage command) {
                // released by our decoder when this returns
                String[] words = command.text().split(" ");
                type = MessageType.valueOf(words[0]);
                remaining = Integer.parseInt(words[1]);
                pump(ctx);
            } else {
                ReferenceCountUtil.release(msg); // control frames: the decoder answers pings and closes itself
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            pump(ctx);
            ctx.fireChannelWritabilityChanged();
        }

        private void pump(ChannelHandlerContext ctx) {
            while (remaining > 0 && ctx.channel().isWritable()) {
                remaining--;
                // the payload goes into pooled chunks; the encoder sends them as they are and releases them once
                // written
                RecyclableOutputStream content = pool.newStream("showcase-server");
                try {
                    content.write(type == MessageType.TEXT ? text : binary);
                } catch (RuntimeException e) {
                    content.close();
                    throw e;
                }
                WebSocketMessage message =
                        type == MessageType.TEXT ? WebSocketMessage.text(content) : WebSocketMessage.binary(content);
                ctx.writeAndFlush(message);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            errors.add(cause);
            ctx.close();
        }
    }
}
