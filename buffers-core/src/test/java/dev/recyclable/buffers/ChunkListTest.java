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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.Fields;
import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.internal.Chunk;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ConcurrentModificationException;
import org.junit.jupiter.api.Test;

/**
 * The chunk list's one way out: a chunk goes back to the pool only once it has left its list, and
 * only once per lease, whatever a caller does with the stream.
 */
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
        ChunkList owner = new ChunkList(pool, "by hand", null);
        Chunk c = pool.lease(0, owner);
        c.link(0);
        assertThrows(IllegalStateException.class, () -> pool.release(c));
        assertEquals(0, pool.stats().bytesIdle(), "nothing went into the free list");
        owner.unlinkAndLetGo(c, ChunkList.Holding.ALONE);
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
            out.reset(); // the first chunk stays the tail; the rest leave the content, unlinked, as spares
            assertTrue(first.isLinked());
            assertFalse(second.isLinked());
            assertSame(second, out.content.spare);
            assertNull(second.next());
            try (ByteBufferView view = out.byteBuffers()) {
                out.write(new byte[10]);
                assertEquals(1, view.buffers().length);
            }
        }
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void writableSpaceUsesTheTailsRoomWhenItIsEnoughAndANewChunkWhenItIsNot() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.writableBuffer(10);
            out.commit(10);
            assertEquals(1014, out.writableBuffer(1014).remaining(), "exactly the room left: no new chunk");
            out.commit(1014);
            assertEquals(1, out.chunkCount());
            assertTrue(out.writableBuffer(100).remaining() >= 100, "a full tail: the space is a new chunk's");
            out.commit(100);
            assertEquals(2, out.chunkCount());
            assertEquals(1124, out.length());
        }
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void underTheSizeCapTheTailsLastBytesAreHandedOutWithoutANewChunk() throws IOException {
        BufferPool capped = BufferPool.builder()
                .maxStreamSize(1000)
                .idleDecay(Duration.ZERO)
                .leakDetection(LeakDetection.DISABLED)
                .build();
        try (RecyclableOutputStream out = capped.newStream()) {
            out.write(new byte[900]);
            assertEquals(100, out.writableBuffer(500).remaining(), "the cap leaves 100 bytes, all in the tail");
            out.commit(100);
            assertEquals(1, out.chunkCount());
        }
        assertEquals(0, capped.stats().bytesInUse());
    }

    @Test
    void aContiguousCopyOfAOneChunkStreamSharesTheChunkOnceItsViewsAreClosed() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[] {1, 2, 3});
            out.byteBuffers().close(); // the stream was shared once; its chunk is no longer held
            try (PooledArray arr = out.contiguous()) {
                assertSame(out.content.head.array(), arr.array(), "shared, not copied");
            }
        }
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void aLeakedStreamsUnsealedTailIsScrubbedBeforeTheNextOwnerSeesIt() throws Exception {
        BufferPool tracked = BufferPool.builder()
                .idleDecay(Duration.ZERO)
                .leakDetection(LeakDetection.ALL)
                .build();
        RecyclableOutputStream leaked = tracked.newStream("leaked");
        byte[] secret = new byte[600];
        java.util.Arrays.fill(secret, (byte) 0x5A);
        leaked.write(secret); // in the tail, whose length the stream keeps to itself
        ((LeakTracker) Fields.read(leaked.content, ChunkList.class, "tracker"))
                .run(); // what the Cleaner does once the stream is unreachable
        try (RecyclableOutputStream next = tracked.newStream("next")) {
            java.nio.ByteBuffer space = next.writableBuffer(1024);
            while (space.hasRemaining()) {
                assertEquals(0, space.get(), "the leaked stream's byte at " + (space.position() - 1));
            }
        }
        assertEquals(0, tracked.stats().bytesInUse());
        assertEquals(1, tracked.stats().leaks());
    }

    @Test
    void aChunkReturnedTwiceIsRefusedNamingTheStreamAndChangesNothing() throws IOException {
        ChunkList owner = new ChunkList(pool, "twice", null);
        Chunk c = pool.lease(0, owner);
        owner.unlinkAndLetGo(c, ChunkList.Holding.ALONE);
        long idle = pool.stats().bytesIdle();
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> owner.unlinkAndLetGo(c, ChunkList.Holding.ALONE));
        assertTrue(e.getMessage().contains("RecyclableOutputStream 'twice'"), e.getMessage());
        assertTrue(e.getMessage().contains("returned twice"), e.getMessage());
        assertEquals(idle, pool.stats().bytesIdle(), "idle once, not twice");
        assertThrows(IllegalStateException.class, () -> owner.unlinkAndLetGo(c, ChunkList.Holding.SHARED));
        assertThrows(IllegalStateException.class, () -> owner.unlinkAndLetGo(c, ChunkList.Holding.LEAKED));
        assertEquals(0, pool.stats().bytesInUse());
        IdleChunks.assertAllAsNew(pool);
    }

    @Test
    void aStaleReturnOfAChunkLeasedAgainIsRefusedAndTheNewOwnerKeepsIt() throws IOException {
        ChunkList stale = new ChunkList(pool, "stale", null);
        Chunk c = pool.lease(0, stale);
        stale.unlinkAndLetGo(c, ChunkList.Holding.ALONE);
        try (RecyclableOutputStream next = pool.newStream("next")) {
            byte[] mine = TestBytes.random(700, 7);
            next.write(mine);
            assertSame(c, next.content.head, "the one idle chunk went to the next stream");
            IllegalStateException e =
                    assertThrows(IllegalStateException.class, () -> stale.unlinkAndLetGo(c, ChunkList.Holding.ALONE));
            assertTrue(e.getMessage().contains("'stale'"), e.getMessage());
            assertSame(next.content, c.owner(), "still the next stream's");
            assertTrue(c.isLinked());
            assertArrayEquals(mine, next.toByteArray());
            assertEquals(1024, pool.stats().bytesInUse(), "the next stream's chunk, once");
        }
        assertEquals(0, pool.stats().bytesInUse());
        IdleChunks.assertAllAsNew(pool);
    }

    @Test
    void aSecondThreadChangingTheChunksMeanwhileIsRefusedBeforeItChangesAnything() throws Exception {
        try (RecyclableOutputStream out = pool.newStream("shared by mistake")) {
            out.write(new byte[1024]); // the first chunk is full: the next write appends
            VarHandle claimed = MethodHandles.privateLookupIn(ChunkList.class, MethodHandles.lookup())
                    .findVarHandle(ChunkList.class, "claimed", boolean.class);
            claimed.setVolatile(out.content, true); // as if another thread were appending right now
            ConcurrentModificationException e =
                    assertThrows(ConcurrentModificationException.class, () -> out.write(new byte[10]));
            assertTrue(e.getMessage().contains("'shared by mistake'"), e.getMessage());
            assertThrows(ConcurrentModificationException.class, out::byteBuffers);
            assertEquals(1, out.chunkCount(), "nothing appended");
            assertEquals(1024, pool.stats().bytesInUse(), "nothing leased");
            claimed.setVolatile(out.content, false);
            out.write(new byte[10]);
            assertEquals(1034, out.length());
        }
        assertEquals(0, pool.stats().bytesInUse());
        IdleChunks.assertAllAsNew(pool);
    }
}
