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

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The {@code Content-Encoding} of a body (RFC 9110 section 8.4), as far as a decoder cares: none,
 * {@code gzip} (also spelt {@code x-gzip}) or {@code deflate}. Anything else, or more than one
 * coding stacked, is refused rather than passed on as if it were the content.
 */
public enum ContentCoding {
    IDENTITY,
    GZIP,
    DEFLATE;

    /**
     * The coding the header values name ({@code identity} and empty elements count as none).
     *
     * @throws IOException naming the coding when it is one this module does not decode, or when
     *                     several are stacked
     */
    public static ContentCoding of(List<String> headerValues) throws IOException {
        ContentCoding found = IDENTITY;
        for (String value : headerValues) {
            for (String element : value.split(",", -1)) {
                String token = element.strip().toLowerCase(Locale.ROOT);
                ContentCoding coding = switch (token) {
                    case "", "identity" -> IDENTITY;
                    case "gzip", "x-gzip" -> GZIP;
                    case "deflate" -> DEFLATE;
                    default ->
                        throw new IOException("unsupported Content-Encoding '" + element.strip()
                                + "': only gzip and deflate are decoded (or turn decoding off for the raw bytes)");
                };
                if (coding != IDENTITY) {
                    if (found != IDENTITY) {
                        throw new IOException("unsupported Content-Encoding " + headerValues
                                + ": one coding at most is decoded, not a stack of them");
                    }
                    found = coding;
                }
            }
        }
        return found;
    }

    /** A decoder for this coding, or null for {@link #IDENTITY}. */
    public ContentDecoder newDecoder() {
        return switch (this) {
            case IDENTITY -> null;
            case GZIP -> ContentDecoder.gzip();
            case DEFLATE -> ContentDecoder.deflate();
        };
    }
}
