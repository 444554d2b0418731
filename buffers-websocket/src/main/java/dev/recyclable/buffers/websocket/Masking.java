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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Copies bytes while XOR-ing them with a WebSocket masking key (RFC 6455 section 5.3), eight
 * bytes per step. The key is the 32-bit big-endian value from the frame header; {@code phase}
 * is the index (0-3) of the key byte that applies to the first byte copied, so a payload may be
 * unmasked in pieces that split anywhere. Masking and unmasking are the same operation.
 */
final class Masking {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Masking() {}

    /** The key byte for payload byte number {@code phase} (mod 4). */
    static byte keyByte(int key, int phase) {
        return (byte) (key >>> (24 - 8 * (phase & 3)));
    }

    /** The key repeated over eight bytes as a little-endian long, starting at {@code phase}. */
    private static long littleEndianKey(int key, int phase) {
        int rotated = Integer.reverseBytes(Integer.rotateLeft(key, 8 * (phase & 3)));
        return (rotated & 0xFFFFFFFFL) | ((long) rotated << 32);
    }

    /** array to array; returns the phase after the copy. */
    static int copy(byte[] src, int srcIndex, byte[] dst, int dstIndex, int length, int key, int phase) {
        long wide = littleEndianKey(key, phase);
        int i = 0;
        for (; i <= length - 8; i += 8) {
            LONGS.set(dst, dstIndex + i, (long) LONGS.get(src, srcIndex + i) ^ wide);
        }
        for (; i < length; i++) {
            dst[dstIndex + i] = (byte) (src[srcIndex + i] ^ keyByte(key, phase + i));
        }
        return (phase + length) & 3;
    }

    /** buffer (absolute index, any byte order, heap or direct) to array. */
    static int copy(ByteBuffer src, int srcIndex, byte[] dst, int dstIndex, int length, int key, int phase) {
        long wide = littleEndianKey(key, phase);
        boolean bigEndian = src.order() == ByteOrder.BIG_ENDIAN;
        int i = 0;
        for (; i <= length - 8; i += 8) {
            long v = src.getLong(srcIndex + i);
            LONGS.set(dst, dstIndex + i, (bigEndian ? Long.reverseBytes(v) : v) ^ wide);
        }
        for (; i < length; i++) {
            dst[dstIndex + i] = (byte) (src.get(srcIndex + i) ^ keyByte(key, phase + i));
        }
        return (phase + length) & 3;
    }

    /** array to buffer (absolute index; used when the pool hands out direct chunks). */
    static int copy(byte[] src, int srcIndex, ByteBuffer dst, int dstIndex, int length, int key, int phase) {
        long wide = littleEndianKey(key, phase);
        boolean bigEndian = dst.order() == ByteOrder.BIG_ENDIAN;
        int i = 0;
        for (; i <= length - 8; i += 8) {
            long v = (long) LONGS.get(src, srcIndex + i) ^ wide;
            dst.putLong(dstIndex + i, bigEndian ? Long.reverseBytes(v) : v);
        }
        for (; i < length; i++) {
            dst.put(dstIndex + i, (byte) (src[srcIndex + i] ^ keyByte(key, phase + i)));
        }
        return (phase + length) & 3;
    }

    /** buffer to buffer (absolute indexes). */
    static int copy(ByteBuffer src, int srcIndex, ByteBuffer dst, int dstIndex, int length, int key, int phase) {
        long wide = littleEndianKey(key, phase);
        boolean srcBig = src.order() == ByteOrder.BIG_ENDIAN;
        boolean dstBig = dst.order() == ByteOrder.BIG_ENDIAN;
        int i = 0;
        for (; i <= length - 8; i += 8) {
            long v = src.getLong(srcIndex + i);
            v = (srcBig ? Long.reverseBytes(v) : v) ^ wide;
            dst.putLong(dstIndex + i, dstBig ? Long.reverseBytes(v) : v);
        }
        for (; i < length; i++) {
            dst.put(dstIndex + i, (byte) (src.get(srcIndex + i) ^ keyByte(key, phase + i)));
        }
        return (phase + length) & 3;
    }
}
