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
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketClientHandshaker;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
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
        client.channel = Loopback.connect(
                group, uri, c -> new ChannelHandler[] {new HttpClientCodec(), new HttpObjectAggregator(8192), client});
        return client.upgraded();
    }

    /**
     * Connects with {@code handshaker} (to its URI), {@code wire} first in the pipeline to count the
     * bytes read, and waits for the upgrade to complete.
     */
    static NettyWsClient connect(EventLoopGroup group, RecyclableWebSocketClientHandshaker handshaker, WireBytes wire)
            throws InterruptedException {
        NettyWsClient client = new NettyWsClient(handshaker);
        client.channel = Loopback.connect(group, handshaker.uri(), c ->
                new ChannelHandler[] {wire, new HttpClientCodec(), new HttpObjectAggregator(8192), client});
        return client.upgraded();
    }

    private NettyWsClient upgraded() throws InterruptedException {
        assertTrue(handshakeDone.await(10, TimeUnit.SECONDS), "no upgrade within 10 s");
        assertTrue(handshakeDone.isSuccess(), () -> "upgrade failed: " + handshakeDone.cause());
        return this;
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

    /** Sends {@code payload} as one message of {@code type}, from a stream of {@code pool}. */
    void send(BufferPool pool, MessageType type, byte[] payload) throws Exception {
        RecyclableOutputStream s = pool.newStream();
        s.write(payload);
        channel.writeAndFlush(type == MessageType.TEXT ? WebSocketMessage.text(s) : WebSocketMessage.binary(s))
                .sync();
    }

    /**
     * Sends, to an echoing peer, a text and a binary message of each of {@code sizes} up to
     * {@code maxSize} (payloads seeded from {@code seed} on), then {@link Payloads#json} 0 to 999;
     * asserts that each comes back the same. Returns the payload bytes sent.
     */
    long echoAll(BufferPool pool, int[] sizes, int maxSize, int seed) throws Exception {
        long payloadBytes = 0;
        for (int size : sizes) {
            if (size > maxSize) {
                continue;
            }
            for (MessageType type : MessageType.values()) {
                byte[] payload = Payloads.of(type, size, seed++);
                payloadBytes += size;
                send(pool, type, payload);
                assertEquals(type + ":" + MessageDigests.sha256(payload), next(), "size " + size);
            }
        }
        for (int i = 0; i < 1000; i++) {
            byte[] payload = Payloads.json(i);
            payloadBytes += payload.length;
            send(pool, MessageType.TEXT, payload);
            assertEquals("TEXT:" + MessageDigests.sha256(payload), next(), "message " + i);
        }
        return payloadBytes;
    }

    String next() throws InterruptedException {
        String e = events.poll(60, TimeUnit.SECONDS);
        assertNotNull(e, "no event within 60 s");
        return e;
    }
}
