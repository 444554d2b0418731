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
import java.lang.ref.Cleaner;

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

    private final BufferPool pool;
    private final String tag;
    private final Throwable allocationSite;
    /** Whether {@link #head} starts a stream's list (every chunk linked from it is the stream's). */
    private final boolean chunkList;

    private Cleaner.Cleanable cleanable;
    /** The stream's first chunk, or the copy's chunk; the stream updates it whenever its head changes. */
    volatile Chunk head;
    /** The first of the stream's spare chunks, kept by {@code reset()}; the stream updates it whenever it changes. */
    volatile Chunk spare;

    private volatile boolean released;

    private LeakTracker(BufferPool pool, String tag, Throwable allocationSite, boolean chunkList) {
        this.pool = pool;
        this.tag = tag;
        this.allocationSite = allocationSite;
        this.chunkList = chunkList;
    }

    /** A tracker for a new stream tagged {@code tag}, or {@code null} when the pool's leak detection passes it over. */
    static LeakTracker forStreamIfPicked(BufferPool pool, String tag) {
        LeakDetection level = pool.leakDetection();
        if (!level.picksNext()) {
            return null;
        }
        return new LeakTracker(pool, tag, siteIf(level, describe(tag)), true);
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
        LeakTracker tracker = new LeakTracker(pool, tag, siteIf(level, "PooledArray from " + describe(tag)), false);
        tracker.head = chunk;
        return tracker;
    }

    private static Throwable siteIf(LeakDetection level, String what) {
        return level == LeakDetection.DETAILED ? new AllocationSite(what) : null;
    }

    /** How messages name a stream: by its tag where it has one. */
    static String describe(String tag) {
        return "RecyclableOutputStream" + (tag == null ? "" : " '" + tag + "'");
    }

    void register(Object watched) {
        this.cleanable = CLEANER.register(watched, this);
    }

    /** The owner released its chunks itself: nothing leaked. */
    void released() {
        released = true;
        head = null;
        spare = null;
        cleanable.clean();
    }

    @Override
    public void run() {
        if (released) {
            return;
        }
        Chunk chunks = head;
        Chunk spares = spare;
        head = null;
        spare = null;
        if (chunks == null && spares == null && chunkList) {
            return; // a stream that holds no chunks (never written, or emptied by resetAndRelease) lost nothing
        }
        // reclaim first: whoever hears of the leak sees the memory already back (or left to its views)
        if (chunkList) {
            ChunkList.unlinkAndLetGo(pool, chunks, ChunkList.Holding.LEAKED);
            ChunkList.unlinkAndLetGo(pool, spares, ChunkList.Holding.LEAKED);
        } else if (chunks != null) {
            pool.letGoLeaked(chunks);
        }
        pool.telemetry().streamLeaked(tag, allocationSite);
    }

    /** The stack of the code that created a leaked stream or copy, shown in the leak report. */
    static final class AllocationSite extends Throwable {
        private static final long serialVersionUID = 1L;

        AllocationSite(String what) {
            super(what + " was created here and never closed");
        }
    }
}
