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
package dev.recyclable.buffers.websocket;

import static dev.recyclable.buffers.websocket.Frames.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Who owns a message and its chunks, and every way of reading one. */
class MessageOwnershipTest {
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void anUnretainedMessageIsReleasedWhenTheListenerReturns() throws Exception {
        List<WebSocketMessage> seen = new ArrayList<>();
        byte[] wire = Frames.fromClient()
                .frame(true, Opcodes.BINARY, new byte[10_000])
                .build();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, seen::add)) {
            decoder.feed(wire, 0, wire.length);
            assertTrue(seen.get(0).isClosed());
            assertThrows(IllegalStateException.class, () -> seen.get(0).length());
            // one chunk (at most the pool's largest) is kept for the next message; 10,000 bytes needed ten
            assertTrue(pool.stats().bytesInUse() <= pool.maxChunkSize(), String.valueOf(pool.stats()));
        }
    }

    @Test
    void aRetainedMessageOutlivesTheCallAndTheDecoderUntilClosed() throws Exception {
        List<WebSocketMessage> kept = new ArrayList<>();
        String text = "retained κόσμε ".repeat(300);
        byte[] wire = Frames.fromClient()
                .text(false, text.substring(0, 100))
                .ping("x")
                .cont(true, utf8(text.substring(100)))
                .text(true, "second")
                .build();
        try (WebSocketDecoder decoder =
                new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, m -> kept.add(m.retain()))) {
            decoder.feed(wire, 0, wire.length);
        }
        assertEquals(2, kept.size());
        assertNotSame(kept.get(0), kept.get(1));
        WebSocketMessage m = kept.get(0);
        assertTrue(m.isRetained());
        assertEquals(text, m.text());
        assertEquals(text, m.toString());
        assertArrayEquals(utf8(text), m.toByteArray());
        assertEquals(utf8(text).length, m.length());
        try (InputStream in = m.newInputStream()) {
            assertArrayEquals(utf8(text), in.readAllBytes());
        }
        try (ByteBufferView view = m.byteBuffers()) {
            ByteBuffer joined = ByteBuffer.allocate((int) m.length());
            for (ByteBuffer b : view.buffers()) {
                joined.put(b.duplicate());
            }
            assertArrayEquals(utf8(text), joined.array());
            assertTrue(view.buffers().length > 1, "a 4.8 KB message spans several 1 KiB chunks");
        }
        assertTrue(pool.stats().bytesInUse() > 0);
        kept.forEach(WebSocketMessage::close);
        kept.forEach(WebSocketMessage::close); // idempotent
        assertThrows(IllegalStateException.class, m::text);
    }

    @Test
    void aListenerMayCloseTheMessageItselfOrThrow() throws Exception {
        byte[] wire = Frames.fromClient().text(true, "one").text(true, "two").build();
        try (WebSocketDecoder decoder =
                new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, WebSocketMessage::close)) {
            decoder.feed(wire, 0, wire.length);
        }
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, m -> {
            throw new IllegalStateException("listener bug");
        })) {
            assertThrows(IllegalStateException.class, () -> decoder.feed(wire, 0, wire.length));
        }
    }

    @Test
    void binaryMessagesHaveNoText() throws Exception {
        List<String> descriptions = new ArrayList<>();
        byte[] wire =
                Frames.fromClient().frame(true, Opcodes.BINARY, new byte[3]).build();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, m -> {
            assertThrows(IllegalStateException.class, m::text);
            descriptions.add(m.toString());
        })) {
            decoder.feed(wire, 0, wire.length);
        }
        assertEquals(List.of("WebSocketMessage[BINARY, 3 bytes]"), descriptions);
    }

    @Test
    void closingTheDecoderMidMessageReleasesThePartialMessage() throws Exception {
        byte[] wire =
                Frames.fromClient().frame(false, Opcodes.BINARY, new byte[5000]).build();
        WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, m -> {});
        decoder.feed(wire, 0, wire.length - 10); // abort in the middle of the payload
        assertTrue(pool.stats().bytesInUse() >= 4000);
        decoder.close();
        decoder.close();
    }
}
