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
package dev.recyclable.buffers.websocket;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The permessage-deflate transform written out longhand for tests, independently of the
 * production classes: raw DEFLATE, a sync flush, the trailing {@code 00 00 ff ff} removed.
 */
public final class Compression {
    private Compression() {}

    /** {@code data} compressed as one permessage-deflate message by {@code deflater} (which keeps its context). */
    public static byte[] compress(Deflater deflater, byte[] data) {
        deflater.setInput(data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        do {
            n = deflater.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH);
            out.write(buf, 0, n);
        } while (n == buf.length || !deflater.needsInput());
        byte[] all = out.toByteArray();
        if (all.length < 4 || !Arrays.equals(all, all.length - 4, all.length, new byte[] {0, 0, -1, -1}, 0, 4)) {
            throw new AssertionError("sync flush did not end with 00 00 ff ff");
        }
        return Arrays.copyOf(all, all.length - 4);
    }

    /** {@code data} compressed by a fresh deflater. */
    public static byte[] compress(byte[] data) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        try {
            return compress(d, data);
        } finally {
            d.end();
        }
    }

    /** A permessage-deflate payload inflated by {@code inflater} (which keeps its context). */
    public static byte[] inflate(Inflater inflater, byte[] payload) throws Exception {
        byte[] withTail = Arrays.copyOf(payload, payload.length + 4);
        withTail[payload.length + 2] = -1;
        withTail[payload.length + 3] = -1;
        inflater.setInput(withTail);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        while (true) {
            int n = inflater.inflate(buf);
            out.write(buf, 0, n);
            if (n == 0 && (inflater.needsInput() || inflater.finished())) {
                return out.toByteArray();
            }
        }
    }

    /**
     * A raw DEFLATE stream (without the final tail) that inflates to {@code copies} MiB of zeros:
     * one MiB compressed once, then the same compressed MiB repeated, which is valid because a
     * deflater whose window is all zeros encodes the next MiB of zeros identically each time
     * (checked here).
     */
    public static byte[] zerosBomb(int copies) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        try {
            byte[] mib = new byte[1 << 20];
            byte[] first = compress(d, mib);
            byte[] second = compress(d, mib);
            byte[] third = compress(d, mib);
            if (!Arrays.equals(second, third)) {
                throw new AssertionError("repeated zeros did not compress identically");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(first, 0, first.length);
            // each compress() stripped its sync flush tail: put it back between the pieces
            byte[] tail = {0, 0, -1, -1};
            for (int i = 1; i < copies; i++) {
                out.write(tail, 0, 4);
                out.write(second, 0, second.length);
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }
}
