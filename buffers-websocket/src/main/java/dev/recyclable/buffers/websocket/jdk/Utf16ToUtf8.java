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

/**
 * Encodes UTF-16 text straight into a stream's chunks as UTF-8, in pieces: a surrogate pair
 * split between two pieces is joined. Replaces unpaired surrogates with U+FFFD, as
 * {@code String.getBytes(UTF_8)} does. Allocates nothing.
 */
final class Utf16ToUtf8 {
    private char pendingHighSurrogate;

    /** Appends the UTF-8 of {@code text} to {@code out}; returns the number of bytes appended. */
    long append(CharSequence text, boolean last, RecyclableOutputStream out) throws IOException {
        long written = 0;
        int i = 0;
        int n = text.length();
        while (i < n || (last && pendingHighSurrogate != 0)) {
            ByteBuffer dst = out.writableBuffer(Math.max(4, n - i));
            int pos = dst.position();
            int limit = dst.limit() - 4; // room for one more code point at every step
            boolean array = dst.hasArray();
            byte[] a = array ? dst.array() : null;
            int base = array ? dst.arrayOffset() : 0;
            int start = pos;
            if (pos > limit) {
                throw new BufferLimitExceededException("text message", out.length() + 4, out.length());
            }
            while (pos <= limit && i < n) {
                char c = text.charAt(i);
                int cp;
                if (pendingHighSurrogate != 0) {
                    if (Character.isLowSurrogate(c)) {
                        cp = Character.toCodePoint(pendingHighSurrogate, c);
                        i++;
                    } else {
                        cp = 0xFFFD; // the high surrogate had no partner; c is handled next round
                    }
                    pendingHighSurrogate = 0;
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
            if (i >= n && last && pendingHighSurrogate != 0 && pos <= limit) {
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
