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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.fixtures.NodePeer;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketAdapter;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketSender;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The JDK's {@code java.net.http.WebSocket} client with our adapter, against our Netty server
 * in-process and against npm ws; plus the limits each side enforces.
 */
class JdkClientInteropTest {
    private final BufferPool clientPool = BufferPool.builder().build();
    private final BufferPool serverPool = BufferPool.builder().build();
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(clientPool);
        PoolAssertions.assertNothingInUse(serverPool);
    }

    /** Every event as a string, handed from the JDK's threads to the test thread. */
    private static final class Events implements WebSocketListener {
        final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        volatile Throwable error;

        @Override
        public void onMessage(WebSocketMessage message) {
            queue.add(message.type() + ":" + MessageDigests.sha256(message.content()));
        }

        @Override
        public void onPing(ByteBuffer payload) {
            queue.add("ping");
        }

        @Override
        public void onClose(int code, String reason) {
            queue.add("close:" + code);
        }

        @Override
        public void onError(Throwable e) {
            error = e;
            queue.add("error:" + e.getClass().getSimpleName());
        }

        String next() throws InterruptedException {
            String e = queue.poll(60, TimeUnit.SECONDS);
            assertNotNull(e, "no event within 60 s");
            return e;
        }
    }

    private WebSocket connect(String uri, Events events, WebSocketLimits limits) {
        return http.newWebSocketBuilder()
                .buildAsync(URI.create(uri), new JdkWebSocketAdapter(clientPool, limits, events))
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }

    private RecyclableOutputStream pooled(byte[] bytes) throws Exception {
        RecyclableOutputStream s = clientPool.newStream();
        s.write(bytes);
        return s;
    }

    /** Sends every size both ways and returns how many pings arrived while receiving. */
    private int exchangeAll(WebSocket ws, Events events) throws Exception {
        int pings = 0;
        int seed = 100;
        for (int size : Payloads.SIZES) {
            for (MessageType type : MessageType.values()) {
                byte[] payload = type == MessageType.TEXT ? Payloads.text(size, seed) : Payloads.binary(size, seed);
                seed++;
                if (type == MessageType.TEXT) {
                    JdkWebSocketSender.sendText(ws, pooled(payload)).get(60, TimeUnit.SECONDS);
                } else {
                    JdkWebSocketSender.sendBinary(ws, pooled(payload)).get(60, TimeUnit.SECONDS);
                }
                String event = events.next();
                while (event.equals("ping")) {
                    pings++;
                    event = events.next();
                }
                assertEquals(type + ":" + MessageDigests.sha256(payload), event, "size " + size);
            }
        }
        return pings;
    }

    @Test
    void jdkClientAgainstOurNettyServerInProcess() throws Exception {
        try (NettyEchoServer server = new NettyEchoServer(serverPool, WebSocketLimits.DEFAULT, 4096)) {
            Events events = new Events();
            WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/ws", events, WebSocketLimits.DEFAULT);
            assertEquals(0, exchangeAll(ws, events));
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
            assertEquals("close:1000", events.next());
            assertEquals(2 * Payloads.SIZES.length, server.messages.get());
            assertTrue(server.errors.isEmpty(), String.valueOf(server.errors));
        }
    }

    @Test
    void jdkClientAgainstWsServerWithPingsMidMessage() throws Exception {
        try (NodePeer node = NodePeer.start("echo-server", "4096")) {
            Events events = new Events();
            WebSocket ws = connect("ws://127.0.0.1:" + node.port() + "/", events, WebSocketLimits.DEFAULT);
            int pings = exchangeAll(ws, events);
            long fragmented = java.util.Arrays.stream(Payloads.SIZES)
                            .filter(s -> s > 4096)
                            .count()
                    * 2;
            assertEquals(fragmented, pings);
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
            assertEquals("close:1000", events.next());
        }
    }

    /**
     * The JDK's own text deliveries, kept by the adapter past their callbacks: every text
     * message echoed by ws (4 KiB fragments cutting code points, a Ping mid-message) is read as
     * a {@code String} and as UTF-8 only after all of them have arrived, from retained messages.
     * Were the JDK to reuse the buffers it hands to {@code onText}, the earlier messages would
     * show later bytes.
     */
    @Test
    void retainedTextMessagesKeepTheJdksBuffersIntactWhileMoreArrive() throws Exception {
        BlockingQueue<WebSocketMessage> kept = new LinkedBlockingQueue<>();
        try (NodePeer node = NodePeer.start("echo-server", "4096")) {
            WebSocket ws = http.newWebSocketBuilder()
                    .buildAsync(
                            URI.create("ws://127.0.0.1:" + node.port() + "/"),
                            new JdkWebSocketAdapter(clientPool, WebSocketLimits.DEFAULT, m -> kept.add(m.retain())))
                    .orTimeout(10, TimeUnit.SECONDS)
                    .join();
            List<byte[]> sent = new ArrayList<>();
            int seed = 40;
            for (int size : Payloads.SIZES) {
                byte[] payload = Payloads.text(size, seed++);
                sent.add(payload);
                JdkWebSocketSender.sendText(ws, pooled(payload)).get(60, TimeUnit.SECONDS);
            }
            for (int i = 0; i < 50; i++) {
                byte[] payload = Payloads.json(i);
                sent.add(payload);
                JdkWebSocketSender.sendText(ws, pooled(payload)).get(60, TimeUnit.SECONDS);
            }
            List<WebSocketMessage> received = new ArrayList<>();
            while (received.size() < sent.size()) {
                WebSocketMessage m = kept.poll(60, TimeUnit.SECONDS);
                assertNotNull(m, "echo " + received.size() + " within 60 s");
                received.add(m);
            }
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
            for (int i = 0; i < sent.size(); i++) {
                WebSocketMessage m = received.get(i);
                byte[] payload = sent.get(i);
                assertEquals(new String(payload, StandardCharsets.UTF_8), m.text(), "message " + i);
                assertEquals(payload.length, m.length(), "message " + i);
                assertEquals(MessageDigests.sha256(payload), MessageDigests.sha256(m.content()), "message " + i);
                m.close();
            }
        }
    }

    @Test
    void ourNettyServerRefusesAMessageOverItsLimitWith1009() throws Exception {
        WebSocketLimits serverLimits = WebSocketLimits.DEFAULT.withMaxMessageSize(1 << 20);
        try (NettyEchoServer server = new NettyEchoServer(serverPool, serverLimits, 4096)) {
            Events events = new Events();
            WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/ws", events, WebSocketLimits.DEFAULT);
            // sent as 64 KiB chunks (one frame each): the server fails at the header that crosses 1 MiB
            JdkWebSocketSender.sendBinary(ws, pooled(Payloads.binary(2 << 20, 1)));
            assertEquals("close:" + CloseCodes.MESSAGE_TOO_BIG, events.next());
            // the server reports the violation right after flushing its Close: the client may be faster
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.errors.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(0, server.messages.get());
            assertInstanceOf(WebSocketProtocolException.class, server.errors.get(0));
            assertEquals(1009, ((WebSocketProtocolException) server.errors.get(0)).closeCode());
        }
    }

    @Test
    void ourJdkAdapterEnforcesItsOwnLimit() throws Exception {
        try (NettyEchoServer server = new NettyEchoServer(serverPool, WebSocketLimits.DEFAULT, 4096)) {
            Events events = new Events();
            WebSocket ws = connect(
                    "ws://127.0.0.1:" + server.port() + "/ws",
                    events,
                    WebSocketLimits.DEFAULT.withMaxMessageSize(64 * 1024));
            JdkWebSocketSender.sendBinary(ws, pooled(Payloads.binary(1 << 20, 2)))
                    .get(30, TimeUnit.SECONDS);
            List<String> seen = new ArrayList<>();
            String event;
            do {
                event = events.next();
                seen.add(event);
            } while (!event.startsWith("close"));
            assertEquals("error:WebSocketProtocolException", seen.get(0), String.valueOf(seen));
            assertEquals(1009, ((WebSocketProtocolException) events.error).closeCode());
            // the JDK cannot send 1009, so the adapter closes with 1008 and the server echoes it
            assertEquals("close:1008", seen.get(seen.size() - 1));
            assertFalse(seen.stream().anyMatch(e -> e.startsWith("BINARY")), String.valueOf(seen));
            assertEquals(List.of(1008), server.closeCodesReceived);
        }
    }
    /**
     * Direct chunks, as the Netty README recommends, reused message after message: each chunk's
     * buffer was filled by Netty's {@code getBytes(index, ByteBuffer)}, which moves its limit.
     * Every echo reaches the JDK client intact, the close is a clean 1000, and the server's
     * pool ends with nothing in use.
     */
    @Test
    void aDirectChunksServerEchoesAThousandMixedMessages() throws Exception {
        BufferPool directPool = BufferPool.builder().directChunks(true).build();
        int[] sizes = {0, 1, 125, 126, 1000, 4096, 65535, 65536, 70_000, 140_000};
        java.util.Random random = new java.util.Random(7);
        try (NettyEchoServer server = new NettyEchoServer(directPool, WebSocketLimits.DEFAULT, 16384)) {
            Events events = new Events();
            WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/ws", events, WebSocketLimits.DEFAULT);
            for (int i = 0; i < 1000; i++) {
                MessageType type = random.nextBoolean() ? MessageType.TEXT : MessageType.BINARY;
                byte[] payload = Payloads.of(type, sizes[random.nextInt(sizes.length)], i);
                if (type == MessageType.TEXT) {
                    JdkWebSocketSender.sendText(ws, pooled(payload)).get(60, TimeUnit.SECONDS);
                } else {
                    JdkWebSocketSender.sendBinary(ws, pooled(payload)).get(60, TimeUnit.SECONDS);
                }
                assertEquals(type + ":" + MessageDigests.sha256(payload), events.next(), "message " + i);
            }
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
            assertEquals("close:1000", events.next());
            assertEquals(1000, server.messages.get());
            assertEquals(List.of(1000), server.closeCodesReceived);
            assertTrue(server.errors.isEmpty(), String.valueOf(server.errors));
        }
        PoolAssertions.assertNothingInUse(directPool);
    }
}
