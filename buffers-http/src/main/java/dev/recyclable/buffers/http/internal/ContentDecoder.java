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
package dev.recyclable.buffers.http.internal;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Decodes a body's {@code Content-Encoding} as its pieces arrive, straight into a pooled stream:
 * {@link #gzip()} (RFC 1952, members one after another) or {@link #deflate()} (RFC 9110's
 * "deflate", the zlib format of RFC 1950, or the raw DEFLATE of RFC 1951 that some servers send
 * instead).
 *
 * <p>zlib inflates into {@link RecyclableOutputStream#writableBuffer(int)} windows (heap or
 * direct, through the {@code ByteBuffer} API: no intermediate array), reading each piece in place,
 * and is never offered more room than the limit plus one byte: a decompression bomb fails with
 * {@link BufferLimitExceededException} once the stream would hold {@code maxBytes + 1} bytes, so it
 * has cost at most the limit plus one chunk. Malformed data fails with a {@link ZipException}, a
 * body that ends inside the encoding with an {@link EOFException}; nothing is ever skipped or
 * guessed at, data after the end of the encoding included.
 *
 * <p>One per body, on one thread at a time; {@link #close()} ends zlib's native memory and must be
 * called on every path.
 */
public abstract sealed class ContentDecoder implements AutoCloseable permits GzipDecoder, DeflateDecoder {
    /** Created when the framing knows which stream format follows; null until then and after {@link #close()}. */
    Inflater inflater;

    private long decoded;
    private boolean sawInput;

    ContentDecoder() {}

    /** A decoder for {@code Content-Encoding: gzip}. */
    public static ContentDecoder gzip() {
        return new GzipDecoder();
    }

    /** A decoder for {@code Content-Encoding: deflate}, zlib-wrapped or raw, told apart by the first two bytes. */
    public static ContentDecoder deflate() {
        return new DeflateDecoder();
    }

    /**
     * Decodes all of {@code in} (its position ends at its limit) onto the end of {@code out}.
     *
     * @param maxBytes the most {@code out} may hold
     * @throws BufferLimitExceededException when the decoded content would pass {@code maxBytes}
     *                                      (or the pool's stream cap)
     * @throws ZipException                 for malformed data
     */
    public final void decode(ByteBuffer in, RecyclableOutputStream out, long maxBytes) throws IOException {
        if (in.hasRemaining()) {
            sawInput = true;
            feed(in, out, maxBytes);
        }
    }

    /**
     * The body has ended: fails unless the encoding ended too. A body with no byte at all is
     * empty content (what a server sends with a 204, or for a HEAD request).
     *
     * @throws EOFException when the body stopped inside the encoding
     */
    public final void finish() throws IOException {
        if (sawInput && !complete()) {
            throw new EOFException("the body ends inside its " + this);
        }
    }

    /** The decoded bytes so far. */
    public final long decodedBytes() {
        return decoded;
    }

    /** Frees zlib's native memory. Idempotent. */
    @Override
    public final void close() {
        Inflater z = inflater;
        inflater = null;
        if (z != null) {
            z.end();
        }
    }

    /** Takes the bytes of {@code in}, framing and data. */
    abstract void feed(ByteBuffer in, RecyclableOutputStream out, long maxBytes) throws IOException;

    /** Whether the bytes so far make a complete encoding. */
    abstract boolean complete();

    /**
     * Inflates what the inflater's input holds onto the end of {@code out}, until zlib needs more
     * input or reaches the end of its stream; {@code crc}, if not null, sees every decoded byte.
     */
    final void inflateAvailable(RecyclableOutputStream out, long maxBytes, CRC32 crc) throws IOException {
        Inflater z = inflater;
        while (true) {
            long room = Math.max(0, maxBytes - out.length());
            ByteBuffer window = out.writableBuffer(1);
            int at = window.position();
            int end = window.limit();
            // one byte more than the limit allows: enough to tell "exactly at the limit" from "over"
            if (room < end - at) {
                window.limit(at + (int) room + 1);
            }
            int offered = window.remaining();
            int n;
            try {
                n = z.inflate(window);
            } catch (DataFormatException e) {
                throw new ZipException("invalid deflate data in the body's " + this + ": " + e.getMessage());
            } finally {
                // the window is the chunk's own buffer: the pool's bookkeeping relies on its limit
                window.limit(end);
            }
            if (n > 0) {
                if (n > room) {
                    throw new BufferLimitExceededException("the decoded body", out.length() + n, maxBytes);
                }
                if (crc != null) {
                    window.position(at).limit(at + n);
                    crc.update(window);
                    window.limit(end);
                }
                out.commit(n);
                decoded += n;
            }
            if (z.finished()) {
                return;
            }
            if (z.needsDictionary()) {
                throw new ZipException(
                        "the body's " + this + " asks for a preset dictionary, which HTTP does not define");
            }
            if (z.needsInput() && n < offered) {
                return; // all input consumed and zlib had no more to give
            }
            if (n == 0 && !z.needsInput()) {
                throw new ZipException("the body's " + this + " makes no progress");
            }
        }
    }
}
