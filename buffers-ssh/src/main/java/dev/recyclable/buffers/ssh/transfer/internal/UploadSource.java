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
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/** Where an upload reads from, into the transfer's one buffer (sshj sends from arrays). */
public interface UploadSource {

    /** Reads up to {@code length} bytes into {@code array} at {@code offset}; returns the count, or -1 at the end. */
    int read(byte[] array, int offset, int length) throws IOException;

    static UploadSource of(InputStream in) {
        return in::read;
    }

    /** Wraps the buffer array once, on first use, and repositions that wrapper for every read. */
    static UploadSource of(ReadableByteChannel in) {
        return new UploadSource() {
            private ByteBuffer wrapper;

            @Override
            public int read(byte[] array, int offset, int length) throws IOException {
                if (wrapper == null || wrapper.array() != array) {
                    wrapper = ByteBuffer.wrap(array);
                }
                wrapper.limit(offset + length).position(offset);
                return in.read(wrapper);
            }
        };
    }
}
