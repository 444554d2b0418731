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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one ownership rule: lent, released when the listener returns unless retained; text lent
 * decoded follows it too, encoded to UTF-8 only when its bytes are asked for.
 */
class MessageLenderTest {
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private RecyclableOutputStream filled(MessageLender lender, int bytes) throws Exception {
        RecyclableOutputStream content = lender.newContent();
        content.write(new byte[bytes]);
        return content;
    }

    @Test
    void releasesAnUnretainedMessageWhenTheListenerReturnsOrThrows() throws Exception {
        MessageLender lender = new MessageLender(pool, "test", false);
        List<WebSocketMessage> seen = new ArrayList<>();
        lender.lend(MessageType.BINARY, filled(lender, 5000), m -> {
            assertEquals(5000, m.length());
            seen.add(m);
        });
        assertTrue(seen.get(0).isClosed());
        assertEquals(0, pool.stats().bytesInUse());
        assertThrows(
                IllegalStateException.class,
                () -> lender.lend(MessageType.TEXT, filled(lender, 10), m -> {
                    throw new IllegalStateException("listener bug");
                }));
        assertEquals(0, pool.stats().bytesInUse());
        lender.lend(MessageType.TEXT, filled(lender, 10), WebSocketMessage::close); // closed by the listener
    }

    @Test
    void withoutKeepChunkTheStreamIsReusedButHoldsNothingBetweenMessages() throws Exception {
        MessageLender lender = new MessageLender(pool, "test", false);
        List<byte[]> seen = new ArrayList<>();
        RecyclableOutputStream first = filled(lender, 3000);
        lender.lend(MessageType.BINARY, first, m -> seen.add(m.content().toByteArray()));
        assertEquals(0, pool.stats().bytesInUse(), "no chunk is kept: an unseen end of the connection loses nothing");
        RecyclableOutputStream second = lender.newContent();
        assertSame(first, second, "the stream object is reused");
        assertFalse(second.isClosed());
        second.write(new byte[] {1, 2, 3});
        lender.lend(MessageType.BINARY, second, m -> seen.add(m.content().toByteArray()));
        assertEquals(3000, seen.get(0).length);
        assertArrayEquals(new byte[] {1, 2, 3}, seen.get(1));
        lender.close();
        assertTrue(second.isClosed(), "close() closes the kept stream");
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void aRetainedMessageBelongsToTheListener() throws Exception {
        MessageLender lender = new MessageLender(pool, "test", true);
        List<WebSocketMessage> kept = new ArrayList<>();
        lender.lend(MessageType.BINARY, filled(lender, 3000), m -> kept.add(m.retain()));
        lender.lend(MessageType.BINARY, filled(lender, 3000), m -> kept.add(m.retain()));
        assertNotSame(kept.get(0), kept.get(1));
        assertEquals(3000, kept.get(0).length());
        assertTrue(pool.stats().bytesInUse() >= 6000);
        kept.forEach(WebSocketMessage::close);
        lender.close();
    }

    @Test
    void keepsTheLastUnretainedStreamForTheNextMessageUntilClosed() throws Exception {
        MessageLender lender = new MessageLender(pool, "test", true);
        List<WebSocketMessage> seen = new ArrayList<>();
        RecyclableOutputStream first = filled(lender, 3000);
        lender.lend(MessageType.BINARY, first, seen::add);
        // one chunk (at most the pool's largest) is kept for the next message
        assertTrue(pool.stats().bytesInUse() <= pool.maxChunkSize(), String.valueOf(pool.stats()));
        RecyclableOutputStream second = lender.newContent();
        assertSame(first, second);
        assertEquals(0, second.length());
        lender.lend(MessageType.TEXT, second, seen::add);
        assertSame(seen.get(0), seen.get(1), "an unretained message object is reused");
        lender.close();
        assertEquals(0, pool.stats().bytesInUse());
        // after close, lent streams are released, not kept
        lender.lend(MessageType.BINARY, filled(lender, 100), m -> {});
        lender.close();
    }

    /** Decoded text backed by a String, counting what the message asks of it. */
    private static final class CountingText implements DecodedText {
        final String text;
        int encodings;
        int releases;

        CountingText(String text) {
            this.text = text;
        }

        @Override
        public String text() {
            return text;
        }

        @Override
        public long utf8Length() {
            return text.getBytes(StandardCharsets.UTF_8).length;
        }

        @Override
        public void encodeUtf8(RecyclableOutputStream out) throws IOException {
            encodings++;
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public void release() {
            releases++;
        }
    }

    @Test
    void decodedTextIsEncodedOnlyWhenItsBytesAreAskedForAndReleasedOnce() throws Exception {
        MessageLender lender = new MessageLender(pool, "test", false);
        String text = "κόσμε 😀 ".repeat(500);
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        CountingText onlyText = new CountingText(text);
        lender.lendText(onlyText, m -> {
            assertTrue(m.isText());
            assertEquals(text, m.text());
            assertEquals(utf8.length, m.length());
        });
        assertEquals(0, onlyText.encodings, "a String reader never pays for UTF-8");
        assertEquals(1, onlyText.releases);
        assertEquals(0, pool.stats().bytesInUse());

        CountingText bytes = new CountingText(text);
        List<WebSocketMessage> seen = new ArrayList<>();
        lender.lendText(bytes, m -> {
            assertArrayEquals(utf8, m.content().toByteArray());
            assertArrayEquals(utf8, m.toByteArray());
            assertEquals(utf8.length, m.length());
            assertEquals(text, m.text(), "the String still comes from the UTF-16");
            assertTrue(pool.stats().bytesInUse() >= utf8.length);
            seen.add(m);
        });
        assertEquals(1, bytes.encodings, "encoded once for every byte accessor");
        assertEquals(1, bytes.releases);
        assertTrue(seen.get(0).isClosed());
        assertEquals(0, pool.stats().bytesInUse(), "the UTF-8's chunks went back with the message");
        RecyclableOutputStream kept = lender.newContent();
        assertEquals(0, kept.length(), "the lender keeps the emptied stream for the next message");
        kept.close();

        CountingText closedByListener = new CountingText("x");
        lender.lendText(closedByListener, WebSocketMessage::close);
        CountingText thrownAt = new CountingText("y");
        assertThrows(
                IllegalStateException.class,
                () -> lender.lendText(thrownAt, m -> {
                    m.content();
                    throw new IllegalStateException("listener bug");
                }));
        assertEquals(1, closedByListener.releases);
        assertEquals(1, thrownAt.releases);
        lender.close();
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void aRetainedDecodedMessageMakesItsBytesInAStreamOfItsOwnOnAnyThread() throws Exception {
        MessageLender lender = new MessageLender(pool, "test", false);
        List<WebSocketMessage> kept = new ArrayList<>();
        CountingText first = new CountingText("first €".repeat(300));
        CountingText second = new CountingText("second 中".repeat(300));
        lender.lendText(first, m -> kept.add(m.retain()));
        lender.lendText(second, m -> kept.add(m.retain()));
        assertEquals(0, first.releases + second.releases);
        RecyclableOutputStream next = lender.newContent();
        java.util.concurrent.CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 2; i++) {
                        WebSocketMessage m = kept.get(i);
                        String text = (i == 0 ? first : second).text;
                        assertNotSame(next, m.content(), "not the lender's stream");
                        assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), m.toByteArray());
                        m.close();
                        m.close();
                    }
                })
                .get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(1, first.releases);
        assertEquals(1, second.releases);
        assertThrows(IllegalStateException.class, () -> kept.get(0).content());
        next.close();
        lender.close();
    }
}
