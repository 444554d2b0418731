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
import java.util.Arrays;
import java.util.Random;

/** Test content, and another user of a pool writing over whatever it has idle. */
final class TestBytes {
    private TestBytes() {}

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static byte[] filled(int n, int value) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) value);
        return b;
    }

    /** Leases whatever the pool has idle and writes over it, as any other stream would. */
    static void anotherStreamScribbles(BufferPool pool, int bytes) throws IOException {
        try (RecyclableOutputStream other = pool.newStream("other")) {
            other.write(filled(bytes, 0x5A));
        }
    }
}
