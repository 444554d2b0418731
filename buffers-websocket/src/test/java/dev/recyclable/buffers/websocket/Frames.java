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
package dev.recyclable.buffers.websocket;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Builds raw frames byte by byte for tests, independently of the production encoder: the
 * header and masking here are written out longhand so that a bug in one is not hidden by
 * the same bug in the other.
 */
final class Frames {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final boolean mask;
    private int nextKey = 0x37FA213D;

    private Frames(boolean mask) {
        this.mask = mask;
    }

    /** Frames as a client sends them (masked), for a server-role decoder. */
    static Frames fromClient() {
        return new Frames(true);
    }

    /** Frames as a server sends them (unmasked), for a client-role decoder. */
    static Frames fromServer() {
        return new Frames(false);
    }

    Frames frame(boolean fin, int opcode, byte[] payload) {
        return raw((fin ? 0x80 : 0) | opcode, payload, mask, false);
    }

    Frames text(boolean fin, String s) {
        return frame(fin, Opcodes.TEXT, utf8(s));
    }

    Frames cont(boolean fin, byte[] payload) {
        return frame(fin, Opcodes.CONTINUATION, payload);
    }

    Frames ping(String s) {
        return frame(true, Opcodes.PING, utf8(s));
    }

    /** Writes a frame with the given first byte; {@code eightByteLength} forces the 127 form. */
    Frames raw(int firstByte, byte[] payload, boolean masked, boolean eightByteLength) {
        out.write(firstByte);
        int maskBit = masked ? 0x80 : 0;
        long n = payload.length;
        if (eightByteLength) {
            out.write(maskBit | 127);
            for (int s = 56; s >= 0; s -= 8) {
                out.write((int) (n >>> s) & 0xFF);
            }
        } else if (n < 126) {
            out.write(maskBit | (int) n);
        } else if (n <= 0xFFFF) {
            out.write(maskBit | 126);
            out.write((int) (n >>> 8) & 0xFF);
            out.write((int) n & 0xFF);
        } else {
            out.write(maskBit | 127);
            for (int s = 56; s >= 0; s -= 8) {
                out.write((int) (n >>> s) & 0xFF);
            }
        }
        byte[] body = payload.clone();
        if (masked) {
            byte[] key = {(byte) (nextKey >>> 24), (byte) (nextKey >>> 16), (byte) (nextKey >>> 8), (byte) nextKey};
            nextKey = nextKey * 1103515245 + 12345;
            out.write(key, 0, 4);
            for (int i = 0; i < body.length; i++) {
                body[i] ^= key[i & 3];
            }
        }
        out.write(body, 0, body.length);
        return this;
    }

    /** Appends bytes as they are (a hand-made header, for instance). */
    Frames bytes(int... values) {
        for (int v : values) {
            out.write(v);
        }
        return this;
    }

    byte[] build() {
        return out.toByteArray();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] hex(String hex) {
        String h = hex.replace(" ", "");
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
