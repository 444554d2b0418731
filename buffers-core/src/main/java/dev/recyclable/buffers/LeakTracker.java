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
import java.lang.ref.Cleaner;
import java.util.Set;

/**
 * Watches one stream, or one contiguous copy, for becoming unreachable without {@code close()}.
 * It is the watched object's {@link Cleaner} action, so it must not reference that object: it
 * keeps the chunks instead (the head of a stream's chunk list, which reaches every chunk of its
 * content, and the first of its spare chunks, which reaches the others; or the one chunk of a
 * {@link PooledArray}).
 */
final class LeakTracker implements Runnable {
    private static final Cleaner CLEANER = Cleaner.create(task -> {
        Thread thread = new Thread(task, "recyclable-buffers-leak-detector");
        thread.setDaemon(true);
        return thread;
    });

    private static final VarHandle RELEASED = VarHandles.field(MethodHandles.lookup(), "released", boolean.class);
    /** The classes a stream or copy is created through: their frames are left out of a creation site shown in a report. */
    private static final Set<String> CREATION_PATH = Set.of(
            LeakTracker.class.getName(),
            BufferPool.class.getName(),
            RecyclableOutputStream.class.getName(),
            PooledArray.class.getName());
    /** Frames of a creation site shown in a report of who holds memory. */
    private static final int CREATION_FRAMES_SHOWN = 3;
    /** The most chunks a report walks per holder. */
    private static final int MAX_CHUNKS_DESCRIBED = 100_000;

    private final BufferPool pool;
    private final String tag;
    private final Throwable allocationSite;
    /** Whether {@link #head} starts a stream's list (every chunk linked from it is the stream's). */
    private final boolean chunkList;

    private Cleaner.Cleanable cleanable;
    /** The watched stream's content list, which holds the leases of its chunks; {@code null} for a copy. */
    private ChunkList content;
    /** The stream's first chunk, or the copy's chunk; the stream updates it whenever its head changes. */
    volatile Chunk head;
    /** The first of the stream's spare chunks, kept by {@code reset()}; the stream updates it whenever it changes. */
    volatile Chunk spare;

    /** Set by the owner's release or by the reclaim, whichever comes first; the reclaim takes it with a compare-and-set. */
    private volatile boolean released;

    private LeakTracker(BufferPool pool, String tag, LeakDetection level, boolean chunkList) {
        this.pool = pool;
        this.tag = tag;
        this.chunkList = chunkList;
        this.allocationSite = level == LeakDetection.DETAILED ? new AllocationSite(what()) : null;
    }

    /** A tracker for a new stream tagged {@code tag}, or {@code null} when the pool's leak detection passes it over. */
    static LeakTracker forStreamIfPicked(BufferPool pool, String tag) {
        LeakDetection level = pool.leakDetection();
        if (!level.picksNext()) {
            return null;
        }
        return new LeakTracker(pool, tag, level, true);
    }

    /**
     * A tracker for a {@link PooledArray} holding {@code chunk}, taken from the stream tagged
     * {@code tag}, or {@code null} when the pool's leak detection passes it over.
     */
    static LeakTracker forContiguousIfPicked(BufferPool pool, String tag, Chunk chunk) {
        LeakDetection level = pool.leakDetection();
        if (!level.picksNext()) {
            return null;
        }
        LeakTracker tracker = new LeakTracker(pool, tag, level, false);
        tracker.head = chunk;
        return tracker;
    }

    /** What is watched, as messages name it. */
    private String what() {
        return chunkList ? describe(tag) : "PooledArray from " + describe(tag);
    }

    /** How messages name a stream: by its tag where it has one. */
    static String describe(String tag) {
        return "RecyclableOutputStream" + (tag == null ? "" : " '" + tag + "'");
    }

    void register(Object watched) {
        pool.watch(this);
        this.cleanable = CLEANER.register(watched, this);
    }

    /** Watches the chunks of {@code list}, the content of the stream this tracker watches. */
    void watch(ChunkList list) {
        this.content = list;
    }

    /** The owner released its chunks itself: nothing leaked. */
    void released() {
        released = true;
        head = null;
        spare = null;
        pool.unwatch(this);
        cleanable.clean();
    }

    /**
     * Reclaims the chunks of a stream or copy that became unreachable without {@code close()},
     * then reports the leak; once at most, whoever calls it (the cleaner, or a test).
     */
    @Override
    public void run() {
        if (released || !RELEASED.compareAndSet(this, false, true)) {
            return;
        }
        pool.unwatch(this);
        Chunk chunks = head;
        Chunk spares = spare;
        head = null;
        spare = null;
        if (chunks == null && spares == null && chunkList) {
            return; // a stream that holds no chunks (never written, or emptied by resetAndRelease) lost nothing
        }
        // reclaim first: whoever hears of the leak sees the memory already back (or left to its views)
        Throwable failure = null;
        try {
            if (chunkList) {
                content.letGoOfBoth(chunks, ChunkList.Holding.LEAKED, spares, ChunkList.Holding.LEAKED);
            } else if (chunks != null) {
                pool.letGoLeaked(chunks);
            }
        } catch (RuntimeException | Error e) {
            failure = e; // a listener's, while a chunk went back: the leak is still counted
        }
        try {
            pool.telemetry().streamLeaked(tag, allocationSite);
        } catch (RuntimeException | Error e) {
            failure = Failures.add(failure, e);
        }
        Failures.rethrow(failure);
    }

    /**
     * What this tracker watches, for a report of who holds a pool's memory: the stream or copy
     * with its tag, the bytes of the chunks it holds as far as this thread can see them, and
     * (with {@link LeakDetection#DETAILED}) the first frames of the code that created it; or
     * {@code null} when it holds no chunk.
     */
    String describeHolder() {
        StringBuilder line = new StringBuilder(what());
        long bytes = 0;
        int chunks = 0;
        for (Chunk first : new Chunk[] {head, chunkList ? spare : null}) {
            // read while the owner may be changing it: a bounded walk, for a report only
            for (Chunk c = first; c != null && chunks < MAX_CHUNKS_DESCRIBED; c = chunkList ? c.next() : null) {
                bytes += c.capacity();
                chunks++;
            }
        }
        if (chunks == 0) {
            return null;
        }
        line.append(", open, holding ")
                .append(bytes)
                .append(" bytes in ")
                .append(chunks)
                .append(" chunks");
        if (allocationSite == null) {
            return line.append(" (LeakDetection.DETAILED records where it was created)")
                    .toString();
        }
        line.append(", created at ");
        StackTraceElement[] frames = allocationSite.getStackTrace();
        int first = 0;
        while (first < frames.length && CREATION_PATH.contains(frames[first].getClassName())) {
            first++; // the library's own frames: newStream, open, contiguous, this tracker
        }
        for (int i = first; i < Math.min(frames.length, first + CREATION_FRAMES_SHOWN); i++) {
            line.append(i == first ? "" : " <- ").append(frames[i]);
        }
        return line.toString();
    }

    /** The stack of the code that created a leaked stream or copy, shown in the leak report. */
    static final class AllocationSite extends Throwable {
        private static final long serialVersionUID = 1L;

        AllocationSite(String what) {
            super(what + " was created here and never closed");
        }
    }
}
