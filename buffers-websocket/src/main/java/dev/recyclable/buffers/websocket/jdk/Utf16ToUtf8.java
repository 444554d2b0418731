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
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;

/**
 * Encodes UTF-16 text straight into a stream's chunks as UTF-8, in pieces: a surrogate pair
 * split between two pieces is joined. Replaces unpaired surrogates with U+FFFD (as the WHATWG
 * {@code TextEncoder} does; {@code String.getBytes(UTF_8)} writes {@code '?'} instead). Text the
 * JDK client decoded from valid UTF-8 has none.
 *
 * <p>Each piece is encoded as the JDK's own UTF-8 encoder does it, in two steps: its leading
 * ASCII chars (all of them, for ASCII text such as most JSON) go through the JDK's US-ASCII
 * encoder, whose array loop is a vectorised intrinsic since JDK 17 (an order of magnitude
 * faster than a char loop), and a char loop encodes the rest. That loop has the shape of the
 * JDK's {@code String.getBytes(UTF_8)} loop: it runs over as many chars as surely fit the room
 * left (3 bytes each) with no per-char room check; the JDK's {@code CharsetEncoder} loop, which
 * checks the room for every char and parses surrogates through a helper object, is slower. The JDK
 * client delivers text as heap {@code CharBuffer}s, which are read in place (their position is
 * moved for the ASCII encoder and put back); any other {@code CharSequence} is first copied into
 * a small reusable array in blocks. Bytes go straight into a heap chunk's array; a direct chunk
 * gets them through a small reusable byte array. Those two arrays are made the first time they
 * are needed, and nothing allocates per call.
 */
final class Utf16ToUtf8 {
    /** Chars per block of a sequence without an accessible array. */
    private static final int BLOCK = 512;

    private final CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder();
    private char[] chars;
    private CharBuffer block;
    private byte[] bytes;
    private char pendingHighSurrogate;
    /** Where {@link #encodeRun} stopped reading; a field, so that the run returns one int. */
    private int consumed;

    /** Appends the UTF-8 of {@code text} to {@code out}; returns the number of bytes appended. */
    long append(CharSequence text, boolean last, RecyclableOutputStream out) throws IOException {
        if (text instanceof CharBuffer buffer && buffer.hasArray()) {
            return appendHeap(buffer, last, out);
        }
        if (chars == null) {
            chars = new char[BLOCK];
            block = CharBuffer.wrap(chars);
        }
        long written = 0;
        int n = text.length();
        int i = 0;
        do {
            int length = Math.min(BLOCK, n - i);
            copy(text, i, length);
            i += length;
            written += appendHeap(block.limit(length).position(0), last && i == n, out);
        } while (i < n);
        return written;
    }

    void reset() {
        pendingHighSurrogate = 0;
    }

    /** Copies {@code text[from, from + length)} to the start of {@link #chars}. */
    private void copy(CharSequence text, int from, int length) {
        if (text instanceof CharBuffer buffer) { // read-only or direct: a bulk get
            buffer.get(buffer.position() + from, chars, 0, length);
        } else if (text instanceof String string) {
            string.getChars(from, from + length, chars, 0);
        } else {
            for (int k = 0; k < length; k++) {
                chars[k] = text.charAt(from + k);
            }
        }
    }

    /** Encodes {@code src}'s remaining chars; its position is where it was when this returns. */
    private long appendHeap(CharBuffer src, boolean last, RecyclableOutputStream out) throws IOException {
        int start = src.position();
        try {
            // after a high surrogate the first char must go through the char loop, which joins the pair
            long written = pendingHighSurrogate == 0 ? asciiPrefix(src, out) : 0;
            int offset = src.arrayOffset();
            return written + encode(src.array(), offset + src.position(), offset + src.limit(), last, out);
        } finally {
            src.position(start);
        }
    }

    /**
     * Encodes the ASCII chars at {@code src}'s position into heap chunks with the JDK's US-ASCII
     * encoder and moves the position past them. Stops at the first other char, and at a direct
     * chunk (which the char loop fills through its staging array).
     */
    private long asciiPrefix(CharBuffer src, RecyclableOutputStream out) throws IOException {
        long written = 0;
        while (src.hasRemaining()) {
            ByteBuffer window = out.writableBuffer(src.remaining());
            if (!window.hasArray()) {
                break;
            }
            int before = window.position();
            CoderResult result = ascii.encode(src, window, false);
            int n = window.position() - before;
            out.commit(n);
            written += n;
            if (!result.isOverflow()) {
                break; // all encoded, or stopped at a char that is not ASCII
            }
        }
        return written;
    }

    /** Encodes {@code src[from, to)}, the last piece of the text when {@code last}. */
    private long encode(char[] src, int from, int to, boolean last, RecyclableOutputStream out) throws IOException {
        long written = 0;
        int i = from;
        while (i < to || (last && pendingHighSurrogate != 0)) {
            ByteBuffer window = out.writableBuffer(Math.max(4, to - i));
            int room = window.remaining();
            // a step writes up to 4 bytes: with less room (the stream's size cap is near) one code
            // point at a time goes through the staging array, as bytes for a direct chunk do
            boolean inPlace = window.hasArray() && room >= 4;
            byte[] dst = inPlace ? window.array() : directStaging();
            int start = inPlace ? window.arrayOffset() + window.position() : 0;
            int limit = room >= 4 ? start + Math.min(room, dst.length - start) - 4 : 0;
            int p = encodeRun(src, i, to, dst, start, limit);
            i = consumed;
            if (i >= to && last && pendingHighSurrogate != 0 && p <= limit) {
                p = put3(dst, p, 0xFFFD);
                pendingHighSurrogate = 0;
            }
            int n = p - start;
            if (n > room) {
                throw new BufferLimitExceededException("text message", out.length() + n, out.length());
            }
            if (!inPlace) {
                window.put(window.position(), dst, 0, n);
            }
            out.commit(n);
            written += n;
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
     * Encodes chars from {@code i} while there are chars and {@code p <= limit} (so at least 4
     * bytes of room); returns the write position and leaves the read position in
     * {@link #consumed}. A high surrogate at the end of the piece waits for the next piece.
     */
    private int encodeRun(char[] src, int i, int to, byte[] dst, int p, int limit) {
        char pending = pendingHighSurrogate;
        if (pending != 0 && i < to && p <= limit) { // the previous piece ended inside a pair
            char c = src[i];
            if (Character.isLowSurrogate(c)) {
                p = put4(dst, p, Character.toCodePoint(pending, c));
                i++;
            } else {
                p = put3(dst, p, 0xFFFD); // the high surrogate had no partner; c comes next
            }
            pendingHighSurrogate = 0;
        }
        while (i < to && p <= limit) {
            // as many chars as surely fit, at 3 bytes each: a pair is 4 bytes for 2 chars, and
            // the byte kept in reserve covers one whose low half lies just past them
            int end = Math.min(to, i + Math.max(1, (limit + 3 - p) / 3));
            long stopped = encodeChars(src, i, end, to, dst, p);
            i = (int) (stopped >>> 32);
            p = (int) stopped;
            if (i < end) { // stopped at a high surrogate that ends the piece
                pendingHighSurrogate = src[i++];
            }
        }
        consumed = i;
        return p;
    }

    /**
     * The char loop, in the shape of the JDK's own {@code String} encoder (lengths tested from the
     * shortest, surrogates before the 3-byte case): encodes {@code src[i, end)} (a pair begun at
     * {@code end - 1} takes {@code src[end]} too) with no room check, the caller having sized
     * {@code end} to the room. Stops before a high surrogate that ends the piece ({@code to}).
     * Returns the read position in the high 32 bits, the write position in the low.
     */
    private static long encodeChars(char[] src, int i, int end, int to, byte[] dst, int p) {
        while (i < end) {
            char c = src[i++];
            if (c < 0x80) {
                dst[p++] = (byte) c;
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | (c >> 6));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                char low;
                if (Character.isHighSurrogate(c) && i < to && Character.isLowSurrogate(low = src[i])) {
                    p = put4(dst, p, Character.toCodePoint(c, low));
                    i++;
                } else if (Character.isHighSurrogate(c) && i == to) {
                    i--; // its partner may start the next piece
                    break;
                } else { // a surrogate without its partner: U+FFFD
                    p = put3(dst, p, 0xFFFD);
                }
            } else { // put3's bytes, written in place as the JDK's loop does: through put3 measured 4-13% slower
                dst[p++] = (byte) (0xE0 | (c >> 12));
                dst[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return ((long) i << 32) | p;
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
