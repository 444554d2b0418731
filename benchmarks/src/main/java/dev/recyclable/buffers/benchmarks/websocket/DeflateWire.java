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
package dev.recyclable.buffers.benchmarks.websocket;

import dev.recyclable.buffers.websocket.DeflateOptions;
import dev.recyclable.buffers.websocket.PerMessageDeflate;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtension;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateServerExtensionHandshaker;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.Deflater;

/**
 * permessage-deflate input for the benchmarks and the showcase: a compressible JSON-like text
 * message and the client's compressed, masked frames of it under context takeover (the RFC's
 * default), built with the JDK's deflater so that no contender's own encoder is on the
 * measured path.
 *
 * <p>{@link #first} is the first message of a connection; {@link #repeated} is every later
 * copy of the same message. A deflater whose window holds the previous copy compresses the
 * next one identically (checked here), so a receiver fed {@code first} once and then
 * {@code repeated} any number of times inflates a valid continuation every time.
 *
 * @param message  the payload, valid UTF-8
 * @param first    the frames of its first sending, RSV1 on the first frame
 * @param repeated the frames of every later sending
 */
record DeflateWire(byte[] message, byte[] first, byte[] repeated) {
    /** Largest inflated message the Netty contenders accept (their {@code maxAllocation}). */
    static final int MAX = 64 << 20;

    /** Our decoders' limits for this input: 1 MiB frames, {@link #MAX} per message. */
    static final WebSocketLimits LIMITS = new WebSocketLimits(1 << 20, MAX, 1 << 16);

    /** Our server side of permessage-deflate for a plain offer: context takeover, the default options. */
    static PerMessageDeflate agreed() {
        return PerMessageDeflate.negotiateAsServer("permessage-deflate", DeflateOptions.DEFAULT)
                .orElseThrow();
    }

    /** The wire for {@link #json(int)} of {@code size} bytes in {@link WireMessages#FRAGMENT}-byte frames. */
    static DeflateWire of(int size) {
        byte[] message = json(size);
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        byte[] c1 = compress(d, message);
        byte[] c2 = compress(d, message);
        byte[] c3 = compress(d, message);
        d.end();
        if (!Arrays.equals(c2, c3)) {
            throw new IllegalStateException("repeated message did not compress identically");
        }
        return new DeflateWire(
                message,
                rsv1(WireMessages.frames(c1, true, WireMessages.FRAGMENT, true)),
                rsv1(WireMessages.frames(c2, true, WireMessages.FRAGMENT, true)));
    }

    /** JSON-like records with a few repeated field names and varying values: compresses about 5:1. */
    static byte[] json(int size) {
        StringBuilder s = new StringBuilder(size + 200).append('[');
        long x = 12345;
        while (s.length() < size - 2) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            s.append("{\"id\":")
                    .append((x >>> 40) & 0xFFFFF)
                    .append(",\"user\":\"user")
                    .append((x >>> 20) & 0x3FF)
                    .append("\",\"active\":")
                    .append((x & 1) == 0)
                    .append(",\"tags\":[\"é\",\"κόσμε\",\"😀\"],\"score\":")
                    .append((x >>> 8) & 0xFFFF)
                    .append("},");
        }
        byte[] b = s.toString().getBytes(StandardCharsets.UTF_8);
        b = Arrays.copyOf(b, size);
        b[size - 1] = ']';
        for (int i = size - 2; i >= 0 && (b[i] & 0x80) != 0; i--) {
            b[i] = ' '; // do not end inside a code point
        }
        return b;
    }

    /**
     * Netty's server side of permessage-deflate as {@code WebSocketServerCompressionHandler}
     * installs it for a plain offer: level 6, context takeover, 15-bit windows.
     */
    static WebSocketServerExtension nettyExtension() {
        return new PerMessageDeflateServerExtensionHandshaker(6, false, 15, false, false, MAX)
                .handshakeExtension(new WebSocketExtensionData("permessage-deflate", Map.of()));
    }

    private static byte[] rsv1(byte[] frames) {
        frames[0] |= 0x40; // first frame only
        return frames;
    }

    /** One message's compressed form: sync flush, the trailing {@code 00 00 ff ff} left out. */
    private static byte[] compress(Deflater d, byte[] data) {
        d.setInput(data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[64 * 1024];
        int n;
        do {
            n = d.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH);
            out.write(buf, 0, n);
        } while (n == buf.length || !d.needsInput());
        byte[] all = out.toByteArray();
        return Arrays.copyOf(all, all.length - 4);
    }
}
