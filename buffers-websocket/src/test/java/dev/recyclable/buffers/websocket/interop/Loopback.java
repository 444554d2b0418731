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

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The loopback plumbing of the Netty interop tests: one event-loop thread, servers bound to a free
 * port on 127.0.0.1, clients connected to a {@code ws://} URI, each connection with a pipeline of
 * fresh handlers.
 */
final class Loopback {
    private Loopback() {}

    /** One NIO event-loop thread; end it with {@link #shutdown}. */
    static EventLoopGroup group() {
        return new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    }

    static void shutdown(EventLoopGroup group) throws InterruptedException {
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }

    /** A server on a free port of 127.0.0.1; every accepted connection gets {@code pipeline}'s handlers. */
    static Channel serve(EventLoopGroup group, Function<SocketChannel, ChannelHandler[]> pipeline)
            throws InterruptedException {
        return new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(initializer(pipeline))
                .bind(new InetSocketAddress("127.0.0.1", 0))
                .sync()
                .channel();
    }

    static int port(Channel server) {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** The URI of {@code path} on a server from {@link #serve}. */
    static URI uri(Channel server, String path) {
        return URI.create("ws://127.0.0.1:" + port(server) + path);
    }

    /** A client connection to {@code uri}'s host and port with {@code pipeline}'s handlers. */
    static Channel connect(EventLoopGroup group, URI uri, Function<SocketChannel, ChannelHandler[]> pipeline)
            throws InterruptedException {
        return new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .handler(initializer(pipeline))
                .connect(uri.getHost(), uri.getPort())
                .sync()
                .channel();
    }

    private static ChannelInitializer<SocketChannel> initializer(Function<SocketChannel, ChannelHandler[]> pipeline) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast(pipeline.apply(ch));
            }
        };
    }
}
