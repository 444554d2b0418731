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
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One pooled block of memory: a {@code byte[]} (heap chunks) or a direct {@link ByteBuffer}.
 *
 * <p>Invariants, in the manner of Okio's {@code Segment}:
 * <ul>
 *   <li>A chunk is idle (in the pool's free list), or in use by its holders: the stream whose
 *       content list links it, and any views of that content.
 *   <li>It is {@linkplain #isLinked() linked} into at most one content list, and the pool refuses
 *       to take it back while it is: leaving a list ({@link #unlink()}) comes first.
 *   <li>While anyone besides its first holder holds it ({@link #isShared()}) its bytes are frozen;
 *       the last holder to {@link #letGo()} returns it to the pool.
 *   <li>No owner ever sees a previous owner's bytes: {@code [0, dirtyTo)} may hold them, and space
 *       is zeroed up to there before it is handed out.
 *   <li>While a content list holds it, the chunk is leased to that list ({@link #owner()}), and
 *       only the list ends the lease ({@link #endLease}), once, before it changes anything of the
 *       chunk: a second return is refused, so a chunk is never idle twice nor leased to two owners.
 * </ul>
 * The accessors are trivial so that the stream's write path inlines them.
 */
public final class Chunk {
    private static final VarHandle EXTRA_HOLDERS = VarHandles.field(MethodHandles.lookup(), "extraHolders", int.class);
    private static final VarHandle OWNER = VarHandles.field(MethodHandles.lookup(), "owner", Object.class);
    /** The source of {@link #zero}'s copies into direct chunks. */
    private static final byte[] ZEROS = new byte[4096];

    /** The backing array, or {@code null} for a direct chunk. */
    private final byte[] array;
    /**
     * The buffer handed out for filling ({@link #window}): its owner may move its position,
     * limit, mark and byte order, so the chunk's own copies never go through it, and
     * {@link #recycle} puts it back as new.
     */
    private final ByteBuffer buffer;
    /** The buffer of the chunk's own absolute copies: never handed out, so its limit is always the capacity. */
    private final ByteBuffer internal;

    private final int capacity;
    /** Index of the pool's size class this chunk belongs to ({@code -1}: not poolable). */
    private final int sizeClass;

    /** Next chunk in the owner's list (a stream's content or a free-list stack). */
    private Chunk next;
    /** Whether a content list links this chunk; the pool refuses it until it is unlinked. */
    private boolean linked;
    /** Offset of this chunk's first byte within the owning stream's content. */
    private long offset;
    /** Content bytes in this chunk; for a stream's last chunk the stream keeps the live count. */
    private int length;
    /**
     * Bytes at {@code [0, dirtyTo)} may hold data of a previous owner. Space handed out for
     * direct writing is zeroed up to here first, so a previous owner's bytes never leak.
     */
    private int dirtyTo;
    /** How far the current owner may have written: handed-out space counts even if not committed. */
    private int touchedTo;

    /**
     * Holders beyond the first: 0 while one party holds the chunk (the common case, which
     * therefore never needs an atomic), +1 per view. Only the first holder's thread adds holders.
     */
    @SuppressWarnings("unused") // accessed through EXTRA_HOLDERS
    private volatile int extraHolders;

    /**
     * The content list that leased the chunk and alone ends the lease, or {@code null} once it
     * has (and while idle). Set with a plain store by the one thread that took the chunk, and
     * cleared by the one compare-and-set per lease that {@link #endLease} lets succeed.
     */
    @SuppressWarnings("unused") // also accessed through OWNER
    private Object owner;

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
        this.internal = buffer.duplicate();
    }

    // ---- identity

    /** The backing array, or {@code null} for a direct chunk. */
    public byte[] array() {
        return array;
    }

    /**
     * The buffer that {@link #window} hands out, for inspection; its position, limit, mark and
     * byte order are whatever its current owner left.
     */
    public ByteBuffer buffer() {
        return buffer;
    }

    public int capacity() {
        return capacity;
    }

    /** Index of the pool's size class this chunk belongs to ({@code -1}: not poolable). */
    public int sizeClass() {
        return sizeClass;
    }

    // ---- lease

    /**
     * Starts a lease: {@code newOwner} alone may end it ({@code null}: a chunk held only through
     * its holder count). The caller has just taken the chunk from the free list, or created it,
     * so no other thread can see it yet.
     */
    public void leaseTo(Object newOwner) {
        owner = newOwner;
    }

    /** The owner of the current lease, or {@code null} while the chunk is idle. */
    public Object owner() {
        return (Object) OWNER.getOpaque(this);
    }

    /**
     * Ends the lease of {@code leaseOwner}, its first step in letting go of the chunk; returns
     * {@code false}, changing nothing, when {@code leaseOwner} holds no lease on it: it let go
     * already (the chunk may be idle or another owner's by now), or never had it. One atomic
     * compare-and-set, so of two returns racing on two threads exactly one wins, and a stale
     * return never matches a later lease, which names another owner or none.
     */
    public boolean endLease(Object leaseOwner) {
        return leaseOwner != null && OWNER.compareAndSet(this, leaseOwner, null);
    }

    // ---- place in a content list

    /** The next chunk of the content list, or {@code null} for the last. */
    public Chunk next() {
        return next;
    }

    /** Offset of this chunk's first byte within the content. */
    public long offset() {
        return offset;
    }

    /** Content bytes in this chunk, as of the last {@link #seal}; the list's last chunk may hold more. */
    public int length() {
        return length;
    }

    public boolean isLinked() {
        return linked;
    }

    /** Joins a content list, its first byte at {@code offset} of the content. */
    public void link(long offset) {
        this.offset = offset;
        this.linked = true;
    }

    /** Sets the chunk that follows this one in its content list. */
    public void linkNext(Chunk following) {
        this.next = following;
    }

    /**
     * Takes the place of {@code frozen} in its list holding a copy of its first {@code keep}
     * bytes; {@code frozen} is left for its other holders and must be unlinked next.
     */
    public void replace(Chunk frozen, int keep) {
        internal.put(0, frozen.internal, 0, keep);
        link(frozen.offset);
        length = keep;
        touch(keep);
        next = frozen.next;
    }

    /** Records the content length of a chunk the list is done appending to (for now). */
    public void seal(int contentBytes) {
        length = contentBytes;
        touch(contentBytes);
    }

    /**
     * Leaves the content list: everything the owner touched becomes dirt that a later owner must
     * not see, and the links are cleared. Until this, the pool refuses the chunk.
     */
    public void unlink() {
        cutTo(0);
        offset = 0;
        next = null;
        linked = false;
    }

    /**
     * Makes an unlinked chunk that its last holder let go of as new for its next owner, before
     * it goes back to the pool: no holder, and its buffers at position 0 with full limit, no
     * mark and big-endian order. Only its dirt mark survives, because that records where the
     * previous owners' bytes still are; {@code scrub} zeroes those too.
     */
    public void recycle(boolean scrub) {
        if (scrub) {
            scrub();
        }
        EXTRA_HOLDERS.setRelease(this, 0);
        buffer.clear().order(ByteOrder.BIG_ENDIAN);
        if (readOnlyView != null) {
            readOnlyView.clear().order(ByteOrder.BIG_ENDIAN);
        }
    }

    /** A leaked owner's lengths died with it: treat every byte as written, so all of it is scrubbed. */
    public void assumeAllWritten() {
        length = capacity;
    }

    // ---- free-list stacks (ChunkFreeList only)

    Chunk stackNext() {
        return next;
    }

    void stackOn(Chunk below) {
        next = below;
    }

    // ---- bytes

    /** Copies {@code len} bytes from {@code src} into this chunk at {@code index}. */
    public void put(int index, byte[] src, int off, int len) {
        if (array != null) {
            System.arraycopy(src, off, array, index, len);
        } else {
            internal.put(index, src, off, len);
        }
    }

    /** Copies {@code len} bytes of {@code src} into this chunk at {@code index}, advancing {@code src}. */
    public void put(int index, ByteBuffer src, int len) {
        internal.put(index, src, src.position(), len);
        src.position(src.position() + len);
    }

    /** Copies {@code len} bytes of this chunk at {@code index} into {@code dst}, advancing {@code dst}. */
    public void get(int index, ByteBuffer dst, int len) {
        dst.put(dst.position(), internal, index, len);
        dst.position(dst.position() + len);
    }

    /** Copies {@code len} bytes of this chunk at {@code index} into {@code dst}. */
    public void get(int index, byte[] dst, int off, int len) {
        if (array != null) {
            System.arraycopy(array, index, dst, off, len);
        } else {
            internal.get(index, dst, off, len);
        }
    }

    public void put(int index, byte b) {
        if (array != null) {
            array[index] = b;
        } else {
            internal.put(index, b);
        }
    }

    public byte get(int index) {
        return array != null ? array[index] : internal.get(index);
    }

    // ---- holders

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
        return true;
    }

    /** Whether anyone besides the first holder holds the chunk: then its bytes must not change. */
    public boolean isShared() {
        return (int) EXTRA_HOLDERS.getAcquire(this) > 0;
    }

    // ---- dirt: what a previous owner may have left

    /**
     * The owner cut its content here to {@code keep} bytes: whatever it wrote beyond becomes dirt
     * that space handed out later is zeroed over, like a previous owner's bytes.
     */
    public void cutTo(int keep) {
        // never past the end: lengths recorded while two threads misused one stream may be garbage
        dirtyTo = Math.min(capacity, Math.max(dirtyTo, Math.max(touchedTo, length)));
        touchedTo = keep;
        length = keep;
    }

    /** Writes zeros over {@code [from, to)}. */
    public void zero(int from, int to) {
        if (array != null) {
            Arrays.fill(array, from, to, (byte) 0);
            return;
        }
        // a direct buffer has no fill: copy from a zero array, a block at a time
        for (int i = from; i < to; i += ZEROS.length) {
            internal.put(i, ZEROS, 0, Math.min(ZEROS.length, to - i));
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

    /** Zeroes everything a previous owner may have written. */
    public void scrub() {
        zero(0, dirtyTo);
        dirtyTo = 0;
    }

    // ---- windows

    /**
     * A read-only buffer over this chunk at {@code [0, length)}, created once per chunk and
     * reused across owners: for handing to code the owner calls, during the call only.
     */
    public ByteBuffer readOnlyView(int length) {
        ByteBuffer view = readOnlyView;
        if (view == null) {
            view = internal.asReadOnlyBuffer();
            readOnlyView = view;
        }
        return view.clear().limit(length).order(ByteOrder.BIG_ENDIAN);
    }

    /** The buffer handed out for filling, at {@code [from, to)} in big-endian order, whatever its owner did to it. */
    public ByteBuffer window(int from, int to) {
        return buffer.clear().limit(to).position(from).order(ByteOrder.BIG_ENDIAN);
    }
}
