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
package dev.recyclable.buffers.benchmarks.websocket;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Pre-built wire bytes for the benchmarks: one message of {@code size} bytes as frames of
 * {@code fragment} bytes, masked as a client sends them (or not, as a server sends them).
 * Built longhand so no contender's own encoder is on the measured path.
 */
final class WireMessages {
    static final int FRAGMENT = 4096;

    private WireMessages() {}

    /** Valid UTF-8 text of exactly {@code size} bytes: mostly ASCII with 2-, 3- and 4-byte code points. */
    static byte[] text(int size) {
        String[] alphabet = {"The quick brown fox ", "jumps over ", "the lazy dog. ", "é", "κόσμε", "€", "中文", "😀"};
        StringBuilder sb = new StringBuilder(size);
        int bytes = 0;
        int i = 0;
        while (bytes < size) {
            String piece = alphabet[i++ % alphabet.length];
            int n = piece.getBytes(StandardCharsets.UTF_8).length;
            if (bytes + n > size) {
                sb.append("x".repeat(size - bytes));
                break;
            }
            sb.append(piece);
            bytes += n;
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Valid UTF-8 text of exactly {@code size} bytes cycling through 1-, 2-, 3- and 4-byte code
     * points (8 of 14 chars are not ASCII): the loopback peer's {@code TEXT} payload
     * (buffers-websocket/src/test/node/payloads.js, {@code textOf(size, 0)}).
     */
    static byte[] mixedText(int size) {
        String[] alphabet = {"a", "Z", "0", " ", "é", "ß", "κ", "ό", "€", "中", "𝄞", "😀"};
        StringBuilder sb = new StringBuilder();
        int bytes = 0;
        int i = 0;
        while (bytes < size) {
            String piece = alphabet[i++ % alphabet.length];
            int n = piece.getBytes(StandardCharsets.UTF_8).length;
            if (bytes + n > size) {
                sb.append("x".repeat(size - bytes));
                break;
            }
            sb.append(piece);
            bytes += n;
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * ASCII JSON of exactly {@code size} bytes, an array of small records padded with spaces
     * before its end: the loopback peer's {@code JSON} payload ({@code jsonOf(size)} in payloads.js).
     */
    static byte[] json(int size) {
        if (size < 2) {
            return " ".repeat(size).getBytes(StandardCharsets.US_ASCII);
        }
        StringBuilder sb = new StringBuilder(size).append('[');
        for (int i = 0; ; i++) {
            String record = (i > 0 ? "," : "") + "{\"id\":" + i + ",\"name\":\"user " + i + "\",\"active\":"
                    + (i % 3 != 0) + ",\"score\":" + score(i) + "}";
            if (sb.length() + record.length() + 1 > size) {
                break;
            }
            sb.append(record);
        }
        sb.append(" ".repeat(size - 1 - sb.length())).append(']');
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** JavaScript's {@code (i * 37 % 1000) / 10}: no trailing ".0" for whole numbers. */
    private static String score(int i) {
        int tenths = i * 37 % 1000;
        return tenths % 10 == 0 ? Integer.toString(tenths / 10) : (tenths / 10) + "." + (tenths % 10);
    }

    static byte[] binary(int size) {
        byte[] b = new byte[size];
        new SplittableRandom(size).nextBytes(b);
        return b;
    }

    /** The frames of one message: opcode 1 (text) or 2 (binary), then continuations of {@code fragment} bytes. */
    static byte[] frames(byte[] payload, boolean text, int fragment, boolean masked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + payload.length / fragment * 14 + 14);
        int key = 0x1F2E3D4C;
        int sent = 0;
        do {
            int n = Math.min(fragment, payload.length - sent);
            boolean fin = sent + n == payload.length;
            int opcode = sent == 0 ? (text ? 1 : 2) : 0;
            out.write((fin ? 0x80 : 0) | opcode);
            int maskBit = masked ? 0x80 : 0;
            if (n < 126) {
                out.write(maskBit | n);
            } else if (n <= 0xFFFF) {
                out.write(maskBit | 126);
                out.write(n >>> 8);
                out.write(n & 0xFF);
            } else {
                out.write(maskBit | 127);
                for (int s = 56; s >= 0; s -= 8) {
                    out.write((int) ((long) n >>> s) & 0xFF);
                }
            }
            if (masked) {
                key = key * 1103515245 + 12345;
                byte[] k = {(byte) (key >>> 24), (byte) (key >>> 16), (byte) (key >>> 8), (byte) key};
                out.write(k, 0, 4);
                for (int i = 0; i < n; i++) {
                    out.write(payload[sent + i] ^ k[i & 3]);
                }
            } else {
                out.write(payload, sent, n);
            }
            sent += n;
        } while (sent < payload.length);
        return out.toByteArray();
    }
}
