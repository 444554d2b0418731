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

import dev.recyclable.buffers.internal.Chunk;
import dev.recyclable.buffers.internal.Failures;
import dev.recyclable.buffers.internal.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.ConcurrentModificationException;

/**
 * A stream's content as a linked list of pooled chunks: linking, walking, finding a position,
 * cutting, replacing frozen chunks and letting chunks go all happen here and nowhere else. The
 * {@link RecyclableOutputStream} that owns it checks its own state (open, size cap) and then
 * works on the list; the list never calls back into the stream. The stream's write paths read
 * and advance the tail cursor ({@link #tail}, {@link #tailArray}, {@link #tailPos},
 * {@link #tailLimit}) directly.
 *
 * <p>Invariants:
 * <ul>
 *   <li>{@code head..tail} are linked through {@link Chunk#next()}; each chunk's offset is the sum
 *       of the lengths before it, and every chunk but the tail holds exactly its recorded length.
 *   <li>The tail's live length is {@code tailPos}; {@code tail.length()} is brought up to date by
 *       {@link #sealTail()} only when it matters, and always before the tail leaves the list.
 *       {@code tailPos <= tailLimit <= tail.capacity()}, and {@code tailLimit} never reaches past
 *       the stream's size cap.
 *   <li>{@code tailArray} is the tail's array, or {@code null} when the tail is direct or absent.
 *   <li>Until {@link #shared} is set every chunk is the list's alone (no atomic needed to drop it);
 *       from then on a chunk that {@link Chunk#isShared() is shared} is frozen: it is replaced by a
 *       copy ({@link #replaceFrozen}) before any write, and only ever let go, never released.
 *   <li>A chunk leaves the content only through {@link #unlinkAndLetGo}, which unlinks it before
 *       the pool sees it (the pool refuses a chunk that is still linked), or unlinked into the
 *       spares by {@link #clear()}; spares reach the pool through {@link #unlinkAndLetGo} too.
 *   <li>{@link #structureVersion} changes whenever chunks leave the list, so that cursors caching
 *       a chunk find their place again.
 *   <li>{@link #spare} chains the chunks that {@link #clear()} kept for the next content, through
 *       {@link Chunk#next()}, in the order they held the content: unlinked, the list's alone (no
 *       view or retain ever holds a spare), and recording as dirt what this list wrote in them.
 *       {@link #appendChunk} takes them before it asks the pool, giving back the ones too small
 *       for what it wants; {@link #letGoOfAll} gives back the rest with the content.
 *   <li>The list owns the lease of every chunk it holds ({@link BufferPool#lease}) and ends each
 *       lease once, in {@link #unlinkAndLetGo}; a second return is refused before anything changes.
 * </ul>
 *
 * <h2>Two threads at once</h2>
 * A stream is single-writer; two threads writing one at once is misuse, and its damage must stay
 * inside that stream. The steps that change which chunks the list holds while it is being
 * written (appending a chunk, taking a spare, replacing or cutting frozen content, holding the
 * content for a view) run under the list's {@link #claim}, taken with one compare-and-set and
 * never waited for: a second thread arriving meanwhile gets a
 * {@link ConcurrentModificationException} before it changes anything. So no chunk the list leased
 * is ever lost from it or linked twice, and all of them go back on {@code close()}. What the two
 * threads' bytes look like is not defended (the write fast paths take no claim): the misused
 * stream may hold garbage, and a length it recorded is never trusted past a chunk's end.
 * {@code reset()} and {@code close()} take no claim either, to keep the reuse path free of
 * atomics: a thread that resets or closes the stream while another still writes it uses it after
 * the fact, and the pool's return guard still refuses any chunk returned twice.
 */
class ChunkList {
    private static final VarHandle CLAIMED = VarHandles.field(MethodHandles.lookup(), "claimed", boolean.class);

    /**
     * Size classes per growth step: each chunk a stream appends is four times the one before, up
     * to the largest stream chunk, so the large chunks come in few steps (64 KiB in three) while
     * the first chunk stays small.
     */
    private static int GROWTH_CLASS_STEP = 2;

    /** How {@link #unlinkAndLetGo} lets go of chunks. */
    enum Holding {
        /** The list is the chunks' only holder: they go straight back to the pool, no atomic. */
        ALONE,
        /** Others may hold the chunks: each returns to the pool when its last holder lets go. */
        SHARED,
        /** The chunks of a leaked stream: their lengths died with it, so they are scrubbed whole. */
        LEAKED
    }

    final BufferPool pool;
    /** The stream's tag, or {@code null}: it names the stream in messages. */
    final String tag;
    /** Watches the owner for a leak and must always know the head and the spares; {@code null} when it is not watched. */
    private final LeakTracker tracker;

    Chunk head;
    Chunk tail;
    /** Content bytes in {@link #tail}. */
    int tailPos;
    /** How far the tail may be filled: its capacity, or less where the size cap cuts in. */
    int tailLimit;
    /** The tail's backing array, or {@code null} when the tail is direct or absent: one load less per byte. */
    byte[] tailArray;
    /** Bumped whenever chunks leave the list, so that cursors re-find their place. */
    int structureVersion;
    /**
     * Set once anything else held one of the chunks: from then on chunks are dropped through
     * their holder counts and checked for holders before they are changed.
     */
    boolean shared;
    /** The first of the chunks kept by {@link #clear()} for the next content, or {@code null}. */
    Chunk spare;
    /** Taken by the thread changing which chunks the list holds (see the class comment). */
    @SuppressWarnings("unused") // accessed through CLAIMED
    private boolean claimed;

    ChunkList(BufferPool pool, String tag, LeakTracker tracker) {
        this.pool = pool;
        this.tag = tag;
        this.tracker = tracker;
        if (tracker != null) {
            tracker.watch(this);
        }
    }

    /** How messages name the stream: by its tag where it has one. */
    String describe() {
        return LeakTracker.describe(tag);
    }

    // ---- one thread at a time

    /**
     * Takes the list's claim for a change of its chunks, or fails at once, changing nothing, when
     * another thread holds it: that thread is writing this stream at the same time.
     */
    private void claim() {
        if (!CLAIMED.compareAndSet(this, false, true)) {
            throw new ConcurrentModificationException(describe() + " is being changed by another thread at the same"
                    + " time: a stream is single-writer (one thread at a time writes it, resets it and takes views)");
        }
    }

    private void unclaim() {
        CLAIMED.setRelease(this, false);
    }

    // ---- walking

    /** The content length: everything before the tail, plus what the tail holds. */
    long contentLength() {
        Chunk t = tail;
        return t == null ? 0 : t.offset() + tailPos;
    }

    /** Content bytes in {@code c}, the tail's live count included. */
    int lengthOf(Chunk c) {
        return c == tail ? tailPos : c.length();
    }

    /** The content length, checked to fit one Java array. */
    int arrayLength() {
        long length = contentLength();
        if (length > BufferPool.MAX_ARRAY_LENGTH) {
            throw new IllegalStateException("length " + length + " is too large for one array");
        }
        return (int) length;
    }

    int countChunks() {
        int count = 0;
        for (Chunk c = head; c != null; c = c.next()) {
            count++;
        }
        return count;
    }

    /** The chunk holding byte {@code pos} ({@code pos < size}), searching on from {@code hint} when it lies before. */
    Chunk chunkAt(long pos, Chunk hint) {
        Chunk c = hint != null && hint.offset() <= pos ? hint : head;
        while (pos >= c.offset() + lengthOf(c)) {
            c = c.next();
        }
        return c;
    }

    // ---- linking

    /**
     * Seals the tail and appends a chunk with room for {@code wanted} bytes where possible: the
     * next growth step, or a larger class when the write needs it, never above the largest
     * stream chunk.
     */
    void appendChunk(int wanted) {
        claim();
        try {
            int grown = tail == null ? 0 : tail.sizeClass() + GROWTH_CLASS_STEP;
            int sizeClass = Math.min(Math.max(grown, pool.classFor(wanted)), pool.largestStreamClass());
            Chunk c = takeSpare(sizeClass);
            if (c == null) {
                c = pool.lease(sizeClass, this);
            }
            c.link(contentLength());
            if (tail == null) {
                setHead(c);
            } else {
                sealTail();
                tail.linkNext(c);
            }
            setTail(c, 0);
        } finally {
            unclaim();
        }
    }

    /**
     * The first spare of at least {@code sizeClass}, or {@code null}. Smaller spares before it go
     * back to the pool: the content has grown past them, so this content will not use them.
     */
    private Chunk takeSpare(int sizeClass) {
        Chunk c = spare;
        if (c == null) {
            return null;
        }
        while (c != null && c.sizeClass() < sizeClass) {
            Chunk next = c.next();
            c.linkNext(null);
            unlinkAndLetGo(c, Holding.ALONE);
            c = next;
        }
        if (c != null) {
            setSpare(c.next());
            c.linkNext(null);
        } else {
            setSpare(null);
        }
        return c;
    }

    private void setSpare(Chunk c) {
        spare = c;
        if (tracker != null) {
            tracker.spare = c;
        }
    }

    private void setHead(Chunk c) {
        head = c;
        if (tracker != null) {
            tracker.head = c;
        }
    }

    /** Makes {@code c} the tail with {@code pos} content bytes; {@code null} empties the list's tail fields. */
    private void setTail(Chunk c, int pos) {
        tail = c;
        tailArray = c == null ? null : c.array();
        tailPos = pos;
        tailLimit = c == null ? 0 : (int) Math.min(c.capacity(), pool.maxStreamSize() - c.offset());
    }

    /**
     * Brings the tail's recorded length up to date, and remembers how far it was written: bytes
     * cut off later by a reset or truncate must still be scrubbed before another owner sees them.
     */
    void sealTail() {
        if (tail != null) {
            tail.seal(tailPos);
        }
    }

    // ---- holding

    /** Adds a holder to every chunk of the content, for a view; returns the chunks. */
    Chunk[] holdContent() {
        claim();
        try {
            Chunk[] chunks = new Chunk[countChunks()];
            int i = 0;
            for (Chunk c = head; c != null; c = c.next()) {
                c.hold();
                chunks[i++] = c;
            }
            shared = true;
            return chunks;
        } finally {
            unclaim();
        }
    }

    /**
     * When the content is one heap chunk that nothing else holds, freezes it and adds a holder
     * for a {@link PooledArray}, which sees the whole array: nothing past the content may show,
     * own bytes included, and the stream's next write starts a new chunk. Else {@code null}.
     */
    Chunk holdOnlyChunk() {
        claim();
        try {
            Chunk only = head;
            if (only == null || only != tail || only.array() == null || (shared && only.isShared())) {
                return null;
            }
            sealTail();
            only.cutTo(tailPos);
            only.cleanFrom(tailPos);
            only.touch(only.capacity());
            only.hold();
            shared = true;
            tailLimit = tailPos; // frozen: appending here would change what the holder sees
            return only;
        } finally {
            unclaim();
        }
    }

    // ---- random access

    /**
     * Extends the content with zeros up to {@code length}; the caller has checked the cap for
     * everything it is about to write.
     */
    void zeroFillTo(long length) {
        for (long gap = length - contentLength(); gap > 0; ) {
            if (tailPos == tailLimit) {
                appendChunk(1);
            }
            int n = (int) Math.min(gap, tailLimit - tailPos);
            tail.zero(tailPos, tailPos + n);
            tailPos += n;
            gap -= n;
        }
    }

    /**
     * Overwrites the content from {@code pos} with as much of {@code src} as lies within the
     * content, advancing {@code src}; the rest of {@code src} is for the caller to append. A chunk
     * that someone else holds is replaced by a copy before it is written.
     */
    void overwrite(long pos, ByteBuffer src) {
        claim();
        try {
            Chunk c = null;
            while (src.hasRemaining() && pos < contentLength()) {
                c = chunkAt(pos, c);
                if (shared && c.isShared()) {
                    c = replaceFrozen(c, lengthOf(c));
                }
                int at = (int) (pos - c.offset());
                int n = Math.min(src.remaining(), lengthOf(c) - at);
                c.put(at, src, n);
                pos += n;
            }
        } finally {
            unclaim();
        }
    }

    /**
     * Cuts the content to {@code newLength} bytes, letting go of chunks no longer needed. A chunk
     * kept in part that someone else holds is replaced by a copy of the part kept, so that
     * writing on never changes what its holders see. A length at or beyond the current one
     * changes nothing.
     */
    void truncate(long newLength) {
        if (newLength >= contentLength()) {
            return;
        }
        claim();
        try {
            if (newLength == 0) {
                clear();
                return;
            }
            Chunk last = chunkAt(newLength - 1, null);
            int keep = (int) (newLength - last.offset());
            dropAfter(last);
            setTail(last, last.length()); // sealed by dropAfter
            if (shared && last.isShared()) {
                last = replaceFrozen(last, keep);
            } else {
                last.cutTo(keep);
            }
            setTail(last, keep);
        } finally {
            unclaim();
        }
    }

    /**
     * The free space after the content, at least {@code want} bytes (fewer only where the size
     * cap leaves fewer, and at least one: the caller has checked that the cap leaves room),
     * clean of any previous user's bytes, for the caller to fill and commit.
     */
    ByteBuffer writableSpace(int want) {
        int room = tailLimit - tailPos;
        // a new chunk helps only where the cap allows more than the tail already offers
        if (room < want && (tail == null || room < Math.min(want, pool.maxStreamSize() - contentLength()))) {
            appendChunk(want);
        }
        return tailForFilling().window(tailPos, tailLimit);
    }

    /**
     * The tail, ready for code the stream calls to fill its free space {@code [tailPos, tailLimit)}:
     * nothing of a previous owner left anywhere past the content, and all of that space counted
     * as written by this owner, whatever the callee writes.
     */
    Chunk tailForFilling() {
        Chunk t = tail;
        t.cleanFrom(tailPos);
        t.touch(tailLimit);
        return t;
    }

    /**
     * {@code c}, ready to be handed whole (its array, or a buffer over it) to code the stream
     * calls: past its content it holds zeros or this stream's own bytes, never a previous
     * owner's. Cleaning past the content never touches bytes that a holder of frozen content
     * sees: views end at their content, and a {@link PooledArray} chunk was cleaned when frozen.
     */
    Chunk forCallee(Chunk c) {
        c.cleanFrom(lengthOf(c));
        return c;
    }

    /**
     * Discards the content and keeps its chunks for the next content, as
     * {@code ByteArrayOutputStream.reset()} keeps its array: the first stays the tail, the others
     * become spares, which {@link #appendChunk} takes before it leases. A chunk that someone else
     * holds stays with its holders, never reused; if it was the first, the next write starts on a
     * spare or a fresh chunk. What the content left in a kept chunk is dirt from then on, zeroed
     * before space is handed out again.
     */
    void clear() {
        Chunk first = head;
        if (first == null) {
            return;
        }
        sealTail();
        structureVersion++;
        Chunk keptFirst = null;
        Chunk keptLast = null;
        for (Chunk c = first.next(); c != null; ) {
            Chunk next = c.next();
            c.linkNext(null); // so that it leaves alone: unlinkAndLetGo would follow the link
            if (shared && c.isShared()) {
                unlinkAndLetGo(c, Holding.SHARED);
            } else {
                c.unlink();
                if (keptLast == null) {
                    keptFirst = c;
                } else {
                    keptLast.linkNext(c);
                }
                keptLast = c;
            }
            c = next;
        }
        if (keptLast != null) {
            keptLast.linkNext(spare); // spares this content did not reach stay behind the ones it used
            setSpare(keptFirst);
        }
        first.linkNext(null);
        if (shared && first.isShared()) {
            setHead(null);
            setTail(null, 0);
            unlinkAndLetGo(first, Holding.SHARED);
            return;
        }
        first.cutTo(0); // the old content is dirt now: zeroed before space is handed out again
        setTail(first, 0);
    }

    /**
     * Lets go of every chunk (holders of frozen ones keep them). With no tail left, every write,
     * the fast paths included, falls through to the stream's slow path, which fails once closed.
     */
    void freeAll() {
        if (tracker != null) {
            tracker.released();
        }
        letGoOfAll();
    }

    /**
     * Lets go of every chunk, spares included (holders of frozen ones keep them), and stays
     * usable: the next write leases a chunk, as a new stream's first write does.
     */
    void letGoOfAll() {
        Chunk c = head;
        Chunk spares = spare;
        sealTail();
        setHead(null);
        setTail(null, 0);
        setSpare(null);
        structureVersion++;
        letGoOfBoth(c, shared ? Holding.SHARED : Holding.ALONE, spares, Holding.ALONE);
    }

    /** Lets go of two chains (the content and the spares), the second whatever the first throws. */
    void letGoOfBoth(Chunk first, Holding firstHow, Chunk second, Holding secondHow) {
        Throwable failure = null;
        try {
            unlinkAndLetGo(first, firstHow);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        try {
            unlinkAndLetGo(second, secondHow);
        } catch (RuntimeException | Error e) {
            failure = Failures.add(failure, e);
        }
        Failures.rethrow(failure);
    }

    /** Lets go of every chunk after {@code keep}, which becomes the last of the list. */
    private void dropAfter(Chunk keep) {
        sealTail();
        if (keep == tail) {
            return;
        }
        Chunk c = keep.next();
        keep.linkNext(null);
        structureVersion++;
        unlinkAndLetGo(c, shared ? Holding.SHARED : Holding.ALONE);
    }

    /**
     * Replaces {@code frozen}, which someone else holds, by a fresh chunk holding a copy of its
     * first {@code keep} bytes, and lets go of it: its holders keep it as it is.
     */
    private Chunk replaceFrozen(Chunk frozen, int keep) {
        if (frozen == tail) {
            sealTail(); // it must leave with its written bytes recorded as dirt
        }
        Chunk copy = pool.lease(frozen.sizeClass(), this);
        copy.replace(frozen, keep);
        if (frozen == head) {
            setHead(copy);
        } else {
            Chunk before = head;
            while (before.next() != frozen) {
                before = before.next();
            }
            before.linkNext(copy);
        }
        if (frozen == tail) {
            setTail(copy, tailPos);
        }
        frozen.linkNext(null); // it leaves alone: the copy took its place
        structureVersion++;
        unlinkAndLetGo(frozen, Holding.SHARED);
        return copy;
    }

    /**
     * The one way chunks leave a list: {@code first} and every chunk linked after it are
     * unlinked (what the owner wrote becomes dirt for the next owner), then let go of as
     * {@code how} says. Each chunk's lease ends first, with one compare-and-set: a chunk whose
     * lease this list ended already (returned twice: only a stream misused by two threads at once
     * gets here) is refused before anything of it changes, and the refusal ends the walk (a chunk
     * met twice closes a cycle: the rest was walked). What a pool listener throws while a chunk
     * goes back is thrown once the walk is done.
     */
    void unlinkAndLetGo(Chunk first, Holding how) {
        Throwable failure = null;
        for (Chunk c = first; c != null; ) {
            if (!c.endLease(this)) {
                failure = Failures.add(
                        failure,
                        new IllegalStateException(describe() + " let go of a chunk of " + c.capacity()
                                + " bytes that it no longer holds: returned twice, or the stream was used by two"
                                + " threads at once (a stream is single-writer); refused, the chunk and the pool are"
                                + " unchanged"));
                break;
            }
            Chunk next = c.next();
            if (how == Holding.LEAKED) {
                c.assumeAllWritten(); // the lengths died with the stream
            }
            c.unlink();
            try {
                switch (how) {
                    case ALONE -> pool.release(c); // never shared: the list is its only holder, no holder count
                    case SHARED -> pool.letGo(c);
                    case LEAKED -> pool.letGoLeaked(c);
                }
            } catch (RuntimeException | Error e) {
                failure = Failures.add(failure, e); // a listener's: the rest still go back first
            }
            c = next;
        }
        Failures.rethrow(failure);
    }
}
