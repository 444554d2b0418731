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
package dev.recyclable.buffers.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The free list through its public methods: what it keeps, where the budget cuts in, what a pop
 * finds on another stripe, and what drain and the counters say. (Its concurrency:
 * ModelCheckedConcurrencyTest, through the pool.)
 */
class ChunkFreeListTest {

    private static Chunk chunk(int sizeClass) {
        return new Chunk(1024 << sizeClass, sizeClass, false);
    }

    @Test
    void stripesMustBeAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new ChunkFreeList(2, 3, 1 << 20));
        assertThrows(IllegalArgumentException.class, () -> new ChunkFreeList(2, 0, 1 << 20));
        int stripes = ChunkFreeList.defaultStripes();
        assertTrue(stripes >= 1 && Integer.bitCount(stripes) == 1, "default stripes " + stripes);
    }

    @Test
    void keepsChunksUpToExactlyTheBudgetThenRefusesAsFull() {
        ChunkFreeList list = new ChunkFreeList(2, 1, 3 * 1024);
        assertNull(list.push(chunk(0)));
        assertNull(list.push(chunk(1))); // 3 KiB: exactly the budget
        assertEquals(3 * 1024, list.idleBytes());
        assertSame(ChunkFreeList.Refusal.FULL, list.push(chunk(0)));
        assertEquals(3 * 1024, list.idleBytes());
    }

    @Test
    void popsLastInFirstOutWithinItsClassAndCountsReuses() {
        ChunkFreeList list = new ChunkFreeList(2, 1, 1 << 20);
        Chunk a = chunk(0);
        Chunk b = chunk(0);
        Chunk big = chunk(1);
        list.push(a);
        list.push(big);
        list.push(b);
        assertSame(b, list.pop(0));
        assertNull(b.next(), "a popped chunk links nothing");
        assertSame(a, list.pop(0));
        assertNull(list.pop(0));
        assertEquals(2048, list.idleBytes());
        assertSame(big, list.pop(1));
        assertEquals(0, list.idleBytes());
        assertEquals(3, list.pops());
    }

    @Test
    void aFullHomeStripeSendsTheChunkToAnotherAndAPopFindsItThere() {
        ChunkFreeList list = new ChunkFreeList(1, 2, 2 * 1024); // 1 KiB per stripe
        Chunk first = chunk(0);
        Chunk second = chunk(0);
        assertNull(list.push(first));
        assertNull(list.push(second)); // the home stripe is full: the other one takes it
        assertSame(ChunkFreeList.Refusal.FULL, list.push(chunk(0)));
        assertEquals(2048, list.idleBytes());
        Chunk one = list.pop(0);
        Chunk other = list.pop(0);
        assertTrue((one == first && other == second) || (one == second && other == first), "both found");
        assertNull(list.pop(0));
    }

    @Test
    void drainEmptiesOneClassAndCountsWhatItLetGo() {
        ChunkFreeList list = new ChunkFreeList(2, 2, 1 << 20);
        list.push(chunk(0));
        list.push(chunk(0));
        list.push(chunk(1));
        assertEquals(2, list.drain(0));
        assertEquals(0, list.drain(0));
        assertNull(list.pop(0));
        assertEquals(2048, list.idleBytes());
        assertEquals(1, list.drain(1));
        assertEquals(0, list.idleBytes());
        assertEquals(0, list.pops(), "drained chunks are not reuses");
    }
}
