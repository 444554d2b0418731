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

import java.nio.ByteBuffer;

/**
 * The masking state of the frame being decoded: whether it is masked, its key, and the phase
 * (payload index mod 4) of the next byte. Every copy of payload bytes goes through here, so a
 * payload unmasks correctly however the input splits it. Unmasked frames copy as they are.
 */
final class Unmasker {
    private boolean masked;
    private int key;
    private int phase;

    /** A new frame's payload begins. */
    void start(boolean masked, int key) {
        this.masked = masked;
        this.key = key;
        this.phase = 0;
    }

    void copy(byte[] src, int srcIndex, byte[] dst, int dstIndex, int length) {
        if (masked) {
            phase = Masking.copy(src, srcIndex, dst, dstIndex, length, key, phase);
        } else {
            System.arraycopy(src, srcIndex, dst, dstIndex, length);
        }
    }

    void copy(byte[] src, int srcIndex, ByteBuffer dst, int dstIndex, int length) {
        if (masked) {
            phase = Masking.copy(src, srcIndex, dst, dstIndex, length, key, phase);
        } else {
            dst.put(dstIndex, src, srcIndex, length);
        }
    }

    /** Unmasks bytes already copied into {@code bytes} (in place: they are still hot in the cache). */
    void inPlace(byte[] bytes, int index, int length) {
        if (masked) {
            phase = Masking.copy(bytes, index, bytes, index, length, key, phase);
        }
    }

    /** As {@link #inPlace(byte[], int, int)} for a buffer, by absolute index. */
    void inPlace(ByteBuffer bytes, int index, int length) {
        if (masked) {
            phase = Masking.copy(bytes, index, bytes, index, length, key, phase);
        }
    }
}
