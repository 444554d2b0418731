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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class MaskingKeysTest {
    /** A generator whose output is fixed by its seed (SHA1PRNG seeded before first use). */
    private static SecureRandom seeded() throws NoSuchAlgorithmException {
        SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
        r.setSeed(42);
        return r;
    }

    @Test
    void everyKeyIsTheNextFourBytesOfTheGeneratorsOutputUsedOnce() throws Exception {
        SecureRandom reference = seeded();
        byte[] expected = new byte[3 * 256];
        // three draws as MaskingKeys makes them: 64 keys of 4 bytes each
        for (int draw = 0; draw < 3; draw++) {
            byte[] one = new byte[256];
            reference.nextBytes(one);
            System.arraycopy(one, 0, expected, draw * 256, 256);
        }
        MaskingKeys keys = new MaskingKeys(seeded());
        ByteBuffer want = ByteBuffer.wrap(expected);
        for (int i = 0; i < 3 * 64; i++) {
            assertEquals(want.getInt(), keys.nextInt(), "key " + i);
        }
    }

    @Test
    void keysDoNotRepeatAcrossDraws() {
        MaskingKeys keys = new MaskingKeys();
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(keys.nextInt());
        }
        // 10,000 draws of 32 random bits: a collision is possible but a dozen is not
        assertTrue(seen.size() > 9_990, "distinct keys: " + seen.size());
    }

    @Test
    @Tag("allocation") // measures the thread's allocation, which mutation testing's coverage probes add to
    void aKeyCostsNoAllocationOnceDrawn() {
        MaskingKeys keys = new MaskingKeys();
        long sink = 0;
        for (int i = 0; i < 100_000; i++) {
            sink += keys.nextInt();
        }
        long before = ThreadAllocation.current();
        for (int i = 0; i < 64_000; i++) {
            sink += keys.nextInt();
        }
        long perKey = (ThreadAllocation.current() - before) / 64_000;
        // a SecureRandom call per key allocates about 90 bytes (NativePRNG); one per 64 keys, a few
        assertTrue(perKey < 16, "bytes per key: " + perKey + " (" + sink + ")");
    }
}
