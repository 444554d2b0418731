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
package dev.recyclable.buffers.ssh.internal.keys;

import java.util.Arrays;

/**
 * Base64 decoded as OpenSSH decodes a known_hosts key ({@code openbsd-compat/base64.c b64_pton}, the copy the
 * {@code ssh} binary carries): whitespace (space, tab, CR, LF, VT, FF) is skipped anywhere, the input must end on
 * a whole group or with correct padding, only whitespace may follow the padding, and the bits that padding drops
 * must be zero. Unpadded input that does not end on a group is refused, as {@code ssh} refuses it.
 */
final class OpenSshBase64 {

    private static final byte[] VALUES = new byte[256];

    static {
        Arrays.fill(VALUES, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            VALUES[alphabet.charAt(i)] = (byte) i;
        }
    }

    private OpenSshBase64() {}

    /** C's {@code isspace} in the C locale (and for single bytes in a UTF-8 one): ASCII whitespace only. */
    static boolean isSpace(int b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }

    /**
     * The bytes {@code text[from, to)} encode (a C string: the range holds no NUL), or {@code null} where
     * {@code ssh} refuses them.
     */
    static byte[] decode(byte[] text, int from, int to) {
        int length = to - from; // ssh's output buffer is as long as the text
        byte[] out = new byte[length + 1];
        int n = 0;
        int state = 0;
        int i = from;
        int ch = -1;
        while (i < to) {
            ch = text[i++] & 0xff;
            if (isSpace(ch)) {
                continue;
            }
            if (ch == '=') {
                break;
            }
            int v = VALUES[ch];
            if (v < 0) {
                return null;
            }
            switch (state) {
                case 0 -> {
                    if (n >= length) {
                        return null;
                    }
                    out[n] = (byte) (v << 2);
                    state = 1;
                }
                case 1 -> {
                    if (n + 1 >= length) {
                        return null;
                    }
                    out[n] |= (byte) (v >> 4);
                    out[n + 1] = (byte) ((v & 0x0f) << 4);
                    n++;
                    state = 2;
                }
                case 2 -> {
                    if (n + 1 >= length) {
                        return null;
                    }
                    out[n] |= (byte) (v >> 2);
                    out[n + 1] = (byte) ((v & 0x03) << 6);
                    n++;
                    state = 3;
                }
                default -> {
                    if (n >= length) {
                        return null;
                    }
                    out[n] |= (byte) v;
                    n++;
                    state = 0;
                }
            }
            ch = -1;
        }
        if (ch == '=') {
            if (state == 0 || state == 1) {
                return null;
            }
            if (state == 2) { // one byte of data: a second '=' must follow, whitespace allowed between
                while (i < to && isSpace(text[i] & 0xff)) {
                    i++;
                }
                if (i == to || text[i] != '=') {
                    return null;
                }
                i++;
            }
            while (i < to) {
                if (!isSpace(text[i++] & 0xff)) {
                    return null;
                }
            }
            if (out[n] != 0) {
                return null; // bits past the last byte must be zero
            }
        } else if (state != 0) {
            return null;
        }
        return Arrays.copyOf(out, n);
    }
}
