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
package dev.recyclable.buffers.websocket.jdk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The adapter's watch over a partly assembled message, for the ends the JDK does not report:
 * {@code abort()}, and a connection lost without a word (its Ping fails); and a connection that
 * only pauses, which it leaves alone. Driven as the JDK drives it, against a stub connection.
 */
class JdkAdapterWatchTest {
    private final BufferPool pool = BufferPool.builder().build();
    private final List<Object> heard = new CopyOnWriteArrayList<>();
    private final JdkWebSocketAdapter adapter =
            new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, new WebSocketListener() {
                @Override
                public void onMessage(WebSocketMessage message) {
                    heard.add(message.toByteArray());
                }

                @Override
                public void onError(Throwable error) {
                    heard.add(error);
                }
            });
    private final StubWebSocket ws = new StubWebSocket();
    private final byte[] payload = new byte[200_000];

    JdkAdapterWatchTest() {
        new Random(1).nextBytes(payload);
    }

    private void firstHalf() {
        adapter.onOpen(ws);
        adapter.onBinary(ws, ByteBuffer.wrap(payload, 0, 100_000), false);
        assertTrue(pool.stats().bytesInUse() >= 100_000);
    }

    @Test
    void anAbortedConnectionsMessageIsReleasedWithinAFractionOfASecond() throws Exception {
        firstHalf();
        ws.abort(); // the JDK tells no listener
        PoolAssertions.assertNothingInUse(pool, Duration.ofSeconds(2));
        assertFalse(adapter.isAssembling());
        assertEquals(List.of(), heard, "the application aborted: nothing to tell it");
        assertEquals(0, ws.pings.get());
        // whatever the JDK still delivers is dropped, and nothing is leased for it
        adapter.onBinary(ws, ByteBuffer.wrap(payload, 100_000, 100_000), true);
        assertEquals(List.of(), heard);
        PoolAssertions.assertNothingInUse(pool, Duration.ZERO);
    }

    @Test
    void aConnectionLostWithoutAWordIsFoundByAPingThatCannotBeSent() throws Exception {
        IOException closedOutput = new IOException("closed output");
        ws.pingFailure = closedOutput;
        firstHalf();
        PoolAssertions.assertNothingInUse(pool, Duration.ofSeconds(5));
        assertTrue(ws.pings.get() >= 1);
        assertTrue(ws.aborted, "the dead connection is aborted");
        assertEquals(1, heard.size(), String.valueOf(heard));
        IOException lost = assertInstanceOf(IOException.class, heard.get(0));
        assertTrue(lost.getMessage().startsWith("connection lost in the middle of a message"), lost.getMessage());
        assertSame(closedOutput, lost.getCause());
        assertFalse(adapter.isAssembling());
    }

    @Test
    void aConnectionThatOnlyPausesIsAskedAndGoesOn() throws Exception {
        firstHalf();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (ws.pings.get() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(ws.pings.get() >= 2, "a Ping each second of the pause");
        assertTrue(adapter.isAssembling(), "a pause is not an end");
        adapter.onBinary(ws, ByteBuffer.wrap(payload, 100_000, 100_000), true);
        assertEquals(1, heard.size(), String.valueOf(heard));
        assertArrayEquals(payload, (byte[]) heard.get(0));
        int pings = ws.pings.get();
        Thread.sleep(1500);
        assertEquals(pings, ws.pings.get(), "no Ping between messages");
        PoolAssertions.assertNothingInUse(pool, Duration.ZERO);
    }
}
