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
 * split between two pieces is joined. Replaces unpaired surrogates with U+FFFD. Allocates
 * nothing once warm.
 *
 * <p>The JDK client delivers text as heap {@code CharBuffer}s: their array is read directly,
 * with runs of ASCII copied in a tight loop. Other {@code CharSequence}s pass through a small
 * scratch array, so one loop encodes both.
 */
final class Utf16ToUtf8 {
    private static final int SCRATCH_CHARS = 1024;

    private char pendingHighSurrogate;
    private char[] scratch;

    /** Appends the UTF-8 of {@code text} to {@code out}; returns the number of bytes appended. */
    long append(CharSequence text, boolean last, RecyclableOutputStream out) throws IOException {
        if (text instanceof CharBuffer buffer && buffer.hasArray()) {
            return append(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining(), last, out);
        }
        char[] chars = scratch;
        if (chars == null) {
            chars = scratch = new char[SCRATCH_CHARS];
        }
        long written = 0;
        int n = text.length();
        int i = 0;
        do {
            int count = Math.min(chars.length, n - i);
            for (int k = 0; k < count; k++) {
                chars[k] = text.charAt(i + k);
            }
            i += count;
            written += append(chars, 0, count, last && i == n, out);
        } while (i < n);
        return written;
    }

    /** Appends the UTF-8 of {@code src[from, from + count)}. */
    private long append(char[] src, int from, int count, boolean last, RecyclableOutputStream out) throws IOException {
        long written = 0;
        int i = from;
        int end = from + count;
        while (i < end || (last && pendingHighSurrogate != 0)) {
            ByteBuffer dst = out.writableBuffer(Math.max(4, end - i));
            int pos = dst.position();
            int limit = dst.limit() - 4; // room for one more code point at every step
            boolean array = dst.hasArray();
            byte[] a = array ? dst.array() : null;
            int base = array ? dst.arrayOffset() : 0;
            int start = pos;
            if (pos > limit) {
                throw new BufferLimitExceededException("text message", out.length() + 4, out.length());
            }
            while (pos <= limit && i < end) {
                char c = src[i];
                int cp;
                if (pendingHighSurrogate != 0) {
                    if (Character.isLowSurrogate(c)) {
                        cp = Character.toCodePoint(pendingHighSurrogate, c);
                        i++;
                    } else {
                        cp = 0xFFFD; // the high surrogate had no partner; c is handled next round
                    }
                    pendingHighSurrogate = 0;
                } else if (c < 0x80 && array) {
                    // a run of ASCII, as far as both the text and the space go
                    int p = base + pos;
                    int runEnd = i + Math.min(end - i, limit + 4 - pos);
                    do {
                        a[p++] = (byte) c;
                    } while (++i < runEnd && (c = src[i]) < 0x80);
                    pos = p - base;
                    continue;
                } else if (Character.isHighSurrogate(c)) {
                    pendingHighSurrogate = c;
                    i++;
                    continue;
                } else {
                    cp = Character.isLowSurrogate(c) ? 0xFFFD : c;
                    i++;
                }
                pos = put(cp, array, a, base, dst, pos);
            }
            if (i >= end && last && pendingHighSurrogate != 0 && pos <= limit) {
                pos = put(0xFFFD, array, a, base, dst, pos);
                pendingHighSurrogate = 0;
            }
            out.commit(pos - start);
            written += pos - start;
        }
        return written;
    }

    void reset() {
        pendingHighSurrogate = 0;
    }

    private static int put(int cp, boolean array, byte[] a, int base, ByteBuffer dst, int pos) {
        if (cp < 0x80) {
            return put1(array, a, base, dst, pos, cp);
        }
        if (cp < 0x800) {
            pos = put1(array, a, base, dst, pos, 0xC0 | (cp >> 6));
            return put1(array, a, base, dst, pos, 0x80 | (cp & 0x3F));
        }
        if (cp < 0x10000) {
            pos = put1(array, a, base, dst, pos, 0xE0 | (cp >> 12));
            pos = put1(array, a, base, dst, pos, 0x80 | ((cp >> 6) & 0x3F));
            return put1(array, a, base, dst, pos, 0x80 | (cp & 0x3F));
        }
        pos = put1(array, a, base, dst, pos, 0xF0 | (cp >> 18));
        pos = put1(array, a, base, dst, pos, 0x80 | ((cp >> 12) & 0x3F));
        pos = put1(array, a, base, dst, pos, 0x80 | ((cp >> 6) & 0x3F));
        return put1(array, a, base, dst, pos, 0x80 | (cp & 0x3F));
    }

    private static int put1(boolean array, byte[] a, int base, ByteBuffer dst, int pos, int b) {
        if (array) {
            a[base + pos] = (byte) b;
        } else {
            dst.put(pos, (byte) b);
        }
        return pos + 1;
    }
}
