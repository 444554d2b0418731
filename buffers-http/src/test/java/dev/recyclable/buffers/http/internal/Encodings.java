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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/** Test encodings made with the JDK's zlib, and the JDK's own decoders as references. */
final class Encodings {
    private Encodings() {}

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    /** zlib-wrapped (RFC 1950) when {@code zlib}, else raw DEFLATE, at {@code level}. */
    static byte[] deflate(byte[] data, boolean zlib, int level) {
        Deflater deflater = new Deflater(level, !zlib);
        try {
            deflater.setInput(data);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /**
     * A gzip member with the optional header fields RFC 1952 allows: an extra field, a name, a
     * comment and the header CRC (correct unless {@code badHeaderCrc}).
     */
    static byte[] gzipWithHeaderFields(
            byte[] data, byte[] extra, String name, String comment, boolean headerCrc, boolean badHeaderCrc) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int flags = (extra != null ? 4 : 0) | (name != null ? 8 : 0) | (comment != null ? 16 : 0) | (headerCrc ? 2 : 0);
        out.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, (byte) flags, 1, 2, 3, 4, 0, (byte) 255});
        if (extra != null) {
            out.write(extra.length & 0xff);
            out.write(extra.length >>> 8);
            out.writeBytes(extra);
        }
        if (name != null) {
            out.writeBytes(name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            out.write(0);
        }
        if (comment != null) {
            out.writeBytes(comment.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            out.write(0);
        }
        if (headerCrc) {
            CRC32 crc = new CRC32();
            crc.update(out.toByteArray());
            int value = (int) crc.getValue() & 0xffff;
            if (badHeaderCrc) {
                value ^= 1;
            }
            out.write(value & 0xff);
            out.write(value >>> 8);
        }
        out.writeBytes(deflate(data, false, Deflater.DEFAULT_COMPRESSION));
        CRC32 crc = new CRC32();
        crc.update(data);
        writeIntLe(out, (int) crc.getValue());
        writeIntLe(out, data.length);
        return out.toByteArray();
    }

    private static void writeIntLe(ByteArrayOutputStream out, int v) {
        out.write(v);
        out.write(v >>> 8);
        out.write(v >>> 16);
        out.write(v >>> 24);
    }

    /** What the JDK's GZIPInputStream makes of {@code encoded}. */
    static byte[] gunzipWithTheJdk(byte[] encoded) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(encoded))) {
            return in.readAllBytes();
        }
    }

    /** What the JDK's InflaterInputStream makes of {@code encoded}, zlib-wrapped or raw. */
    static byte[] inflateWithTheJdk(byte[] encoded, boolean zlib) throws IOException {
        Inflater inflater = new Inflater(!zlib);
        try (InputStream in = new InflaterInputStream(new java.io.ByteArrayInputStream(encoded), inflater)) {
            return in.readAllBytes();
        } finally {
            inflater.end();
        }
    }

    /** {@code data} cut into pieces of {@code piece} bytes, each a heap buffer (or direct, when asked) of its own. */
    static ByteBuffer[] pieces(byte[] data, int piece, boolean direct) {
        int count = Math.max(1, (data.length + piece - 1) / piece);
        ByteBuffer[] out = new ByteBuffer[count];
        for (int i = 0; i < count; i++) {
            int from = Math.min(data.length, i * piece);
            int n = Math.min(piece, data.length - from);
            ByteBuffer b = direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
            b.put(data, from, n).flip();
            out[i] = b;
        }
        return out;
    }
}
