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
package dev.recyclable.buffers.websocket.interop;

import dev.recyclable.buffers.websocket.MessageType;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Deterministic test payloads: text mixing 1- to 4-byte code points, and random binary. */
final class Payloads {
    static final int[] SIZES = {0, 1, 125, 126, 4096, 65_535, 65_536, 1 << 20, 16 << 20};
    private static final String[] ALPHABET = {"a", "Z", "0", " ", "é", "ß", "κ", "ό", "€", "中", "𝄞", "😀"};

    private Payloads() {}

    /** Exactly {@code size} bytes of valid UTF-8. */
    static byte[] text(int size, int seed) {
        StringBuilder sb = new StringBuilder();
        int bytes = 0;
        int i = seed;
        while (bytes < size) {
            String ch = ALPHABET[i++ % ALPHABET.length];
            int n = ch.getBytes(StandardCharsets.UTF_8).length;
            if (bytes + n > size) {
                sb.append("x".repeat(size - bytes));
                break;
            }
            sb.append(ch);
            bytes += n;
        }
        byte[] out = sb.toString().getBytes(StandardCharsets.UTF_8);
        if (out.length != size) {
            throw new IllegalStateException(out.length + " != " + size);
        }
        return out;
    }

    /** {@link #text} or {@link #binary}, as {@code type} says. */
    static byte[] of(MessageType type, int size, int seed) {
        return type == MessageType.TEXT ? text(size, seed) : binary(size, seed);
    }

    /** The small JSON-like texts sent 1,000 times in a row (the same as ws-deflate-peer.js's client). */
    static byte[] json(int i) {
        return ("{\"id\":" + i + ",\"user\":\"user" + (i % 50) + "\",\"text\":\"Grüße, Привет, 你好, 🎉 #" + (i % 7)
                        + "\"}")
                .getBytes(StandardCharsets.UTF_8);
    }

    static byte[] binary(int size, int seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
