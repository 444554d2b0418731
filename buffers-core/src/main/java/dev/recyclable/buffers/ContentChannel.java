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
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SeekableByteChannel;

/** Random access over a stream's content ({@link RecyclableOutputStream#channel()}). */
final class ContentChannel implements SeekableByteChannel {
    private final RecyclableOutputStream stream;
    private long position;
    private boolean open = true;

    ContentChannel(RecyclableOutputStream stream) {
        this.stream = stream;
    }

    private void ensureUsable() throws IOException {
        if (!open) {
            throw new ClosedChannelException();
        }
        if (stream.isClosed()) {
            throw stream.closedException();
        }
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        ensureUsable();
        long size = stream.content.contentLength();
        if (position >= size) {
            return dst.hasRemaining() ? -1 : 0;
        }
        int total = 0;
        Chunk c = null;
        while (dst.hasRemaining() && position < size) {
            c = stream.content.chunkAt(position, c);
            int at = (int) (position - c.offset());
            int n = Math.min(dst.remaining(), stream.content.lengthOf(c) - at);
            c.get(at, dst, n);
            position += n;
            total += n;
        }
        return total;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        ensureUsable();
        int n = src.remaining();
        stream.writeAt(position, src);
        position += n;
        return n;
    }

    @Override
    public long position() throws IOException {
        ensureUsable();
        return position;
    }

    @Override
    public SeekableByteChannel position(long newPosition) throws IOException {
        ensureUsable();
        if (newPosition < 0) {
            throw new IllegalArgumentException("position must not be negative: " + newPosition);
        }
        position = newPosition;
        return this;
    }

    @Override
    public long size() throws IOException {
        ensureUsable();
        return stream.content.contentLength();
    }

    @Override
    public SeekableByteChannel truncate(long size) throws IOException {
        ensureUsable();
        stream.truncate(size);
        if (position > size) {
            position = size;
        }
        return this;
    }

    @Override
    public boolean isOpen() {
        return open && !stream.isClosed();
    }

    /** Closes this view only; the stream stays open. */
    @Override
    public void close() {
        open = false;
    }
}
