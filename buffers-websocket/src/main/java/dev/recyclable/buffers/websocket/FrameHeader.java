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

/** Writes RFC 6455 frame headers in their minimal length encoding. */
public final class FrameHeader {
    /** The longest header: 2 bytes, 8 bytes of extended length, 4 bytes of masking key. */
    public static final int MAX_LENGTH = 14;

    private FrameHeader() {}

    /** How many header bytes a frame of {@code payloadLength} bytes needs. */
    public static int length(long payloadLength, boolean masked) {
        int base = payloadLength < 126 ? 2 : payloadLength <= 0xFFFF ? 4 : 10;
        return masked ? base + 4 : base;
    }

    /**
     * Writes a header into {@code dst} at {@code offset}.
     *
     * @param maskKey used only when {@code masked}; big-endian, as it appears on the wire
     * @return the number of bytes written
     */
    public static int write(
            byte[] dst, int offset, boolean fin, int opcode, long payloadLength, boolean masked, int maskKey) {
        if (payloadLength < 0) {
            throw new IllegalArgumentException("negative payload length " + payloadLength);
        }
        if (Opcodes.isControl(opcode) && (payloadLength > 125 || !fin)) {
            throw new IllegalArgumentException("control frames carry at most 125 bytes and are never fragmented");
        }
        int i = offset;
        dst[i++] = (byte) ((fin ? 0x80 : 0) | (opcode & 0x0F));
        int maskBit = masked ? 0x80 : 0;
        if (payloadLength < 126) {
            dst[i++] = (byte) (maskBit | (int) payloadLength);
        } else if (payloadLength <= 0xFFFF) {
            dst[i++] = (byte) (maskBit | 126);
            dst[i++] = (byte) (payloadLength >>> 8);
            dst[i++] = (byte) payloadLength;
        } else {
            dst[i++] = (byte) (maskBit | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                dst[i++] = (byte) (payloadLength >>> shift);
            }
        }
        if (masked) {
            dst[i++] = (byte) (maskKey >>> 24);
            dst[i++] = (byte) (maskKey >>> 16);
            dst[i++] = (byte) (maskKey >>> 8);
            dst[i++] = (byte) maskKey;
        }
        return i - offset;
    }

    /** Masks (or unmasks) {@code length} bytes in place; {@code phase} is the payload index mod 4 of the first byte. */
    public static void mask(byte[] bytes, int offset, int length, int maskKey, int phase) {
        Masking.copy(bytes, offset, bytes, offset, length, maskKey, phase);
    }
}
