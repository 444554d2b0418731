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
import dev.recyclable.buffers.websocket.DeflateOptions;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.WebSocketUpgradeHandler;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real Netty server on 127.0.0.1 whose pipeline is HTTP upgrade, then our decoder and encoder,
 * then an echo handler that writes every message back ({@code retain()} hands it to the encoder).
 */
final class NettyEchoServer implements AutoCloseable {
    final AtomicInteger messages = new AtomicInteger();
    final AtomicInteger pings = new AtomicInteger();
    final List<Integer> closeCodesReceived = new CopyOnWriteArrayList<>();
    final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final EventLoopGroup group = Loopback.group();
    private final Channel server;

    NettyEchoServer(BufferPool pool, WebSocketLimits limits, long fragmentSize) throws InterruptedException {
        this(pool, limits, fragmentSize, null);
    }

    /** @param deflate permessage-deflate options of the upgrade, or null */
    NettyEchoServer(BufferPool pool, WebSocketLimits limits, long fragmentSize, DeflateOptions deflate)
            throws InterruptedException {
        server = Loopback.serve(group, ch -> new ChannelHandler[] {
            new HttpServerCodec(),
            new HttpObjectAggregator(8192),
            new WebSocketUpgradeHandler("/ws", pool, limits, fragmentSize, deflate),
            new Echo()
        });
    }

    int port() {
        return Loopback.port(server);
    }

    private final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof WebSocketMessage m) {
                messages.incrementAndGet();
                ctx.writeAndFlush(m.retain());
            } else if (msg instanceof ControlFrame c) {
                if (c.opcode() == dev.recyclable.buffers.websocket.Opcodes.PING) {
                    pings.incrementAndGet();
                } else if (c.opcode() == dev.recyclable.buffers.websocket.Opcodes.CLOSE) {
                    closeCodesReceived.add(c.closeCode());
                }
            } else {
                ctx.fireChannelRead(msg);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            errors.add(cause);
            if (!(cause instanceof WebSocketProtocolException)) {
                ctx.close();
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        server.close().sync();
        Loopback.shutdown(group);
    }
}
