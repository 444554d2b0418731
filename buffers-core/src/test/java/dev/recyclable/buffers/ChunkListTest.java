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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.internal.Chunk;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The chunk list's one way out: a chunk goes back to the pool only once it has left its list. */
class ChunkListTest {
    private final BufferPool pool = BufferPool.builder()
            .idleDecay(Duration.ZERO)
            .leakDetection(LeakDetection.DISABLED)
            .build();

    @Test
    void thePoolRefusesAChunkThatIsStillLinked() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[5000]); // a 1 KiB and a 4 KiB chunk
            Chunk head = out.content.head;
            assertTrue(head.isLinked());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.release(head));
            assertTrue(e.getMessage().contains("linked"), e.getMessage());
            assertThrows(IllegalStateException.class, () -> pool.letGo(out.content.tail));
            assertEquals(5000, out.length(), "the refused chunks are still the stream's content");
        }
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void aChunkLinkedByHandIsRefusedUntilUnlinked() {
        Chunk c = pool.lease(0);
        c.link(0);
        assertThrows(IllegalStateException.class, () -> pool.release(c));
        assertEquals(0, pool.stats().bytesIdle(), "nothing went into the free list");
        ChunkList.unlinkAndLetGo(pool, c, ChunkList.Holding.ALONE);
        assertFalse(c.isLinked());
        assertNull(c.next());
        assertEquals(c.capacity(), pool.stats().bytesIdle());
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void chunksLeavingTheListAreUnlinkedFirst() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[100_000]);
            Chunk first = out.content.head;
            Chunk second = first.next();
            out.reset(); // keeps the first chunk, lets go of the rest through the one way out
            assertTrue(first.isLinked());
            assertFalse(second.isLinked());
            assertNull(second.next());
            try (ByteBufferView view = out.byteBuffers()) {
                out.write(new byte[10]);
                assertEquals(1, view.buffers().length);
            }
        }
        assertEquals(0, pool.stats().bytesInUse());
    }
}
