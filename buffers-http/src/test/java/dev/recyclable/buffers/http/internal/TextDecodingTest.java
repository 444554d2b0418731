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
package dev.recyclable.buffers.http.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The text of a body: charset parameters as RFC 9110 writes them, and decoding against the JDK's own decoders. */
class TextDecodingTest {
    private static final List<Charset> CHARSETS = List.of(
            StandardCharsets.UTF_8,
            StandardCharsets.ISO_8859_1,
            StandardCharsets.US_ASCII,
            StandardCharsets.UTF_16,
            StandardCharsets.UTF_16BE,
            StandardCharsets.UTF_16LE,
            Charset.forName("windows-1252"),
            Charset.forName("Shift_JIS"));

    private final BufferPool small = BufferPool.builder()
            .minChunkSize(64)
            .maxChunkSize(1024)
            .leakDetection(LeakDetection.DISABLED)
            .idleDecay(Duration.ZERO)
            .build();
    private final BufferPool large = BufferPool.builder()
            .leakDetection(LeakDetection.DISABLED)
            .idleDecay(Duration.ZERO)
            .build();

    @AfterEach
    void nothingInUse() {
        PoolAssertions.assertNothingInUse(small, Duration.ZERO);
        PoolAssertions.assertNothingInUse(large, Duration.ZERO);
    }

    @Test
    void charsetParameters() throws IOException {
        assertEquals("utf-8", TextDecoding.charsetParameter("text/plain; charset=utf-8"));
        assertEquals("UTF-8", TextDecoding.charsetParameter("text/plain;charset=\"UTF-8\""));
        assertEquals("iso-8859-1", TextDecoding.charsetParameter("text/html; q=1; Charset = iso-8859-1 ; x=y"));
        assertEquals("a\"b", TextDecoding.charsetParameter("text/plain; charset=\"a\\\"b\""));
        assertEquals("utf-8", TextDecoding.charsetParameter("text/plain; flag; charset=utf-8"));
        assertEquals("utf-8", TextDecoding.charsetParameter("text/plain; title=\"x; charset=no\"; charset=utf-8"));
        assertNull(TextDecoding.charsetParameter("text/plain"));
        assertNull(TextDecoding.charsetParameter("text/plain;"));
        assertNull(TextDecoding.charsetParameter("text/plain; charset="));
        assertNull(TextDecoding.charsetParameter("text/plain; charset=\"\""));
        assertNull(TextDecoding.charsetParameter("text/plain; format=flowed"));

        Charset fallback = StandardCharsets.UTF_16;
        assertEquals(fallback, TextDecoding.charset(Optional.empty(), fallback, true));
        assertEquals(fallback, TextDecoding.charset(Optional.of("application/json"), fallback, true));
        assertEquals(
                StandardCharsets.ISO_8859_1,
                TextDecoding.charset(Optional.of("text/plain; charset=latin1"), fallback, true));
        IOException unknown = assertThrows(
                IOException.class,
                () -> TextDecoding.charset(Optional.of("text/plain; charset=no-such-charset"), fallback, true));
        assertEquals(true, unknown.getMessage().contains("no-such-charset"), unknown.getMessage());
        assertThrows(
                IOException.class,
                () -> TextDecoding.charset(Optional.of("text/plain; charset=\"a b\""), fallback, true));
        assertEquals(
                fallback, TextDecoding.charset(Optional.of("text/plain; charset=no-such-charset"), fallback, false));
    }

    /**
     * Differential, over hundreds of generated bodies (valid text, random bytes, text with bytes
     * broken into it, a literal U+FFFD) in eight charsets and three actions, on contents of one chunk
     * and of many: REPLACE is {@code new String(bytes, charset)}, REPORT and IGNORE are the JDK's
     * decoder with that action (REPORT throwing exactly when the JDK's does).
     */
    @Test
    void decodesAsTheJdkDoes() throws IOException {
        Random random = new Random(37);
        for (int i = 0; i < 600; i++) {
            Charset charset = CHARSETS.get(random.nextInt(CHARSETS.size()));
            byte[] bytes = body(random, charset);
            BufferPool pool = random.nextBoolean() ? small : large;
            for (CodingErrorAction action : new CodingErrorAction[] {
                CodingErrorAction.REPLACE, CodingErrorAction.REPORT, CodingErrorAction.IGNORE
            }) {
                String what = i + ": " + bytes.length + " bytes of " + charset + ", " + action;
                String expected;
                CharacterCodingException expectedFailure = null;
                if (action == CodingErrorAction.REPLACE) {
                    expected = new String(bytes, charset);
                } else {
                    try {
                        expected = charset.newDecoder()
                                .onMalformedInput(action)
                                .onUnmappableCharacter(action)
                                .decode(ByteBuffer.wrap(bytes))
                                .toString();
                    } catch (CharacterCodingException e) {
                        expected = null;
                        expectedFailure = e;
                    }
                }
                try (RecyclableOutputStream content = pool.newStream()) {
                    content.write(bytes);
                    if (expectedFailure != null) {
                        CharacterCodingException e = assertThrows(
                                CharacterCodingException.class,
                                () -> TextDecoding.decode(content, charset, action),
                                what);
                        assertEquals(expectedFailure.getClass(), e.getClass(), what);
                    } else {
                        assertEquals(expected, TextDecoding.decode(content, charset, action), what);
                    }
                }
            }
        }
    }

    private static byte[] body(Random random, Charset charset) {
        int length = random.nextInt(random.nextInt(10) == 0 ? 100_000 : 3000);
        switch (random.nextInt(4)) {
            case 0 -> {
                byte[] b = new byte[length];
                random.nextBytes(b);
                return b;
            }
            case 1 -> {
                return text(random, length).getBytes(charset);
            }
            case 2 -> {
                byte[] b = text(random, length).getBytes(charset);
                for (int k = 0; k < 3 && b.length > 0; k++) {
                    b[random.nextInt(b.length)] = (byte) (0x80 + random.nextInt(128));
                }
                return b;
            }
            default -> {
                return (text(random, length / 2) + "\uFFFD" + text(random, length / 2)).getBytes(charset);
            }
        }
    }

    private static String text(Random random, int length) {
        String alphabet = "abc xyz{}\":,0123456789éüßЖж中文字😀€";
        StringBuilder b = new StringBuilder(length);
        while (b.length() < length) {
            int at = random.nextInt(alphabet.length());
            if (Character.isHighSurrogate(alphabet.charAt(at))) {
                b.append(alphabet, at, at + 2);
            } else if (!Character.isLowSurrogate(alphabet.charAt(at))) {
                b.append(alphabet.charAt(at));
            }
        }
        return b.toString();
    }

    @Test
    void emptyContentIsTheEmptyString() throws IOException {
        try (RecyclableOutputStream content = small.newStream()) {
            for (Charset charset : CHARSETS) {
                assertEquals("", TextDecoding.decode(content, charset, CodingErrorAction.REPORT));
            }
        }
    }
}
