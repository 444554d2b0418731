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

import java.io.OutputStream;
import java.util.Objects;

/**
 * The consumer at the end of every benchmark: accepts bytes and keeps only their count, so that
 * consuming costs every contender the same (nothing) and the measurement is of the buffer alone.
 *
 * <p>The count is read by the benchmark and returned to JMH, so handing bytes here is never dead
 * code; the bytes themselves are not read, as a socket write would not read them on this side.
 */
public final class DiscardingOutputStream extends OutputStream {
    private long bytesSeen;

    @Override
    public void write(int b) {
        bytesSeen++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        bytesSeen += length;
    }

    /** Total bytes handed to this stream so far. */
    public long bytesSeen() {
        return bytesSeen;
    }
}
