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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.HeldContent;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link WebSocketMessage.Lender}, which transport adapters use: it reuses the message object and
 * its stream when the listener kept nothing, and never anything the listener kept.
 */
class MessageLenderTest {
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private static byte[] payload(Random random, int size) {
        byte[] p = new byte[size];
        random.nextBytes(p);
        return p;
    }

    private RecyclableOutputStream filled(WebSocketMessage.Lender lender, byte[] payload) throws Exception {
        RecyclableOutputStream s = lender.newContent();
        s.write(payload);
        return s;
    }

    @Test
    void whatTheListenerDidNotKeepServesTheNextMessageAndOnlyOneChunkStaysBetweenMessages() throws Exception {
        List<WebSocketMessage> seen = new ArrayList<>();
        List<byte[]> copies = new ArrayList<>();
        WebSocketListener listener = m -> {
            seen.add(m);
            copies.add(m.toByteArray());
        };
        Random random = new Random(1);
        try (WebSocketMessage.Lender lender = new WebSocketMessage.Lender(pool, "test")) {
            RecyclableOutputStream first = filled(lender, payload(random, 5000));
            lender.lend(MessageType.BINARY, first, listener);
            assertTrue(seen.get(0).isClosed(), "released when the listener returned");
            assertTrue(pool.stats().bytesInUse() <= pool.maxChunkSize(), String.valueOf(pool.stats()));
            for (int i = 0; i < 100; i++) {
                byte[] p = payload(random, random.nextInt(3000));
                RecyclableOutputStream next = filled(lender, p);
                assertSame(first, next, "the stream is reused");
                lender.lend(i % 2 == 0 ? MessageType.TEXT : MessageType.BINARY, next, listener);
                assertArrayEquals(p, copies.get(copies.size() - 1), "message " + i);
                assertSame(seen.get(0), seen.get(seen.size() - 1), "the message object is reused");
                assertEquals(
                        i % 2 == 0 ? MessageType.TEXT : MessageType.BINARY,
                        seen.get(seen.size() - 1).type());
            }
        }
    }

    @Test
    void aRetainedMessageKeepsItsObjectAndStreamAndTheNextMessageGetsNewOnes() throws Exception {
        List<WebSocketMessage> kept = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        Random random = new Random(2);
        try (WebSocketMessage.Lender lender = new WebSocketMessage.Lender(pool, "test")) {
            RecyclableOutputStream previous = null;
            for (int i = 0; i < 50; i++) {
                byte[] p = payload(random, random.nextInt(4000));
                RecyclableOutputStream content = filled(lender, p);
                if (i % 3 == 1) {
                    assertNotSame(previous, content, "a retained message's stream is never handed out again");
                } else if (i > 0) {
                    assertSame(previous, content, "an unretained message's stream serves the next");
                }
                previous = content;
                boolean retain = i % 3 == 0;
                if (retain) {
                    payloads.add(p);
                }
                lender.lend(MessageType.BINARY, content, m -> {
                    if (retain) {
                        kept.add(m.retain());
                    }
                });
            }
        }
        assertEquals(payloads.size(), kept.size());
        for (int i = 0; i < kept.size(); i++) {
            if (i > 0) {
                assertNotSame(kept.get(i - 1), kept.get(i));
            }
            assertArrayEquals(payloads.get(i), kept.get(i).toByteArray(), "retained message " + i);
            kept.get(i).close();
        }
    }

    @Test
    void viewsOfUnretainedMessagesKeepTheirBytesWhileTheStreamServesLaterMessages() throws Exception {
        List<ByteBufferView> views = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        Random random = new Random(3);
        try (WebSocketMessage.Lender lender = new WebSocketMessage.Lender(pool, "test")) {
            for (int i = 0; i < 200; i++) {
                byte[] p = payload(random, random.nextInt(i % 20 == 0 ? 10_000 : 1500));
                boolean view = i % 7 == 0;
                if (view) {
                    payloads.add(p);
                }
                lender.lend(MessageType.BINARY, filled(lender, p), m -> {
                    if (view) {
                        views.add(m.byteBuffers());
                    }
                });
            }
        }
        for (int i = 0; i < views.size(); i++) {
            HeldContent.assertShows(payloads.get(i), views.get(i), "view " + i);
        }
        views.forEach(ByteBufferView::close);
    }

    @Test
    void aListenerThatClosesOrThrowsLeavesNothingBehind() throws Exception {
        try (WebSocketMessage.Lender lender = new WebSocketMessage.Lender(pool, "test")) {
            RecyclableOutputStream closedByListener = filled(lender, new byte[3000]);
            lender.lend(MessageType.BINARY, closedByListener, WebSocketMessage::close);
            assertTrue(closedByListener.isClosed());
            RecyclableOutputStream next = filled(lender, new byte[100]);
            assertNotSame(closedByListener, next, "a closed stream is never handed out again");
            RuntimeException thrown = assertThrows(
                    IllegalStateException.class,
                    () -> lender.lend(MessageType.TEXT, next, m -> {
                        throw new IllegalStateException("listener failed");
                    }));
            assertEquals("listener failed", thrown.getMessage());
            RecyclableOutputStream reused = lender.newContent();
            assertSame(next, reused, "the message was not retained: its stream serves the next");
            lender.lend(MessageType.TEXT, reused, m -> {});
        }
    }

    @Test
    void aMessageLentAfterCloseIsReleasedInsteadOfKept() throws Exception {
        WebSocketMessage.Lender lender = new WebSocketMessage.Lender(pool, "test");
        RecyclableOutputStream content = filled(lender, new byte[2000]);
        lender.lend(MessageType.BINARY, content, m -> lender.close());
        assertTrue(content.isClosed());
        assertThrows(IllegalStateException.class, lender::newContent);
        lender.close();
    }
}
