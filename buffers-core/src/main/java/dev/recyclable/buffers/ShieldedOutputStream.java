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

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The view returned by {@link RecyclableOutputStream#shielded()}: it forwards writes to the
 * stream and absorbs {@code close()}, so that a wrapper which closes its target
 * ({@code GZIPOutputStream}, {@code ObjectOutputStream}, a Jackson {@code JsonGenerator}, ...)
 * ends only itself and leaves the stream, its content and its memory to the stream's owner.
 *
 * <p>Closing the view ends writing through it (a later write throws, so a wrapper that writes
 * after its own close is not silently accepted) and does nothing else: it neither frees nor
 * seals the stream. Holds no memory of its own and no reference count.
 */
final class ShieldedOutputStream extends OutputStream {
    private final RecyclableOutputStream target;
    private boolean closed;

    ShieldedOutputStream(RecyclableOutputStream target) {
        this.target = target;
    }

    @Override
    public void write(int b) throws IOException {
        ensureWritable();
        target.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureWritable();
        target.write(b, off, len);
    }

    /** Wrappers handle {@link IOException}s: a closed view, or a closed stream behind it, is one. */
    private void ensureWritable() throws IOException {
        if (closed) {
            throw closedView();
        }
        if (target.isClosed()) {
            throw target.closedException();
        }
    }

    /**
     * Nothing to do: the bytes are in the stream already. Allowed after close too, because some
     * wrappers flush their target once more while closing.
     */
    @Override
    public void flush() {}

    /** Ends this view; the stream stays open and its owner still closes it. Idempotent. */
    @Override
    public void close() {
        closed = true;
    }

    private IOException closedView() {
        return new IOException("this shielded view of " + LeakTracker.describe(target.tag())
                + " was closed (the stream itself stays open until its owner closes it)");
    }

    @Override
    public String toString() {
        return "shielded view of " + LeakTracker.describe(target.tag());
    }
}
