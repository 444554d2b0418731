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
package dev.recyclable.buffers.ssh.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A pooled stream's content as heap arrays, from heap and direct chunks, at the edges of chunk and bounce size. */
class HeapSegmentsTest {

    private static final int BOUNCE = 1000;

    @Test
    void handsEveryByteInOrderFromHeapAndDirectChunks() throws IOException {
        for (boolean directChunks : new boolean[] {false, true}) {
            BufferPool pool = BufferPool.builder()
                    .minChunkSize(1024)
                    .maxChunkSize(4096)
                    .directChunks(directChunks)
                    .build();
            for (int size : new int[] {0, 1, BOUNCE - 1, BOUNCE, BOUNCE + 1, 4096, 50_001}) {
                byte[] data = new byte[size];
                new Random(size).nextBytes(data);
                ByteArrayOutputStream got = new ByteArrayOutputStream();
                int[] largest = {0};
                try (RecyclableOutputStream content = pool.newStream()) {
                    content.write(data);
                    HeapSegments.forEach(content, BOUNCE, (array, offset, n) -> {
                        largest[0] = Math.max(largest[0], n);
                        got.write(array, offset, n);
                    });
                    assertEquals(size, content.length(), "the content is left as it was");
                }
                String what = (directChunks ? "direct" : "heap") + ", " + size + " bytes";
                assertArrayEquals(data, got.toByteArray(), what);
                if (directChunks) {
                    assertTrue(largest[0] <= BOUNCE, what + ": pieces of at most the bounce size, got " + largest[0]);
                }
            }
            PoolAssertions.assertNothingInUse(pool);
        }
    }

    @Test
    void whatTheWriterThrowsEndsTheWalkAndComesOutAsItself() throws IOException {
        for (boolean directChunks : new boolean[] {false, true}) {
            BufferPool pool = BufferPool.builder().directChunks(directChunks).build();
            for (Throwable thrown : new Throwable[] {new IOException("writer failed"), new AssertionError("writer")}) {
                int[] calls = {0};
                try (RecyclableOutputStream content = pool.newStream()) {
                    content.write(new byte[200_000]);
                    Throwable caught = assertThrows(
                            Throwable.class,
                            () -> HeapSegments.forEach(content, BOUNCE, (array, offset, n) -> {
                                calls[0]++;
                                HeapSegmentsTest.<RuntimeException>sneakyThrow(thrown);
                            }));
                    assertSame(thrown, caught);
                    assertEquals(1, calls[0], "no call after the throw");
                }
            }
            PoolAssertions.assertNothingInUse(pool);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }
}
