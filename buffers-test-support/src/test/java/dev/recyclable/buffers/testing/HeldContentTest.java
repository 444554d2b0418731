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
package dev.recyclable.buffers.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class HeldContentTest {
    private final BufferPool pool = BufferPool.builder()
            .minChunkSize(64)
            .maxChunkSize(256)
            .idleDecay(Duration.ZERO)
            .build();

    @Test
    void readsAViewWithoutMovingItAndNamesTheFirstDifference() throws Exception {
        byte[] data = new byte[1000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) i;
        }
        try (RecyclableOutputStream out = pool.newStream();
                ByteBufferView view = out.byteBuffers()) {
            assertEquals(0, view.remaining());
            out.write(data);
            try (ByteBufferView full = out.byteBuffers()) {
                assertTrue(full.buffers().length > 1);
                assertArrayEquals(data, HeldContent.bytesOf(full));
                assertEquals(data.length, full.remaining(), "positions untouched");
                HeldContent.assertShows(data, full, "the view");
                byte[] other = data.clone();
                other[700] ^= 1;
                AssertionFailedError e = assertThrows(
                        AssertionFailedError.class, () -> HeldContent.assertShows(other, full, "the view"));
                assertTrue(e.getMessage().contains("first difference at byte 700"), e.getMessage());
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
