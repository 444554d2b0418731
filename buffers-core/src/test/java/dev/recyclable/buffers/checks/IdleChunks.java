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
package dev.recyclable.buffers.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.internal.Chunk;
import dev.recyclable.buffers.internal.ChunkFreeList;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.InvalidMarkException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * What every test that used a pool can check at its end: each idle chunk is in the free list
 * once, and is as new. Shipped in the core's test jar, in a package of its own (the core's
 * module owns {@code dev.recyclable.buffers}), so that the other modules' tests and fuzz targets
 * check their pools the same way; it reaches the pool's internals by reflection.
 */
public final class IdleChunks {
    private IdleChunks() {}

    /**
     * Leases every idle chunk and checks it is as new: idle only once (a chunk pushed twice would
     * come back twice), nothing linked or held, its buffers at position 0 and full limit in
     * big-endian order, and no byte beyond what its dirt mark covers (zeroing up to the mark leaves
     * nothing non-zero). Then gives them back. Call it once the pool is quiet.
     */
    public static void assertAllAsNew(BufferPool pool) {
        check(pool, true);
    }

    /**
     * As {@link #assertAllAsNew}, but without the check of the bytes past each chunk's dirt mark:
     * for a pool where two threads wrote one stream at once. Writes take no claim, so the bytes
     * such a pair writes past the length it records stay unrecorded dirt in that stream's chunks;
     * everything else (idle once, no owner, nothing linked or held, buffers as new) still holds.
     */
    public static void assertAllIdleOnce(BufferPool pool) {
        check(pool, false);
    }

    private static void check(BufferPool pool, boolean dirt) {
        ChunkFreeList idle = (ChunkFreeList) field(pool, "idle");
        int sizeClasses = (int) field(pool, "sizeClasses");
        List<Chunk> leased = new ArrayList<>();
        Set<Chunk> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        long idleBytes = pool.stats().bytesIdle();
        long leasedBytes = 0;
        for (int sizeClass = 0; sizeClass < sizeClasses; sizeClass++) {
            for (Chunk c = idle.pop(sizeClass); c != null; c = idle.pop(sizeClass)) {
                if (!seen.add(c)) {
                    throw new AssertionError("a chunk of " + c.capacity() + " bytes was idle twice in the free list");
                }
                assertEquals(sizeClass, c.sizeClass(), "a chunk idle in another size class than its own");
                leased.add(c);
                leasedBytes += c.capacity();
            }
        }
        assertEquals(idleBytes, leasedBytes, "idle bytes counted vs the chunks idle in the free list");
        for (Chunk c : leased) {
            String what = (c.array() != null ? "heap" : "direct") + " chunk of " + c.capacity();
            assertFalse(c.isLinked(), what);
            assertFalse(c.isShared(), what);
            assertNull(c.owner(), what + ": still leased to " + c.owner());
            assertNull(c.next(), what);
            assertEquals(0, c.length(), what);
            assertEquals(0, c.offset(), what);
            assertAsNew(c.buffer(), c.capacity(), what + ", its writable buffer");
            ByteBuffer view = (ByteBuffer) Fields.read(c, Chunk.class, "readOnlyView");
            if (view != null) {
                assertAsNew(view, c.capacity(), what + ", its read-only view");
            }
        }
        for (Chunk c : dirt ? leased : List.<Chunk>of()) {
            String what = (c.array() != null ? "heap" : "direct") + " chunk of " + c.capacity();
            c.cleanFrom(0);
            for (int i = 0; i < c.capacity(); i++) {
                if (c.get(i) != 0) {
                    throw new AssertionError(what + " holds a byte at " + i + " beyond its dirt mark");
                }
            }
        }
        for (Chunk c : leased) {
            release(pool, c);
        }
    }

    private static void release(BufferPool pool, Chunk chunk) {
        try {
            Method release = BufferPool.class.getDeclaredMethod("release", Chunk.class);
            release.setAccessible(true);
            release.invoke(pool, chunk);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void assertAsNew(ByteBuffer b, int capacity, String what) {
        assertEquals(0, b.position(), what + ": position");
        assertEquals(capacity, b.limit(), what + ": limit");
        assertEquals(ByteOrder.BIG_ENDIAN, b.order(), what + ": order");
        assertThrows(InvalidMarkException.class, b::reset, what + ": mark");
    }

    private static Object field(BufferPool pool, String name) {
        return Fields.read(pool, BufferPool.class, name);
    }
}
