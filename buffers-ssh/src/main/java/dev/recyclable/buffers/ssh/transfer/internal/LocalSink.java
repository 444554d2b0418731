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
package dev.recyclable.buffers.ssh.transfer.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Where the transferring thread writes downloaded bytes: straight from a ring chunk, without slicing or copying
 * on our side (a direct-chunk pool going to an {@code OutputStream} is the exception: it needs one scratch array
 * per transfer, since streams take arrays).
 */
public interface LocalSink {

    /**
     * Writes {@code length} bytes of {@code chunk} starting at absolute index {@code index}. {@code chunk} is a
     * reusable view owned by the ring: its position and limit may be changed, its bytes must not be kept.
     */
    void write(ByteBuffer chunk, int index, int length) throws IOException;

    static LocalSink of(OutputStream out, int scratchSize) {
        return new LocalSink() {
            private byte[] scratch;

            @Override
            public void write(ByteBuffer chunk, int index, int length) throws IOException {
                if (chunk.hasArray()) {
                    out.write(chunk.array(), chunk.arrayOffset() + index, length);
                    return;
                }
                if (scratch == null) {
                    scratch = new byte[scratchSize];
                }
                while (length > 0) {
                    int n = Math.min(length, scratch.length);
                    chunk.get(index, scratch, 0, n);
                    out.write(scratch, 0, n);
                    index += n;
                    length -= n;
                }
            }
        };
    }

    static LocalSink of(WritableByteChannel out) {
        return (chunk, index, length) -> {
            chunk.limit(chunk.capacity()).position(index).limit(index + length);
            while (chunk.hasRemaining()) {
                if (out.write(chunk) == 0 && !out.isOpen()) {
                    throw new java.nio.channels.ClosedChannelException();
                }
            }
        };
    }
}
