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

import java.util.zip.Deflater;

/**
 * This endpoint's permessage-deflate choices (RFC 7692): what it asks for in the handshake and
 * how it compresses. What the peer agreed to ends up in a {@link PerMessageDeflate}.
 *
 * @param compressionLevel        {@link Deflater} level, 0-9 or {@link Deflater#DEFAULT_COMPRESSION}
 * @param threshold               messages shorter than this many bytes are sent uncompressed (npm ws
 *                                uses 1024: below that the deflate call costs more than it saves)
 * @param serverNoContextTakeover ask that the server reset its compressor after every message
 *                                (a server always includes it in its response; a client offers it)
 * @param clientNoContextTakeover have the client reset its compressor after every message (a
 *                                server demands it in its response; a client offers it)
 */
public record DeflateOptions(
        int compressionLevel, int threshold, boolean serverNoContextTakeover, boolean clientNoContextTakeover) {

    /** Default level, 1024-byte threshold, context takeover in both directions (the RFC's default). */
    public static final DeflateOptions DEFAULT = new DeflateOptions(Deflater.DEFAULT_COMPRESSION, 1024, false, false);

    public DeflateOptions {
        if (compressionLevel != Deflater.DEFAULT_COMPRESSION && (compressionLevel < 0 || compressionLevel > 9)) {
            throw new IllegalArgumentException("compression level " + compressionLevel + " (0-9 or -1)");
        }
        if (threshold < 0) {
            throw new IllegalArgumentException("negative threshold " + threshold);
        }
    }

    public DeflateOptions withCompressionLevel(int level) {
        return new DeflateOptions(level, threshold, serverNoContextTakeover, clientNoContextTakeover);
    }

    public DeflateOptions withThreshold(int bytes) {
        return new DeflateOptions(compressionLevel, bytes, serverNoContextTakeover, clientNoContextTakeover);
    }

    public DeflateOptions withServerNoContextTakeover(boolean value) {
        return new DeflateOptions(compressionLevel, threshold, value, clientNoContextTakeover);
    }

    public DeflateOptions withClientNoContextTakeover(boolean value) {
        return new DeflateOptions(compressionLevel, threshold, serverNoContextTakeover, value);
    }
}
