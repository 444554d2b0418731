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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.interop.NettyViews;
import dev.recyclable.buffers.testing.HeldContent;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketAdapter;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketSender;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The transports inherit the decoder's rule: a view of a message the application did not
 * retain keeps its bytes until it is released, however many messages follow.
 */
class AdaptersHoldViewsTest {
    private final BufferPool pool = BufferPool.builder()
            .minChunkSize(256)
            .maxChunkSize(4096)
            .leakDetection(LeakDetection.DISABLED)
            .build();
    private final BufferPool serverPool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
        PoolAssertions.assertNothingInUse(serverPool);
    }

    private static byte[] payload(Random random, int index) {
        byte[] p = new byte[random.nextInt(index % 25 == 0 ? 30_000 : 5000)];
        random.nextBytes(p);
        return p;
    }

    private static byte[] bytesOf(ByteBuf buf) {
        byte[] b = new byte[buf.readableBytes()];
        buf.getBytes(buf.readerIndex(), b);
        return b;
    }

    @Test
    void aHandlerAfterTheNettyDecoderMayKeepByteBufViewsOfMessagesItDoesNotRetain() throws Exception {
        List<ByteBuf> kept = new ArrayList<>();
        int[] seen = {0};
        EmbeddedChannel ch = new EmbeddedChannel(
                new RecyclableWebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        if (msg instanceof WebSocketMessage m && seen[0]++ % 10 == 0) {
                            kept.add(NettyViews.asByteBuf(m.content())); // released by the decoder after this call
                        }
                    }
                });
        Random random = new Random(11);
        List<byte[]> expected = new ArrayList<>();
        WebSocketEncoder client = new WebSocketEncoder(Role.CLIENT, 0);
        for (int i = 0; i < 1000; i++) {
            byte[] payload = payload(random, i);
            if (i % 10 == 0) {
                expected.add(payload);
            }
            ByteArrayOutputStream wire = new ByteArrayOutputStream();
            try (RecyclableOutputStream s = pool.newStream()) {
                s.write(payload);
                client.writeMessage(MessageType.BINARY, s, wire);
            }
            ch.writeInbound(Unpooled.wrappedBuffer(wire.toByteArray()));
        }
        assertEquals(1000, seen[0]);
        assertEquals(100, kept.size());
        for (int i = 0; i < kept.size(); i++) {
            assertArrayEquals(expected.get(i), bytesOf(kept.get(i)), "message " + i * 10);
        }
        kept.forEach(ByteBuf::release);
        ch.finishAndReleaseAll();
    }

    @Test
    void aJdkAdapterListenerMayKeepViewsOfMessagesItDoesNotRetain() throws Exception {
        LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
        WebSocketListener keepViews = new WebSocketListener() {
            @Override
            public void onMessage(WebSocketMessage message) {
                events.add(message.byteBuffers()); // the adapter releases the message after this call
            }

            @Override
            public void onError(Throwable error) {
                events.add(error);
            }
        };
        try (NettyEchoServer server = new NettyEchoServer(serverPool, WebSocketLimits.DEFAULT, 4096)) {
            WebSocket ws = HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(
                            URI.create("ws://127.0.0.1:" + server.port() + "/ws"),
                            new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, keepViews))
                    .orTimeout(10, TimeUnit.SECONDS)
                    .join();
            Random random = new Random(12);
            List<byte[]> sent = new ArrayList<>();
            List<ByteBufferView> views = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                byte[] payload = payload(random, i);
                sent.add(payload);
                RecyclableOutputStream s = pool.newStream();
                s.write(payload);
                JdkWebSocketSender.sendBinary(ws, s).get(30, TimeUnit.SECONDS);
                Object event = events.poll(30, TimeUnit.SECONDS);
                assertNotNull(event, "no echo within 30 s");
                assertTrue(event instanceof ByteBufferView, String.valueOf(event));
                views.add((ByteBufferView) event);
            }
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
            for (int i = 0; i < views.size(); i++) {
                HeldContent.assertShows(sent.get(i), views.get(i), "message " + i);
            }
            views.forEach(ByteBufferView::close);
        }
    }
}
