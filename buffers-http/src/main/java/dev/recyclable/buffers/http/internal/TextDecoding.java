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

import dev.recyclable.buffers.PooledArray;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.Optional;

/**
 * Text of a body: its charset from {@code Content-Type}, and its pooled bytes decoded to a
 * {@code String}. The bytes reach the {@code String} constructor as one pooled array
 * ({@link RecyclableOutputStream#contiguous()}: the content's only chunk itself when it fits one,
 * else one copy into an array leased from the pool), so the {@code String} is the one allocation.
 */
public final class TextDecoding {
    private static final char REPLACEMENT = '\uFFFD';

    private TextDecoding() {}

    /**
     * The {@code charset} parameter of a {@code Content-Type} value (RFC 9110 section 8.3), or
     * {@code defaultCharset} when there is none.
     *
     * @param strict whether a charset that is named but unknown to this JVM fails; otherwise the
     *               default stands in for it, as the JDK's {@code BodyHandlers.ofString()} does
     * @throws IOException naming the charset, when strict and it is unknown
     */
    public static Charset charset(Optional<String> contentType, Charset defaultCharset, boolean strict)
            throws IOException {
        String name = contentType.map(TextDecoding::charsetParameter).orElse(null);
        if (name == null) {
            return defaultCharset;
        }
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            if (strict) {
                throw new IOException(
                        "the body's Content-Type names the charset '" + name + "', which this JVM does not support", e);
            }
            return defaultCharset;
        }
    }

    /** The value of the {@code charset} parameter, unquoted, or null. */
    static String charsetParameter(String contentType) {
        int at = contentType.indexOf(';');
        while (at >= 0 && at < contentType.length()) {
            int nameStart = at + 1;
            int equals = contentType.indexOf('=', nameStart);
            int next = contentType.indexOf(';', nameStart);
            if (equals < 0) {
                return null;
            }
            if (next >= 0 && next < equals) {
                at = next; // a parameter without a value
                continue;
            }
            String name = contentType.substring(nameStart, equals).strip();
            int valueStart = equals + 1;
            while (valueStart < contentType.length() && contentType.charAt(valueStart) == ' ') {
                valueStart++;
            }
            StringBuilder value = new StringBuilder();
            int end;
            if (valueStart < contentType.length() && contentType.charAt(valueStart) == '"') {
                end = valueStart + 1;
                while (end < contentType.length() && contentType.charAt(end) != '"') {
                    char c = contentType.charAt(end);
                    if (c == '\\' && end + 1 < contentType.length()) {
                        c = contentType.charAt(++end);
                    }
                    value.append(c);
                    end++;
                }
                end = contentType.indexOf(';', end);
            } else {
                end = contentType.indexOf(';', valueStart);
                value.append(contentType, valueStart, end < 0 ? contentType.length() : end);
            }
            if (name.toLowerCase(Locale.ROOT).equals("charset")) {
                String v = value.toString().strip();
                return v.isEmpty() ? null : v;
            }
            at = end;
        }
        return null;
    }

    /**
     * The content decoded with {@code charset}. {@link CodingErrorAction#REPLACE} replaces
     * malformed and unmappable input as {@code new String(bytes, charset)} does;
     * {@link CodingErrorAction#REPORT} fails on them; {@link CodingErrorAction#IGNORE} drops them.
     *
     * @throws CharacterCodingException for malformed or unmappable input, when reporting
     */
    public static String decode(RecyclableOutputStream content, Charset charset, CodingErrorAction malformed)
            throws CharacterCodingException {
        if (content.length() == 0) {
            return "";
        }
        try (PooledArray bytes = content.contiguous()) {
            byte[] array = bytes.array();
            int length = bytes.length();
            if (malformed == CodingErrorAction.REPLACE) {
                return new String(array, 0, length, charset);
            }
            if (malformed == CodingErrorAction.REPORT && replacesWithFffd(charset)) {
                // the common case decodes once, by the String constructor's fast paths; a replacement
                // character in the result is either malformed input or a literal U+FFFD, which a
                // strict second pass tells apart
                String text = new String(array, 0, length, charset);
                if (text.indexOf(REPLACEMENT) < 0) {
                    return text;
                }
                strictDecoding(charset).decode(ByteBuffer.wrap(array, 0, length));
                return text;
            }
            return charset.newDecoder()
                    .onMalformedInput(malformed)
                    .onUnmappableCharacter(malformed)
                    .decode(ByteBuffer.wrap(array, 0, length))
                    .toString();
        }
    }

    private static java.nio.charset.CharsetDecoder strictDecoding(Charset charset) {
        return charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /** The standard charsets, whose decoders replace bad input with U+FFFD (ISO-8859-1 has none). */
    private static boolean replacesWithFffd(Charset charset) {
        return charset.equals(StandardCharsets.UTF_8)
                || charset.equals(StandardCharsets.ISO_8859_1)
                || charset.equals(StandardCharsets.US_ASCII)
                || charset.equals(StandardCharsets.UTF_16)
                || charset.equals(StandardCharsets.UTF_16BE)
                || charset.equals(StandardCharsets.UTF_16LE);
    }
}
