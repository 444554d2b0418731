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
package dev.recyclable.buffers.websocket.jdk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The JDK adapter's text path: UTF-16 pieces, split anywhere (also inside surrogate pairs),
 * come out as the UTF-8 of the whole text, with U+FFFD for unpaired surrogates.
 */
class Utf16ToUtf8Test {

    private static byte[] expected(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints()
                .forEach(cp -> sb.appendCodePoint(Character.isSurrogate((char) cp) && cp < 0x10000 ? 0xFFFD : cp));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void piecesSplitInsideSurrogatePairsAndUnpairedSurrogates() throws Exception {
        BufferPool pool =
                BufferPool.builder().minChunkSize(64).maxChunkSize(256).build();
        String[] samples = {
            "", "plain ascii", "κόσμε €中 𝄞😀 mixed", "\uD834", "\uDD1E lone low", "a\uD834b", "end high \uD83D"
        };
        Random random = new Random(11);
        for (String sample : samples) {
            String text = sample.repeat(1 + random.nextInt(200));
            for (int round = 0; round < 20; round++) {
                Utf16ToUtf8 encoder = new Utf16ToUtf8();
                try (RecyclableOutputStream out = pool.newStream()) {
                    int i = 0;
                    do {
                        int n = Math.min(text.length() - i, random.nextInt(7));
                        boolean last = i + n == text.length();
                        encoder.append(text.subSequence(i, i + n), last, out);
                        i += n;
                        if (last) {
                            break;
                        }
                    } while (true);
                    assertArrayEquals(expected(text), out.toByteArray(), sample);
                }
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
