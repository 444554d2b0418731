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
package dev.recyclable.buffers.benchmarks.core;

import java.io.IOException;
import java.io.OutputStream;
import okio.BufferedSink;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The "serializer" each contender's stream is handed to: a method the JIT may not inline into the
 * benchmark, so the stream escapes exactly as it does when real code passes it to an encoder.
 *
 * <p>Without this, C2 sees the whole life of a {@link java.io.ByteArrayOutputStream} in one
 * compilation unit, elides its locks and makes it look about ten times cheaper than it is in real
 * code. Every contender, our own included, and the arraycopy limit go through the same shape of
 * method: {@code pieceBytes == 1} means one {@code write(int)} per byte, otherwise pieces of
 * {@code pieceBytes} (the last one shorter when {@code pieceBytes} does not divide the total).
 */
public final class Writers {
    private Writers() {}

    /** Writes {@code totalBytes} to {@code out} in pieces cut from {@code piece}. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static void write(OutputStream out, byte[] piece, int pieceBytes, int totalBytes) throws IOException {
        if (pieceBytes == 1) {
            for (int i = 0; i < totalBytes; i++) {
                out.write(i);
            }
            return;
        }
        for (int written = 0; written < totalBytes; ) {
            int length = Math.min(pieceBytes, totalBytes - written);
            out.write(piece, 0, length);
            written += length;
        }
    }

    /** The same workload for Okio, through its own sink API (its idiomatic, fastest path). */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static void write(BufferedSink sink, byte[] piece, int pieceBytes, int totalBytes) throws IOException {
        if (pieceBytes == 1) {
            for (int i = 0; i < totalBytes; i++) {
                sink.writeByte(i);
            }
            return;
        }
        for (int written = 0; written < totalBytes; ) {
            int length = Math.min(pieceBytes, totalBytes - written);
            sink.write(piece, 0, length);
            written += length;
        }
    }

    /**
     * The physical limit: the same pieces copied into one preallocated array of exactly the right
     * size, with no growth, no bookkeeping and no synchronization.
     *
     * @return the number of bytes written, the length of the content in {@code target}
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copy(byte[] target, byte[] piece, int pieceBytes, int totalBytes) {
        if (pieceBytes == 1) {
            for (int i = 0; i < totalBytes; i++) {
                target[i] = (byte) i;
            }
            return totalBytes;
        }
        int written = 0;
        while (written < totalBytes) {
            int length = Math.min(pieceBytes, totalBytes - written);
            System.arraycopy(piece, 0, target, written, length);
            written += length;
        }
        return written;
    }
}
