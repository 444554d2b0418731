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
package dev.recyclable.buffers;

import dev.recyclable.buffers.internal.Chunk;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/** A read cursor over a stream's content ({@link RecyclableOutputStream#newInputStream()}). */
final class ContentInputStream extends InputStream {
    private final RecyclableOutputStream stream;
    private long position;
    private long mark;
    private Chunk chunk;
    private int version;

    ContentInputStream(RecyclableOutputStream stream) {
        this.stream = stream;
        this.version = stream.content.structureVersion;
    }

    /** The chunk holding {@code position}, or {@code null} at the end of the content. */
    private Chunk current() throws IOException {
        if (stream.isClosed()) {
            throw stream.closedException();
        }
        if (position >= stream.content.contentLength()) {
            return null;
        }
        if (version != stream.content.structureVersion) {
            chunk = null;
            version = stream.content.structureVersion;
        }
        chunk = stream.content.chunkAt(position, chunk);
        return chunk;
    }

    @Override
    public int read() throws IOException {
        Chunk c = current();
        if (c == null) {
            return -1;
        }
        return c.get((int) (position++ - c.offset())) & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        int total = 0;
        while (total < len) {
            Chunk c = current();
            if (c == null) {
                break;
            }
            int at = (int) (position - c.offset());
            int n = Math.min(len - total, stream.content.lengthOf(c) - at);
            c.get(at, b, off + total, n);
            position += n;
            total += n;
        }
        return total == 0 ? -1 : total;
    }

    @Override
    public long skip(long n) throws IOException {
        if (stream.isClosed()) {
            throw stream.closedException();
        }
        long skipped = Math.max(0, Math.min(n, stream.content.contentLength() - position));
        position += skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        if (stream.isClosed()) {
            throw stream.closedException();
        }
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, stream.content.contentLength() - position));
    }

    @Override
    public boolean markSupported() {
        return true;
    }

    @Override
    public synchronized void mark(int readlimit) {
        mark = position;
    }

    @Override
    public synchronized void reset() {
        position = mark;
    }
}
