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

import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * {@code Content-Encoding: deflate}: RFC 9110 means the zlib format (RFC 1950: a two-byte header,
 * DEFLATE data, an Adler-32 that zlib checks), but some servers send raw DEFLATE (RFC 1951). The
 * first two bytes tell them apart as browsers and curl do: a valid zlib header (method 8, window
 * at most 32 KiB, header check divisible by 31) means zlib, anything else raw DEFLATE. Nothing may
 * follow the end of the stream.
 */
final class DeflateDecoder extends ContentDecoder {
    /** The first byte while the second has not arrived; -1 before it. */
    private int first = -1;

    @Override
    void feed(ByteBuffer in, RecyclableOutputStream out, long maxBytes) throws IOException {
        if (inflater == null) {
            if (first < 0) {
                first = in.get() & 0xff;
                if (!in.hasRemaining()) {
                    return;
                }
            }
            int second = in.get(in.position()) & 0xff;
            inflater = new Inflater(!isZlibHeader(first, second));
            inflater.setInput(new byte[] {(byte) first});
            inflateAvailable(out, maxBytes, null);
        }
        if (in.hasRemaining() && !inflater.finished()) {
            inflater.setInput(in);
            inflateAvailable(out, maxBytes, null);
        }
        if (inflater.finished() && (in.hasRemaining() || inflater.getRemaining() > 0)) {
            throw new ZipException("data after the end of the body's " + this);
        }
    }

    /** RFC 1950 section 2.2: CM 8 (deflate), CINFO at most 7 (32 KiB window), and FCHECK. */
    static boolean isZlibHeader(int cmf, int flg) {
        return (cmf & 0x0f) == 8 && (cmf >>> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
    }

    @Override
    boolean complete() {
        return inflater != null && inflater.finished();
    }

    @Override
    public String toString() {
        return "deflate encoding";
    }
}
