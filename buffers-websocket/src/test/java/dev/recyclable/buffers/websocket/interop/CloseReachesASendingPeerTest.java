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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.FrameHeader;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A peer that is still sending when our server fails the connection must still see our Close.
 * This is what a browser does when its message breaks our limit: it keeps writing the message
 * while our Close is on its way. If the server closed its socket at once, the data still
 * arriving would be answered with a TCP reset, the peer's next write would fail, and Chromium
 * drops the connection as 1006 without reading our 1009 (BrowserPeerTest saw exactly that).
 */
class CloseReachesASendingPeerTest {
    private static final int FRAME_PAYLOAD = 16 << 20;

    private final BufferPool serverPool = BufferPool.builder().build();
    private final BufferPool clientPool = BufferPool.builder().build();

    @Test
    void aPeerStillWritingItsOverLimitMessageFinishesWithoutAResetAndReadsOur1009() throws Exception {
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxMessageSize(64 * 1024);
        try (NettyEchoServer server = new NettyEchoServer(serverPool, limits, 4096);
                RawWebSocketClient client = new RawWebSocketClient(server.port(), "/ws")) {
            // the whole 16 MiB frame goes out regardless of what comes back, as a browser's send() does
            CompletableFuture<IOException> writer = CompletableFuture.supplyAsync(() -> writeOneFrame(client));

            List<String> closes = new CopyOnWriteArrayList<>();
            try (WebSocketDecoder decoder =
                    new WebSocketDecoder(clientPool, Role.CLIENT, WebSocketLimits.DEFAULT, new WebSocketListener() {
                        @Override
                        public void onMessage(WebSocketMessage message) {
                            closes.add("unexpected message");
                        }

                        @Override
                        public void onClose(int code, String reason) {
                            closes.add(code + " " + reason);
                        }
                    })) {
                client.readUntil(decoder, () -> !closes.isEmpty());
            }
            assertEquals(1, closes.size(), () -> "seen: " + closes);
            assertEquals(
                    CloseCodes.MESSAGE_TOO_BIG + " message of at least " + FRAME_PAYLOAD
                            + " bytes exceeds the limit of 65536 (close code 1009)",
                    closes.get(0));

            assertNull(writer.get(60, TimeUnit.SECONDS), "the peer's writes after our Close must not be reset");
            // the peer answers our Close, and then sees the server's end of the stream, not a reset
            new WebSocketEncoder(Role.CLIENT, 0).writeClose(CloseCodes.MESSAGE_TOO_BIG, "", client.out);
            assertEquals(-1, client.in.read(), "after our Close the server sends nothing more and ends its side");

            assertEquals(1, server.errors.size(), () -> "server errors: " + server.errors);
            assertEquals(
                    CloseCodes.MESSAGE_TOO_BIG,
                    assertInstanceOf(WebSocketProtocolException.class, server.errors.get(0))
                            .closeCode());
            assertEquals(0, server.messages.get());
        }
        PoolAssertions.assertNothingInUse(serverPool);
        PoolAssertions.assertNothingInUse(clientPool);
    }

    @Test
    void aPeerThatNeverClosesIsCutOffAfterTheLinger() throws Exception {
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxMessageSize(64 * 1024);
        try (NettyEchoServer server = new NettyEchoServer(serverPool, limits, 4096);
                RawWebSocketClient client = new RawWebSocketClient(server.port(), "/ws")) {
            byte[] header = new byte[FrameHeader.MAX_LENGTH];
            int headerLength = FrameHeader.write(header, 0, true, Opcodes.BINARY, 1 << 20, true, 0x1234_5678);
            client.out.write(header, 0, headerLength);
            client.out.flush();
            long closeSeen = readUntilEndOfStream(client);
            // we neither answer nor close: the server drains what we send, then gives up on us
            byte[] chunk = new byte[1024];
            IOException reset = null;
            while (reset == null && System.nanoTime() - closeSeen < TimeUnit.SECONDS.toNanos(30)) {
                try {
                    client.out.write(chunk);
                    client.out.flush();
                    Thread.sleep(50);
                } catch (IOException e) {
                    reset = e;
                }
            }
            long lingered = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closeSeen);
            assertNotNull(reset, "the server still accepts data 30 s after its Close");
            // LingeringClose.LINGER_MILLIS is 5 s; a slow machine can only make this later
            assertTrue(lingered >= 4_500, "closed after " + lingered + " ms");
            assertEquals(1, server.errors.size(), () -> "server errors: " + server.errors);
        }
        PoolAssertions.assertNothingInUse(serverPool);
    }

    /** Reads the server's Close and its end of stream; returns when the Close arrived (nanoTime). */
    private static long readUntilEndOfStream(RawWebSocketClient client) throws IOException {
        long closeSeen = 0;
        byte[] buffer = new byte[256];
        int n;
        while ((n = client.in.read(buffer)) >= 0) {
            if (n > 0 && closeSeen == 0) {
                assertEquals(0x88, buffer[0] & 0xFF, "a Close frame first");
                closeSeen = System.nanoTime();
            }
        }
        assertTrue(closeSeen != 0, "no Close before the end of stream");
        return closeSeen;
    }

    /** Writes one masked binary frame of {@link #FRAME_PAYLOAD} bytes; returns the write's failure, if any. */
    private static IOException writeOneFrame(RawWebSocketClient client) {
        byte[] header = new byte[FrameHeader.MAX_LENGTH];
        int headerLength = FrameHeader.write(header, 0, true, Opcodes.BINARY, FRAME_PAYLOAD, true, 0x1234_5678);
        byte[] chunk = new byte[64 * 1024]; // the content is never looked at: the header alone breaks the limit
        try {
            client.out.write(header, 0, headerLength);
            for (int sent = 0; sent < FRAME_PAYLOAD; sent += chunk.length) {
                client.out.write(chunk);
            }
            client.out.flush();
            return null;
        } catch (IOException e) {
            return e;
        }
    }
}
