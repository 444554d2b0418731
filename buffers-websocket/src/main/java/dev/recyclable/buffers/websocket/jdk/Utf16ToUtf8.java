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

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;

/**
 * Encodes UTF-16 text straight into a stream's chunks as UTF-8, in pieces: a surrogate pair
 * split between two pieces is joined. Replaces unpaired surrogates with U+FFFD, as
 * {@code String.getBytes(UTF_8)} does.
 *
 * <p>One loop over a {@code char[]}: the JDK client delivers text as heap {@code CharBuffer}s,
 * whose array is read in place; any other {@code CharSequence} is first copied into a small
 * reusable array in blocks. Bytes go straight into a heap chunk's array; a direct chunk gets them
 * through a small reusable byte array. Those two arrays are made the first time they are needed,
 * so the JDK client's usual path (heap text, heap chunks) costs a connection no memory for them,
 * and nothing allocates per call.
 */
final class Utf16ToUtf8 {
    /** Chars per block of a sequence without an accessible array. */
    private static final int BLOCK = 512;

    private char[] chars;
    private byte[] bytes;
    private char pendingHighSurrogate;
    /** Where {@link #encodeRun} stopped reading; a field, so that the run returns one int. */
    private int consumed;

    /** Appends the UTF-8 of {@code text} to {@code out}; returns the number of bytes appended. */
    long append(CharSequence text, boolean last, RecyclableOutputStream out) throws IOException {
        if (text instanceof CharBuffer buffer && buffer.hasArray()) {
            int from = buffer.arrayOffset() + buffer.position();
            return encode(buffer.array(), from, from + buffer.remaining(), last, out);
        }
        if (chars == null) {
            chars = new char[BLOCK];
        }
        long written = 0;
        int n = text.length();
        int i = 0;
        do {
            int block = Math.min(BLOCK, n - i);
            if (text instanceof String string) {
                string.getChars(i, i + block, chars, 0);
            } else {
                for (int k = 0; k < block; k++) {
                    chars[k] = text.charAt(i + k);
                }
            }
            i += block;
            written += encode(chars, 0, block, last && i == n, out);
        } while (i < n);
        return written;
    }

    void reset() {
        pendingHighSurrogate = 0;
    }

    /** Encodes {@code src[from, to)}, the last piece of the text when {@code last}. */
    private long encode(char[] src, int from, int to, boolean last, RecyclableOutputStream out) throws IOException {
        long written = 0;
        int i = from;
        while (i < to || (last && pendingHighSurrogate != 0)) {
            ByteBuffer window = out.writableBuffer(Math.max(4, to - i));
            boolean heap = window.hasArray();
            byte[] dst = heap ? window.array() : directStaging();
            int start = heap ? window.arrayOffset() + window.position() : 0;
            int end = start + (heap ? window.remaining() : Math.min(window.remaining(), dst.length));
            if (end - start < 4) {
                throw new BufferLimitExceededException("text message", out.length() + 4, out.length());
            }
            int p = encodeRun(src, i, to, dst, start, end - 4);
            i = consumed;
            if (i >= to && last && pendingHighSurrogate != 0 && p <= end - 4) {
                p = put3(dst, p, 0xFFFD);
                pendingHighSurrogate = 0;
            }
            if (!heap) {
                window.put(window.position(), dst, 0, p);
            }
            out.commit(p - start);
            written += p - start;
        }
        return written;
    }

    private byte[] directStaging() {
        if (bytes == null) {
            bytes = new byte[3 * BLOCK + 4];
        }
        return bytes;
    }

    /**
     * Encodes chars from {@code i} while there are chars and {@code p <= limit} (every step
     * writes at most 4 bytes); returns the write position and leaves the read position in
     * {@link #consumed}. A high surrogate at the end of the piece waits for the next piece.
     */
    private int encodeRun(char[] src, int i, int to, byte[] dst, int p, int limit) {
        char pending = pendingHighSurrogate;
        while (i < to && p <= limit) {
            char c = src[i];
            if (pending != 0) {
                if (Character.isLowSurrogate(c)) {
                    p = put4(dst, p, Character.toCodePoint(pending, c));
                    i++;
                } else {
                    p = put3(dst, p, 0xFFFD); // the high surrogate had no partner; c comes next
                }
                pending = 0;
            } else if (c < 0x80) {
                dst[p++] = (byte) c;
                i++;
            } else if (c < 0x800) {
                dst[p] = (byte) (0xC0 | (c >> 6));
                dst[p + 1] = (byte) (0x80 | (c & 0x3F));
                p += 2;
                i++;
            } else if (!Character.isSurrogate(c)) {
                p = put3(dst, p, c);
                i++;
            } else if (Character.isHighSurrogate(c)) {
                pending = c;
                i++;
            } else {
                p = put3(dst, p, 0xFFFD); // a low surrogate without its high one
                i++;
            }
        }
        pendingHighSurrogate = pending;
        consumed = i;
        return p;
    }

    private static int put3(byte[] dst, int p, int c) {
        dst[p] = (byte) (0xE0 | (c >> 12));
        dst[p + 1] = (byte) (0x80 | ((c >> 6) & 0x3F));
        dst[p + 2] = (byte) (0x80 | (c & 0x3F));
        return p + 3;
    }

    private static int put4(byte[] dst, int p, int cp) {
        dst[p] = (byte) (0xF0 | (cp >> 18));
        dst[p + 1] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        dst[p + 2] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        dst[p + 3] = (byte) (0x80 | (cp & 0x3F));
        return p + 4;
    }
}
