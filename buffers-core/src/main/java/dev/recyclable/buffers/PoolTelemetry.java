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

import dev.recyclable.buffers.internal.ChunkDroppedEvent;
import dev.recyclable.buffers.internal.StreamLeakEvent;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import jdk.jfr.EventType;

/**
 * The one place where a pool's events go out: it keeps the counters behind {@link PoolStats},
 * tells the {@link BufferPoolListener} and commits the JFR events. The pool, its streams and the
 * leak tracker report here and nowhere else.
 *
 * <p>Nothing here allocates unless someone listens: a pool without a listener skips the
 * listener call with one comparison, and a JFR event object is built only while its type is
 * enabled in a recording. Listener calls run on the reporting thread; what a listener throws is
 * swallowed (but never a {@link VirtualMachineError}), so that it can never break a stream.
 */
final class PoolTelemetry {
    private static final EventType CHUNK_DROPPED = EventType.getEventType(ChunkDroppedEvent.class);
    private static final EventType STREAM_LEAK = EventType.getEventType(StreamLeakEvent.class);

    /** The events a listener hears of, one per {@link BufferPoolListener} method. */
    private enum Kind {
        CREATED,
        CLOSED,
        DOUBLE_CLOSED,
        LEAKED,
        TO_BYTE_ARRAY,
        SIZE_CAP,
        DROPPED
    }

    /** The listener, or {@code null} for none: then an event costs one comparison. */
    private final BufferPoolListener listener;

    // Every chunk ever allocated is in use, idle or dropped: in-use bytes follow from the other
    // three, and reuses are counted by the free list, so a warm lease or release pays only for
    // the idle-byte cap and the stack claim.
    private final LongAdder bytesAllocated = new LongAdder();
    private final LongAdder bytesDropped = new LongAdder();
    private final LongAdder chunksAllocated = new LongAdder();
    private final LongAdder[] chunksDropped = new LongAdder[DropReason.values().length];
    private final LongAdder leaks = new LongAdder();

    PoolTelemetry(BufferPoolListener listener) {
        this.listener = listener;
        for (int i = 0; i < chunksDropped.length; i++) {
            chunksDropped[i] = new LongAdder();
        }
    }

    boolean hasListener() {
        return listener != null;
    }

    // ---- counted

    void chunkAllocated(int capacity) {
        chunksAllocated.increment();
        bytesAllocated.add(capacity);
    }

    void chunkDropped(int capacity, DropReason reason) {
        chunksDropped(1, capacity, reason);
    }

    /**
     * {@code count} chunks of {@code capacity} bytes dropped at once: all of them are counted
     * before anyone hears of the first, so that a listener that throws cannot leave the
     * accounting short.
     */
    void chunksDropped(int count, int capacity, DropReason reason) {
        if (count <= 0) {
            return;
        }
        bytesDropped.add((long) count * capacity);
        chunksDropped[reason.ordinal()].add(count);
        for (int i = 0; i < count; i++) {
            if (CHUNK_DROPPED.isEnabled()) {
                ChunkDroppedEvent event = new ChunkDroppedEvent();
                event.chunkSize = capacity;
                event.reason = reason.name();
                event.commit();
            }
            tell(Kind.DROPPED, null, capacity, 0, reason, null);
        }
    }

    void streamLeaked(String tag, Throwable allocationSite) {
        leaks.increment();
        tell(Kind.LEAKED, tag, 0, 0, null, allocationSite);
        if (STREAM_LEAK.isEnabled()) {
            StreamLeakEvent event = new StreamLeakEvent();
            event.tag = tag;
            event.allocationSite = allocationSite == null ? null : format(allocationSite);
            event.commit();
        }
    }

    /**
     * A snapshot of the counters, with the free list's own figures (idle bytes, reuses).
     *
     * <p>In-use bytes are what was allocated and is neither dropped nor idle, so the three are
     * read in the order in which a chunk moves between them: dropped bytes first, then the idle
     * ones, then the allocated ones. A chunk that trim or decay moves from idle to dropped in the
     * meantime is then counted in neither (in use for this snapshot) instead of being subtracted
     * twice, and one allocated and then released meanwhile is counted allocated. Idle bytes are
     * summed stripe by stripe, and a chunk moving between stripes during the sum may be counted
     * in two; the result is never below zero.
     */
    PoolStats stats(LongSupplier idleNow, LongSupplier reused) {
        long droppedBytes = bytesDropped.sum();
        long idle = idleNow.getAsLong();
        long allocatedBytes = bytesAllocated.sum();
        Map<DropReason, Long> dropped = new EnumMap<>(DropReason.class);
        for (DropReason reason : DropReason.values()) {
            dropped.put(reason, chunksDropped[reason.ordinal()].sum());
        }
        long inUse = Math.max(0, allocatedBytes - droppedBytes - idle);
        long reuses = reused.getAsLong();
        long allocated = chunksAllocated.sum();
        return new PoolStats(inUse, idle, reuses + allocated, reuses, allocated, dropped, leaks.sum());
    }

    // ---- heard by the listener only

    void streamCreated(String tag) {
        tell(Kind.CREATED, tag, 0, 0, null, null);
    }

    void streamClosed(String tag, long length) {
        tell(Kind.CLOSED, tag, length, 0, null, null);
    }

    void streamDoubleClosed(String tag) {
        tell(Kind.DOUBLE_CLOSED, tag, 0, 0, null, null);
    }

    void toByteArrayCalled(String tag, long length) {
        tell(Kind.TO_BYTE_ARRAY, tag, length, 0, null, null);
    }

    void sizeCapExceeded(String tag, long requested, long cap) {
        tell(Kind.SIZE_CAP, tag, requested, cap, null, null);
    }

    /** Delivers one event to the listener, if any; a listener must never break a stream or the pool. */
    private void tell(Kind kind, String tag, long a, long b, DropReason reason, Throwable site) {
        BufferPoolListener l = listener;
        if (l == null) {
            return;
        }
        try {
            switch (kind) {
                case CREATED -> l.streamCreated(tag);
                case CLOSED -> l.streamClosed(tag, a);
                case DOUBLE_CLOSED -> l.streamDoubleClosed(tag);
                case LEAKED -> l.streamLeaked(tag, site);
                case TO_BYTE_ARRAY -> l.toByteArrayCalled(tag, a);
                case SIZE_CAP -> l.sizeCapExceeded(tag, a, b);
                case DROPPED -> l.chunkDropped((int) a, reason);
            }
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError) {
                throw e;
            }
        }
    }

    /** A recorded allocation site as the leak event shows it. */
    private static String format(Throwable site) {
        StringWriter out = new StringWriter();
        site.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
