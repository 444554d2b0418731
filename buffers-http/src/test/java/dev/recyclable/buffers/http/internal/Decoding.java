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
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** One body decoded by a {@link ContentDecoder} as the client would feed it, and what came of it. */
record Decoding(byte[] content, Class<? extends Throwable> failure, String message, long contentAtFailure) {

    boolean succeeded() {
        return failure == null;
    }

    /** Decodes {@code pieces} one after another, then finishes; everything is closed whatever happens. */
    static Decoding of(ContentCoding coding, ByteBuffer[] pieces, long maxBytes, BufferPool pool) {
        try (RecyclableOutputStream out = pool.newStream("decoding");
                ContentDecoder decoder = coding.newDecoder()) {
            try {
                for (ByteBuffer piece : pieces) {
                    decoder.decode(piece, out, maxBytes);
                    if (piece.hasRemaining()) {
                        throw new AssertionError("the decoder left " + piece.remaining() + " bytes of a piece");
                    }
                }
                decoder.finish();
            } catch (IOException | BufferLimitExceededException e) {
                if (out.length() > maxBytes) {
                    throw new AssertionError("the content passed the limit: " + out.length() + " > " + maxBytes);
                }
                if (decoder.decodedBytes() != out.length()) {
                    throw new AssertionError("decodedBytes " + decoder.decodedBytes() + " vs content " + out.length());
                }
                return new Decoding(null, e.getClass(), e.getMessage(), out.length());
            }
            return new Decoding(out.toByteArray(), null, null, out.length());
        }
    }

    /** The same failure class, or the same content. */
    boolean sameAs(Decoding other) {
        return failure == other.failure && Arrays.equals(content, other.content);
    }

    @Override
    public String toString() {
        return succeeded() ? content.length + " bytes" : failure.getSimpleName() + ": " + message;
    }
}
