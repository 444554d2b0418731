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

import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketClientHandshaker;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The last handler of the deflate interop tests' Netty client: runs our client handshake
 * (a refused answer fails {@link #handshakeDone}) and records what arrives as digests.
 */
final class DeflateTestClient extends SimpleChannelInboundHandler<Object> {
    final RecyclableWebSocketClientHandshaker handshaker;
    final BlockingQueue<String> events = new LinkedBlockingQueue<>();
    ChannelPromise handshakeDone;

    DeflateTestClient(RecyclableWebSocketClientHandshaker handshaker) {
        this.handshaker = handshaker;
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
        events.add("error:" + cause);
        ctx.close();
    }

    String next() throws InterruptedException {
        String e = events.poll(60, TimeUnit.SECONDS);
        assertNotNull(e, "no event within 60 s");
        return e;
    }

    /** Counts the bytes that arrive from the socket, before any decoding: proof that compression happened. */
    static final class WireBytes extends ChannelInboundHandlerAdapter {
        final AtomicLong read = new AtomicLong();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf b) {
                read.addAndGet(b.readableBytes());
            }
            ctx.fireChannelRead(msg);
        }
    }
}
