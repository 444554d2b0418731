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
 * What {@link WebSocketDecoder} reads from, by absolute index: header bytes one at a time,
 * payload in whole runs that are copied and unmasked in one call, so the decoder has one payload
 * path whatever the caller fed. Two kinds, so the decoder's calls stay bimorphic: {@link Array}
 * (a {@code byte[]} or a heap {@code ByteBuffer}'s array) unmasks while it copies, {@link Source}
 * (a {@link ByteSource}, also any other {@code ByteBuffer} through {@link BufferSource}) copies
 * in bulk and unmasks in the destination. The decoder keeps one reusable instance per kind and
 * clears it after each call ({@link #clear()}), so it keeps no reference to the caller's input.
 */
abstract class DecoderInput<T> {
    /** The caller's input during a {@code feed} call, else null. */
    T input;

    /** Points this at the caller's input; returns this. */
    final DecoderInput<T> wrap(T callerInput) {
        input = callerInput;
        return this;
    }

    /** Drops the reference to the caller's input. */
    final void clear() {
        input = null;
    }

    /** The unsigned byte at {@code index}. */
    abstract int get(int index);

    /** Copies {@code length} bytes from {@code index} into {@code dst}, unmasking them. */
    abstract void copyTo(int index, byte[] dst, int dstIndex, int length, Unmasker unmasker);

    /** Copies {@code length} bytes from {@code index} into {@code dst} at absolute {@code dstIndex}, unmasking them. */
    abstract void copyTo(int index, ByteBuffer dst, int dstIndex, int length, Unmasker unmasker);

    /** A {@code byte[]} (also a heap {@code ByteBuffer}'s array). */
    static final class Array extends DecoderInput<byte[]> {
        @Override
        int get(int index) {
            return input[index] & 0xFF;
        }

        @Override
        void copyTo(int index, byte[] dst, int dstIndex, int length, Unmasker unmasker) {
            unmasker.copy(input, index, dst, dstIndex, length);
        }

        @Override
        void copyTo(int index, ByteBuffer dst, int dstIndex, int length, Unmasker unmasker) {
            unmasker.copy(input, index, dst, dstIndex, length);
        }
    }

    /** A {@link ByteSource}: bulk copy first, then unmasking in place in the destination. */
    static final class Source extends DecoderInput<ByteSource> {
        @Override
        int get(int index) {
            return input.getByte(index) & 0xFF;
        }

        @Override
        void copyTo(int index, byte[] dst, int dstIndex, int length, Unmasker unmasker) {
            input.getBytes(index, dst, dstIndex, length);
            unmasker.inPlace(dst, dstIndex, length);
        }

        @Override
        void copyTo(int index, ByteBuffer dst, int dstIndex, int length, Unmasker unmasker) {
            input.getBytes(index, dst, dstIndex, length);
            unmasker.inPlace(dst, dstIndex, length);
        }
    }

    /**
     * A {@code ByteBuffer} without an accessible array (direct or read-only, any byte order) as a
     * {@link ByteSource}: its payload is copied in bulk and unmasked in the destination, as a
     * transport buffer's is.
     */
    static final class BufferSource implements ByteSource {
        /** Set by the decoder for one {@code feed} call. */
        ByteBuffer buffer;

        @Override
        public byte getByte(int index) {
            return buffer.get(index);
        }

        @Override
        public void getBytes(int index, byte[] dst, int dstIndex, int length) {
            buffer.get(index, dst, dstIndex, length);
        }

        @Override
        public void getBytes(int index, ByteBuffer dst, int dstIndex, int length) {
            dst.put(dstIndex, buffer, index, length);
        }
    }
}
