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
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The JDK adapter's UTF-8 encoding: UTF-16 pieces of every kind, split anywhere (also inside
 * surrogate pairs), come out as the UTF-8 of the whole text, with U+FFFD for unpaired
 * surrogates, up to a stream's size cap exactly.
 */
class Utf16ToUtf8Test {

    private static byte[] expected(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints()
                .forEach(cp -> sb.appendCodePoint(Character.isSurrogate((char) cp) && cp < 0x10000 ? 0xFFFD : cp));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** How a piece reaches the encoder: as the JDK delivers it, or as another CharSequence. */
    private enum PieceKind {
        /** A heap CharBuffer over a larger array, at an offset (the JDK client's own kind). */
        HEAP_CHAR_BUFFER,
        /** A read-only CharBuffer: no accessible array. */
        READ_ONLY_CHAR_BUFFER,
        /** A direct CharBuffer: no array at all. */
        DIRECT_CHAR_BUFFER,
        STRING,
        STRING_BUILDER;

        CharSequence of(String text, int from, int to) {
            return switch (this) {
                case HEAP_CHAR_BUFFER -> {
                    char[] padded = ("#".repeat(5) + text + "#").toCharArray();
                    yield CharBuffer.wrap(padded, 5 + from, to - from).slice();
                }
                case READ_ONLY_CHAR_BUFFER -> CharBuffer.wrap(text, from, to).asReadOnlyBuffer();
                case DIRECT_CHAR_BUFFER ->
                    ByteBuffer.allocateDirect(2 * (to - from))
                            .asCharBuffer()
                            .put(text, from, to)
                            .flip();
                case STRING -> text.substring(from, to);
                case STRING_BUILDER -> new StringBuilder(text.substring(from, to));
            };
        }
    }

    @Test
    void piecesSplitInsideSurrogatePairsAndUnpairedSurrogates() throws Exception {
        forEveryChunkKindAndPieceKind(256, 7);
    }

    /** Pieces longer than the encoder's blocks and than one chunk. */
    @Test
    void longPiecesCrossBlocksAndChunks() throws Exception {
        forEveryChunkKindAndPieceKind(4096, 3000);
    }

    /**
     * Every code point, each length's first and last included (U+007F/U+0080, U+07FF/U+0800,
     * U+D7FF/U+E000, U+FFFF/U+10000), comes out as the JDK's encoder writes it, into heap and
     * direct chunks, in pieces of the JDK client's kind cut anywhere.
     */
    @Test
    void everyCodePointEncodesAsTheJdkDoes() throws Exception {
        StringBuilder all = new StringBuilder();
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
                all.appendCodePoint(cp);
            }
        }
        String text = all.toString();
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        Random random = new Random(7);
        for (boolean direct : new boolean[] {false, true}) {
            BufferPool pool = BufferPool.builder().directChunks(direct).build();
            try (RecyclableOutputStream out = pool.newStream()) {
                Utf16ToUtf8 encoder = new Utf16ToUtf8();
                long total = 0;
                for (int i = 0; i < text.length(); ) {
                    int n = Math.min(text.length() - i, 1 + random.nextInt(9000));
                    total += encoder.append(PieceKind.HEAP_CHAR_BUFFER.of(text, i, i + n), i + n == text.length(), out);
                    i += n;
                }
                assertEquals(utf8.length, total);
                assertArrayEquals(utf8, out.toByteArray(), direct ? "direct chunks" : "heap chunks");
            }
            PoolAssertions.assertNothingInUse(pool);
        }
    }

    /**
     * A stream's size cap is reached exactly by text ending in 1- to 4-byte code points (the last
     * ones written with less than 4 bytes of room), and one byte more fails.
     */
    @Test
    void textEndsExactlyAtTheStreamCap() throws Exception {
        for (boolean direct : new boolean[] {false, true}) {
            for (String tail : new String[] {"a", "é", "€", "😀"}) {
                BufferPool pool = BufferPool.builder()
                        .minChunkSize(64)
                        .maxChunkSize(256)
                        .maxStreamSize(1000)
                        .directChunks(direct)
                        .build();
                int tailBytes = tail.getBytes(StandardCharsets.UTF_8).length;
                String fits = "x".repeat(1000 - 5 * tailBytes) + tail.repeat(5);
                String over = "x" + fits;
                for (PieceKind kind : PieceKind.values()) {
                    try (RecyclableOutputStream out = pool.newStream()) {
                        Utf16ToUtf8 encoder = new Utf16ToUtf8();
                        assertEquals(1000, encoder.append(kind.of(fits, 0, fits.length()), true, out), kind + tail);
                        assertArrayEquals(fits.getBytes(StandardCharsets.UTF_8), out.toByteArray(), kind + tail);
                    }
                    try (RecyclableOutputStream out = pool.newStream()) {
                        assertThrows(
                                BufferLimitExceededException.class,
                                () -> new Utf16ToUtf8().append(kind.of(over, 0, over.length()), true, out),
                                kind + tail);
                    }
                }
                PoolAssertions.assertNothingInUse(pool);
            }
        }
    }

    /** Heap and direct chunks of at most {@code maxChunkSize}, pieces of every kind up to {@code maxPiece} chars. */
    private static void forEveryChunkKindAndPieceKind(int maxChunkSize, int maxPiece) throws Exception {
        for (boolean direct : new boolean[] {false, true}) {
            for (PieceKind kind : PieceKind.values()) {
                BufferPool pool = BufferPool.builder()
                        .minChunkSize(64)
                        .maxChunkSize(maxChunkSize)
                        .directChunks(direct)
                        .build();
                encodesEveryPieceSplit(pool, kind, maxPiece);
            }
        }
    }

    private static void encodesEveryPieceSplit(BufferPool pool, PieceKind kind, int maxPiece) throws Exception {
        String[] samples = {
            "", "plain ascii", "κόσμε €中 𝄞😀 mixed", "\uD834", "\uDD1E lone low", "a\uD834b", "end high \uD83D"
        };
        Random random = new Random(11);
        for (String sample : samples) {
            String text = sample.repeat(1 + random.nextInt(200));
            for (int round = 0; round < 20; round++) {
                Utf16ToUtf8 encoder = new Utf16ToUtf8();
                try (RecyclableOutputStream out = pool.newStream()) {
                    int i = 0;
                    long total = 0;
                    do {
                        int n = Math.min(text.length() - i, random.nextInt(maxPiece));
                        boolean last = i + n == text.length();
                        long appended = encoder.append(kind.of(text, i, i + n), last, out);
                        i += n;
                        total += appended;
                        if (last) {
                            break;
                        }
                    } while (true);
                    assertArrayEquals(expected(text), out.toByteArray(), kind + ", " + sample);
                    assertEquals(out.length(), total, "bytes reported appended");
                }
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
