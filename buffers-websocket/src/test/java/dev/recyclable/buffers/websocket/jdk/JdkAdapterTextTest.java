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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JDK adapter's text path, called as the JDK calls it: pieces of every kind of
 * {@code CharSequence} the JDK (or another caller) may hand over, split anywhere (inside
 * surrogate pairs too), are kept until their message is released, and the message gives the
 * exact text as a {@code String} and its UTF-8 through every byte accessor; the stages returned
 * to the JDK complete when the pieces are let go; limits count UTF-8 bytes.
 */
class JdkAdapterTextTest {

    private static final String ALPHABET = "aZ0 éßκό€中𝄞😀";

    /** The UTF-8 of {@code text}, unpaired surrogates as U+FFFD. */
    private static byte[] utf8(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints()
                .forEach(cp -> sb.appendCodePoint(Character.isSurrogate((char) cp) && cp < 0x10000 ? 0xFFFD : cp));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** How a piece reaches the adapter. */
    private enum PieceKind {
        /** As the JDK client makes it: {@code CharBuffer.allocate} (capacity above the chars), filled, flipped. */
        HEAP,
        /** A heap buffer at a position inside a larger array. */
        HEAP_AT_POSITION,
        /** A heap buffer sliced out of a larger array: a non-zero array offset. */
        HEAP_SLICE,
        /** No accessible array. */
        READ_ONLY_HEAP,
        /** No array at all. */
        DIRECT,
        STRING,
        STRING_BUILDER;

        CharSequence of(String text, int from, int to) {
            int n = to - from;
            return switch (this) {
                case HEAP -> CharBuffer.allocate(n + 7).put(text, from, to).flip();
                case HEAP_AT_POSITION -> CharBuffer.wrap(("#####" + text + "#").toCharArray(), 5 + from, n);
                case HEAP_SLICE ->
                    CharBuffer.wrap(("#####" + text + "#").toCharArray(), 5 + from, n)
                            .slice();
                case READ_ONLY_HEAP ->
                    CharBuffer.wrap(text.toCharArray(), from, n).asReadOnlyBuffer();
                case DIRECT ->
                    ByteBuffer.allocateDirect(2 * n)
                            .asCharBuffer()
                            .put(text, from, to)
                            .flip();
                case STRING -> text.substring(from, to);
                case STRING_BUILDER -> new StringBuilder(text.substring(from, to));
            };
        }
    }

    /** What a listener saw of one message, read in the order the test asks for. */
    private record Seen(
            String text, byte[] bytes, long lengthBefore, long lengthAfter, byte[] fromStream, byte[] fromViews) {}

    /** Reads every accessor; {@code bytesFirst} decides whether the UTF-8 is made before the String. */
    private static Seen read(WebSocketMessage m, boolean bytesFirst) {
        try {
            long lengthBefore = m.length();
            byte[] bytes = bytesFirst ? m.toByteArray() : null;
            String text = m.text();
            if (!bytesFirst) {
                bytes = m.toByteArray();
            }
            byte[] fromStream;
            try (InputStream in = m.newInputStream()) {
                fromStream = in.readAllBytes();
            }
            byte[] fromViews;
            try (ByteBufferView view = m.byteBuffers()) {
                ByteBuffer joined = ByteBuffer.allocate((int) m.length());
                for (ByteBuffer b : view.buffers()) {
                    joined.put(b.duplicate());
                }
                fromViews = joined.array();
            }
            assertEquals(text, m.toString());
            return new Seen(text, bytes, lengthBefore, m.length(), fromStream, fromViews);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Splits {@code text} at random places (empty pieces and cuts inside surrogate pairs included). */
    private static List<int[]> randomCuts(String text, Random random, int maxPiece) {
        List<int[]> cuts = new ArrayList<>();
        int i = 0;
        do {
            int n = Math.min(text.length() - i, random.nextInt(maxPiece + 1));
            cuts.add(new int[] {i, i + n});
            i += n;
        } while (i < text.length());
        return cuts;
    }

    @Test
    void everyPieceKindAndSplitGivesTheExactTextAndItsUtf8() throws Exception {
        String[] samples = {
            "",
            "plain ascii",
            "{\"id\":1,\"name\":\"user 1\",\"active\":true},",
            ALPHABET,
            "😀𝄞",
            "\uD834",
            "\uDD1E lone low",
            "a\uD834b",
            "end high \uD83D"
        };
        Random random = new Random(21);
        for (boolean direct : new boolean[] {false, true}) {
            BufferPool pool = BufferPool.builder()
                    .minChunkSize(64)
                    .maxChunkSize(1024)
                    .directChunks(direct)
                    .build();
            for (PieceKind kind : PieceKind.values()) {
                for (String sample : samples) {
                    String text = sample.repeat(1 + random.nextInt(300));
                    for (int round = 0; round < 6; round++) {
                        boolean bytesFirst = round % 2 == 0;
                        List<Seen> seen = new ArrayList<>();
                        StubWebSocket ws = new StubWebSocket();
                        JdkWebSocketAdapter adapter = new JdkWebSocketAdapter(
                                pool, WebSocketLimits.DEFAULT, m -> seen.add(read(m, bytesFirst)));
                        List<int[]> cuts = randomCuts(text, random, round < 3 ? 9 : 3000);
                        List<CompletionStage<?>> stages = new ArrayList<>();
                        for (int c = 0; c < cuts.size(); c++) {
                            boolean last = c == cuts.size() - 1;
                            CompletionStage<?> stage =
                                    adapter.onText(ws, kind.of(text, cuts.get(c)[0], cuts.get(c)[1]), last);
                            if (last) {
                                assertNull(stage, "an unretained message lets go of its pieces when it returns");
                            } else {
                                assertNotNull(stage, "a kept piece gets a stage");
                                assertFalse(stage.toCompletableFuture().isDone(), "kept until the message ends");
                                stages.add(stage);
                            }
                        }
                        String where = kind + ", " + (direct ? "direct" : "heap") + " chunks, sample " + sample.length()
                                + " chars, round " + round;
                        assertEquals(1, seen.size(), where);
                        byte[] expected = utf8(text);
                        Seen s = seen.get(0);
                        assertEquals(text, s.text(), where);
                        assertArrayEquals(expected, s.bytes(), where);
                        assertArrayEquals(expected, s.fromStream(), where);
                        assertArrayEquals(expected, s.fromViews(), where);
                        assertEquals(expected.length, s.lengthBefore(), where + ": counted without encoding");
                        assertEquals(expected.length, s.lengthAfter(), where);
                        assertTrue(
                                stages.stream()
                                        .allMatch(st -> st.toCompletableFuture().isDone()),
                                where);
                        assertEquals(cuts.size(), ws.requested, "one request per delivery");
                        assertFalse(adapter.isAssembling());
                    }
                }
            }
            PoolAssertions.assertNothingInUse(pool);
        }
    }

    /** A surrogate pair cut between two deliveries of each kind, the high half at the end of one piece. */
    @Test
    void aPairCutBetweenDeliveriesIsJoined() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        String text = "x😀y𝄞";
        for (PieceKind first : PieceKind.values()) {
            for (PieceKind second : PieceKind.values()) {
                List<Seen> seen = new ArrayList<>();
                JdkWebSocketAdapter adapter =
                        new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, m -> seen.add(read(m, false)));
                StubWebSocket ws = new StubWebSocket();
                adapter.onText(ws, first.of(text, 0, 2), false); // "x" and the high half of U+1F600
                adapter.onText(ws, second.of(text, 2, 5), false); // its low half, "y", the high half of U+1D11E
                adapter.onText(ws, first.of(text, 5, 6), true);
                assertEquals(text, seen.get(0).text(), first + " then " + second);
                assertArrayEquals(
                        text.getBytes(StandardCharsets.UTF_8), seen.get(0).bytes(), first + ", " + second);
                assertEquals(10, seen.get(0).lengthBefore());
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aRetainedMessageKeepsItsPiecesUntilClosedWhateverFollows() throws Exception {
        BufferPool pool =
                BufferPool.builder().minChunkSize(64).maxChunkSize(1024).build();
        List<WebSocketMessage> kept = new ArrayList<>();
        JdkWebSocketAdapter adapter = new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, m -> {
            if (kept.size() % 2 == 0) {
                m.content(); // the UTF-8 made while lent moves with the message when it is retained
            }
            kept.add(m.retain());
        });
        StubWebSocket ws = new StubWebSocket();
        List<String> texts = new ArrayList<>();
        List<CompletionStage<?>> lastStages = new ArrayList<>();
        Random random = new Random(5);
        for (int i = 0; i < 20; i++) {
            String text = (i + ALPHABET).repeat(1 + random.nextInt(200));
            texts.add(text);
            CompletionStage<?> last = null;
            for (int[] cut : randomCuts(text, random, 500)) {
                last = adapter.onText(ws, PieceKind.HEAP.of(text, cut[0], cut[1]), cut[1] == text.length());
            }
            assertNotNull(last, "the retained message still holds its pieces");
            lastStages.add(last);
        }
        // read on another thread, after every later message
        CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < kept.size(); i++) {
                        WebSocketMessage m = kept.get(i);
                        assertEquals(texts.get(i), m.text(), "message " + i);
                        assertArrayEquals(utf8(texts.get(i)), m.toByteArray(), "message " + i);
                        m.close();
                        assertTrue(lastStages.get(i).toCompletableFuture().isDone(), "completed on close");
                    }
                })
                .get(30, TimeUnit.SECONDS);
        assertThrows(IllegalStateException.class, kept.get(0)::text);
        kept.forEach(WebSocketMessage::close); // idempotent
        PoolAssertions.assertNothingInUse(pool);
    }

    /**
     * A view of an unretained text message's UTF-8, taken during the call, keeps its bytes after
     * the message is released, while the adapter lends more messages (and reuses its kept stream).
     */
    @Test
    void aViewOfTheUtf8OutlivesTheMessage() throws Exception {
        BufferPool pool =
                BufferPool.builder().minChunkSize(64).maxChunkSize(1024).build();
        List<ByteBufferView> views = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        JdkWebSocketAdapter adapter =
                new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, m -> views.add(m.byteBuffers()));
        StubWebSocket ws = new StubWebSocket();
        Random random = new Random(8);
        for (int i = 0; i < 50; i++) {
            String text = (i + " " + ALPHABET).repeat(1 + random.nextInt(100));
            texts.add(text);
            List<int[]> cuts = randomCuts(text, random, 700);
            for (int c = 0; c < cuts.size(); c++) {
                adapter.onText(ws, PieceKind.HEAP.of(text, cuts.get(c)[0], cuts.get(c)[1]), c == cuts.size() - 1);
            }
        }
        for (int i = 0; i < views.size(); i++) {
            ByteBufferView view = views.get(i);
            ByteBuffer joined = ByteBuffer.allocate(utf8(texts.get(i)).length);
            for (ByteBuffer b : view.buffers()) {
                joined.put(b.duplicate());
            }
            assertArrayEquals(utf8(texts.get(i)), joined.array(), "message " + i);
            view.close();
        }
        adapter.onClose(ws, 1000, "");
        PoolAssertions.assertNothingInUse(pool);
    }

    /** A listener that retains a message and then throws fails the connection, but keeps the message. */
    @Test
    void aMessageRetainedByAListenerThatThrowsStaysTheListeners() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        List<WebSocketMessage> kept = new ArrayList<>();
        List<Throwable> errors = new ArrayList<>();
        JdkWebSocketAdapter adapter = new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, new WebSocketListener() {
            @Override
            public void onMessage(WebSocketMessage message) {
                kept.add(message.retain());
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void onError(Throwable e) {
                errors.add(e);
            }
        });
        StubWebSocket ws = new StubWebSocket();
        String text = "kept κόσμε 😀".repeat(100);
        CompletionStage<?> first = adapter.onText(ws, PieceKind.HEAP.of(text, 0, 600), false);
        CompletionStage<?> last = adapter.onText(ws, PieceKind.HEAP.of(text, 600, text.length()), true);
        assertInstanceOf(IllegalStateException.class, errors.get(0));
        assertEquals(List.of(CloseCodes.INTERNAL_ERROR), ws.closeCodes);
        assertFalse(first.toCompletableFuture().isDone(), "the retained message still holds the pieces");
        assertEquals(text, kept.get(0).text());
        assertArrayEquals(utf8(text), kept.get(0).toByteArray());
        kept.get(0).close();
        assertTrue(first.toCompletableFuture().isDone());
        assertTrue(last.toCompletableFuture().isDone());
        PoolAssertions.assertNothingInUse(pool);
    }

    /** Every char is one to three UTF-8 bytes: the limit counts the bytes, not the chars. */
    @Test
    void theMessageLimitCountsUtf8Bytes() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxMessageSize(3000);
        assertEquals(List.of(), failures(pool, limits, "€".repeat(1000)), "3000 bytes fit");
        assertEquals(List.of(1009), failures(pool, limits, "€".repeat(1001)), "1001 chars, 3003 bytes");
        assertEquals(List.of(1009), failures(pool, limits, "a".repeat(3001)));
        assertEquals(List.of(), failures(pool, limits, "😀".repeat(750)), "1500 chars, 3000 bytes");
        // the pool's stream cap, lower than the limit, is a limit too: the UTF-8 must fit a stream
        BufferPool capped = BufferPool.builder().maxStreamSize(2048).build();
        assertEquals(List.of(), failures(capped, WebSocketLimits.DEFAULT, "é".repeat(1024)));
        assertEquals(List.of(1009), failures(capped, WebSocketLimits.DEFAULT, "é".repeat(1025)));
        PoolAssertions.assertNothingInUse(pool);
        PoolAssertions.assertNothingInUse(capped);
    }

    /** Delivers {@code text} in 100-char pieces; returns the close codes of the errors the listener got. */
    private static List<Integer> failures(BufferPool pool, WebSocketLimits limits, String text) {
        List<Integer> codes = new ArrayList<>();
        List<String> delivered = new ArrayList<>();
        StubWebSocket ws = new StubWebSocket();
        JdkWebSocketAdapter adapter = new JdkWebSocketAdapter(pool, limits, new WebSocketListener() {
            @Override
            public void onMessage(WebSocketMessage message) {
                delivered.add(message.text());
                message.content(); // the UTF-8 fits the pool's streams
            }

            @Override
            public void onError(Throwable error) {
                codes.add(assertInstanceOf(WebSocketProtocolException.class, error)
                        .closeCode());
            }
        });
        for (int i = 0; i < text.length(); i += 100) {
            int end = Math.min(text.length(), i + 100);
            adapter.onText(ws, PieceKind.HEAP.of(text, i, end), end == text.length());
        }
        if (codes.isEmpty()) {
            assertEquals(List.of(text), delivered);
        } else {
            assertEquals(List.of(), delivered);
            assertEquals(List.of(CloseCodes.POLICY_VIOLATION), ws.closeCodes, "the JDK cannot send 1009");
            assertFalse(adapter.isAssembling());
        }
        return codes;
    }

    @Test
    void aConnectionEndingMidMessageLetsGoOfThePieces() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        for (boolean error : new boolean[] {false, true}) {
            List<Object> events = new ArrayList<>();
            JdkWebSocketAdapter adapter =
                    new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, new WebSocketListener() {
                        @Override
                        public void onMessage(WebSocketMessage message) {
                            events.add(message.text());
                        }

                        @Override
                        public void onClose(int code, String reason) {
                            events.add(code);
                        }

                        @Override
                        public void onError(Throwable e) {
                            events.add(e);
                        }
                    });
            StubWebSocket ws = new StubWebSocket();
            CompletionStage<?> stage = adapter.onText(ws, PieceKind.HEAP.of("partial κόσμε", 0, 13), false);
            assertTrue(adapter.isAssembling());
            if (error) {
                adapter.onError(ws, new java.io.IOException("reset"));
            } else {
                adapter.onClose(ws, 1001, "going away");
            }
            assertTrue(stage.toCompletableFuture().isDone());
            assertFalse(adapter.isAssembling());
            assertEquals(1, events.size(), String.valueOf(events));
            assertFalse(events.get(0) instanceof String, "no message delivered");
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void binaryInTheMiddleOfATextMessageFailsTheConnection() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        List<Throwable> errors = new ArrayList<>();
        JdkWebSocketAdapter adapter = new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, new WebSocketListener() {
            @Override
            public void onMessage(WebSocketMessage message) {
                throw new AssertionError("no message");
            }

            @Override
            public void onError(Throwable e) {
                errors.add(e);
            }
        });
        StubWebSocket ws = new StubWebSocket();
        CompletionStage<?> stage = adapter.onText(ws, "start", false);
        adapter.onBinary(ws, ByteBuffer.wrap(new byte[10]), true);
        assertInstanceOf(IllegalStateException.class, errors.get(0));
        assertEquals(List.of(CloseCodes.INTERNAL_ERROR), ws.closeCodes);
        assertTrue(stage.toCompletableFuture().isDone());
        adapter.onText(ws, "ignored after the failure", true);
        assertEquals(1, errors.size());
        PoolAssertions.assertNothingInUse(pool);
    }
}
