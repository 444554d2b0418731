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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * One pooled block of memory: a {@code byte[]} (heap chunks) or a direct {@link ByteBuffer}.
 *
 * <p>A chunk is idle in the pool's free list, or in use by its holders: the stream whose
 * content list links it, and any views of that content. {@link #next} links it into the
 * free list or the one stream that writes it, so neither needs a side array for its chunks.
 * While anyone besides its first holder holds it ({@link #isShared()}) its bytes are frozen;
 * the last holder to {@link #letGo()} returns it to the pool.
 */
public final class Chunk {
    private static final VarHandle EXTRA_HOLDERS;

    static {
        try {
            EXTRA_HOLDERS = MethodHandles.lookup().findVarHandle(Chunk.class, "extraHolders", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The backing array, or {@code null} for a direct chunk. */
    public final byte[] array;
    /** A buffer over the whole chunk; its position and limit are scratch state of the owner. */
    public final ByteBuffer buffer;

    public final int capacity;
    /** Index of the pool's size class this chunk belongs to. */
    public final int sizeClass;

    /** Next chunk in the owner's list (a stream's content or a free-list stack). */
    public Chunk next;
    /** Offset of this chunk's first byte within the owning stream's content. */
    public long offset;
    /** Content bytes in this chunk; for a stream's last chunk the stream keeps the live count. */
    public int length;
    /**
     * Bytes at {@code [0, dirtyTo)} may hold data of a previous owner. Space handed out for
     * direct writing is zeroed up to here first, so a previous owner's bytes never leak.
     */
    public int dirtyTo;
    /** How far the current owner may have written: handed-out space counts even if not committed. */
    public int touchedTo;

    /**
     * Holders beyond the first: 0 while one party holds the chunk (the common case, which
     * therefore never needs an atomic), +1 per view. Only the first holder's thread adds holders.
     */
    @SuppressWarnings("unused") // accessed through EXTRA_HOLDERS
    private volatile int extraHolders;

    private static final byte[] ZEROS = new byte[4096];

    private ByteBuffer readOnlyView;

    public Chunk(int capacity, int sizeClass, boolean direct) {
        this.capacity = capacity;
        this.sizeClass = sizeClass;
        if (direct) {
            this.array = null;
            this.buffer = ByteBuffer.allocateDirect(capacity);
        } else {
            this.array = new byte[capacity];
            this.buffer = ByteBuffer.wrap(array);
        }
    }

    /** Copies {@code len} bytes from {@code src} into this chunk at {@code index}. */
    public void put(int index, byte[] src, int off, int len) {
        if (array != null) {
            System.arraycopy(src, off, array, index, len);
        } else {
            buffer.put(index, src, off, len);
        }
    }

    /** Copies {@code len} bytes of this chunk at {@code index} into {@code dst}. */
    public void get(int index, byte[] dst, int off, int len) {
        if (array != null) {
            System.arraycopy(array, index, dst, off, len);
        } else {
            buffer.get(index, dst, off, len);
        }
    }

    public void put(int index, byte b) {
        if (array != null) {
            array[index] = b;
        } else {
            buffer.put(index, b);
        }
    }

    public byte get(int index) {
        return array != null ? array[index] : buffer.get(index);
    }

    /** Adds a holder: the chunk is frozen until it {@link #letGo() lets go}. */
    public void hold() {
        EXTRA_HOLDERS.getAndAdd(this, 1);
    }

    /**
     * Drops one holder's claim; returns {@code true} for the last holder, which must return the
     * chunk to the pool. Any thread may call it; the atomic orders the holder's reads before
     * the chunk's reuse.
     */
    public boolean letGo() {
        if ((int) EXTRA_HOLDERS.getAndAdd(this, -1) > 0) {
            return false;
        }
        EXTRA_HOLDERS.setRelease(this, 0); // back to the idle state, for the next owner
        return true;
    }

    /** Whether anyone besides the first holder holds the chunk: then its bytes must not change. */
    public boolean isShared() {
        return (int) EXTRA_HOLDERS.getAcquire(this) > 0;
    }

    /**
     * The owner cut its content here to {@code keep} bytes: whatever it wrote beyond becomes dirt
     * that space handed out later is zeroed over, like a previous owner's bytes.
     */
    public void cutTo(int keep) {
        dirtyTo = Math.max(dirtyTo, Math.max(touchedTo, length));
        touchedTo = keep;
        length = keep;
    }

    /** Writes zeros over {@code [from, to)}. */
    public void zero(int from, int to) {
        if (from >= to) {
            return;
        }
        if (array != null) {
            java.util.Arrays.fill(array, from, to, (byte) 0);
        } else {
            for (int i = from; i < to; i += ZEROS.length) {
                buffer.put(i, ZEROS, 0, Math.min(ZEROS.length, to - i));
            }
        }
    }

    /** Zeroes any stale bytes at or after {@code from}, so that {@code [from, capacity)} is clean. */
    public void cleanFrom(int from) {
        if (dirtyTo > from) {
            zero(from, dirtyTo);
            dirtyTo = from;
        }
    }

    /** Records that the current owner may have written into {@code [0, end)}. */
    public void touch(int end) {
        if (end > touchedTo) {
            touchedTo = end;
        }
    }

    /**
     * Called as the chunk leaves its owner: everything the owner touched becomes dirt that a
     * later owner must not see, and the list links are cleared.
     */
    public void detach() {
        cutTo(0);
        offset = 0;
        next = null;
    }

    /** Zeroes everything a previous owner may have written. */
    public void scrub() {
        zero(0, dirtyTo);
        dirtyTo = 0;
    }

    /**
     * A read-only buffer over this chunk, created once per chunk and reused across owners:
     * the caller sets position and limit and must not hand it beyond the current owner.
     */
    public ByteBuffer readOnlyView() {
        ByteBuffer view = readOnlyView;
        if (view == null) {
            view = buffer.asReadOnlyBuffer();
            readOnlyView = view;
        }
        return view.clear();
    }

    /** The chunk's buffer with position and limit set to {@code [from, to)}. */
    public ByteBuffer window(int from, int to) {
        return buffer.limit(to).position(from);
    }
}
