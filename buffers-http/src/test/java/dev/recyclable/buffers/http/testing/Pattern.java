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
package dev.recyclable.buffers.http.testing;

import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** The peers' body bytes: byte i is the top byte of i times the 32-bit golden ratio (src/test/node/pattern.js). */
public final class Pattern {
    private Pattern() {}

    public static byte at(long i) {
        return (byte) (((int) i * 0x9E3779B1) >>> 24);
    }

    public static byte[] bytes(int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = at(i);
        }
        return b;
    }

    /** The index of the first byte of {@code content} that is not the pattern's, or -1 when it is the pattern of its length. */
    public static long firstMismatch(RecyclableOutputStream content) throws IOException {
        try (InputStream in = content.newInputStream()) {
            byte[] buffer = new byte[8192];
            long at = 0;
            for (int n; (n = in.read(buffer)) > 0; ) {
                for (int i = 0; i < n; i++, at++) {
                    if (buffer[i] != at(at)) {
                        return at;
                    }
                }
            }
            return -1;
        }
    }
}
