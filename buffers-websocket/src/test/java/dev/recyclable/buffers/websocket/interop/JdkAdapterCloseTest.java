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
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketAdapter;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketSender;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The JDK adapter keeps the last unretained message's stream (one chunk) for the next message;
 * the JDK does not tell the listener about {@code abort()}, so {@link JdkWebSocketAdapter#close()}
 * releases it, from any thread, also during a callback.
 */
class JdkAdapterCloseTest {
    private final BufferPool pool = BufferPool.builder().build();
    private final BufferPool serverPool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
        PoolAssertions.assertNothingInUse(serverPool);
    }

    private static String next(BlockingQueue<String> events) throws InterruptedException {
        String e = events.poll(30, TimeUnit.SECONDS);
        assertNotNull(e, "no event within 30 s");
        return e;
    }

    private WebSocket connect(NettyEchoServer server, JdkWebSocketAdapter adapter) {
        return HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"), adapter)
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }

    private void sendBinary(WebSocket ws, byte[] payload) throws Exception {
        RecyclableOutputStream s = pool.newStream();
        s.write(payload);
        JdkWebSocketSender.sendBinary(ws, s).get(30, TimeUnit.SECONDS);
    }

    @Test
    void afterAbortCloseReleasesTheChunkKeptForTheNextMessage() throws Exception {
        BlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
        JdkWebSocketAdapter adapter =
                new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, m -> received.add(m.toByteArray()));
        try (NettyEchoServer server = new NettyEchoServer(serverPool, WebSocketLimits.DEFAULT, 4096)) {
            WebSocket ws = connect(server, adapter);
            Random random = new Random(5);
            for (int i = 0; i < 20; i++) {
                byte[] payload = new byte[random.nextInt(20_000)];
                random.nextBytes(payload);
                sendBinary(ws, payload);
                byte[] echo = received.poll(30, TimeUnit.SECONDS);
                assertNotNull(echo, "no echo within 30 s");
                assertArrayEquals(payload, echo, "message " + i);
            }
            ws.abort();
            assertTrue(pool.stats().bytesInUse() > 0, "the stream kept for the next message holds a chunk");
            adapter.close();
            adapter.close(); // idempotent
        }
    }

    @Test
    void closeDuringACallbackReleasesOnTheWayOutAndLaterMessagesAreDropped() throws Exception {
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        AtomicReference<JdkWebSocketAdapter> self = new AtomicReference<>();
        WebSocketListener listener = new WebSocketListener() {
            @Override
            public void onMessage(WebSocketMessage message) {
                events.add("message " + message.length());
                self.get().close();
            }

            @Override
            public void onClose(int code, String reason) {
                events.add("close " + code);
            }
        };
        JdkWebSocketAdapter adapter = new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, listener);
        self.set(adapter);
        try (NettyEchoServer server = new NettyEchoServer(serverPool, WebSocketLimits.DEFAULT, 4096)) {
            WebSocket ws = connect(server, adapter);
            sendBinary(ws, new byte[10_000]);
            assertEquals("message 10000", next(events));
            sendBinary(ws, new byte[20_000]); // echoed, and dropped by the closed adapter
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
            assertEquals("close 1000", next(events), "nothing delivered after close()");
            assertEquals(2, server.messages.get());
        }
    }
}
