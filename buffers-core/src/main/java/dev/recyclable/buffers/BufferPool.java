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
import dev.recyclable.buffers.internal.ChunkFreeList;
import dev.recyclable.buffers.internal.Durations;
import dev.recyclable.buffers.internal.Failures;
import dev.recyclable.buffers.internal.IdleDecay;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A thread-safe pool of byte chunks, and the factory of {@link RecyclableOutputStream}s that
 * write into them.
 *
 * <pre>{@code
 * BufferPool pool = BufferPool.shared();
 * try (RecyclableOutputStream out = pool.newStream("report")) {
 *     serializer.writeTo(out);
 *     out.writeTo(socketChannel);
 * } // chunks go back to the pool here
 * }</pre>
 *
 * <h2>Size classes and budgets</h2>
 * Chunks come in power-of-two size classes. Class {@code c} holds {@code minChunkSize << c}
 * bytes; these are the defaults ({@link Builder#minChunkSize} 1 KiB, {@link Builder#maxChunkSize}
 * 64 KiB, {@link Builder#maxIdleBytes} 1/8 of the heap, at most 256 MiB):
 * <pre>
 * class   capacity          leased for                                 kept idle
 * -----   ---------------   ----------------------------------------   -----------------------------
 * 0       1 KiB             a stream's first chunk; copies up to 1 KiB  within the one idle budget:
 * 1..6    2 KiB .. 64 KiB   stream chunks, growing fourfold (1, 4, 16,  maxIdleBytes over all classes,
 *                           64 KiB; a first write larger than 1 KiB     split evenly between the free
 *                           starts with the class that fits it);        list's stripes; a chunk larger
 *                           contiguous copies of their size             than one stripe's share is
 * 7..20   128 KiB .. 1 GiB  contiguous copies only                      never kept
 * -       exact length      copies above 1 GiB, and every copy of a    never: dropped on release
 *                           direct pool (copies are heap arrays)        ({@link DropReason#OVERSIZE})
 * </pre>
 * So streams lease from classes 0 to {@link #largestStreamClass()}, and {@link
 * RecyclableOutputStream#contiguous()} from any class up to {@value #MAX_POOLED_SIZE} bytes. A
 * 100-byte stream holds one 1 KiB chunk; a 16 MiB stream wastes less than one 64 KiB chunk.
 *
 * <h2>Free list</h2>
 * Idle chunks wait in stripes chosen by thread id, each stripe a plain stack per size class
 * guarded by a claim word: a thread claims a stripe with one compare-and-set, pushes or pops
 * under the claim, and gives it back with a release store. A thread that finds a stripe claimed
 * never waits: it tries the next stripe, and when every stripe is busy a release gives the
 * chunk to the garbage collector (counted as {@link DropReason#CONTENDED}) and a lease allocates.
 * So leasing and releasing never block and, once the pool is warm, allocate nothing. Beyond the
 * idle budget released chunks go to the garbage collector ({@link DropReason#POOL_FULL}). A size
 * class that goes unused for a whole {@link Builder#idleDecay} period is emptied
 * ({@link DropReason#TRIMMED}).
 */
public final class BufferPool {
    /** The largest size class kept idle; a contiguous copy larger than this is an exact, unpooled array. */
    static final int MAX_POOLED_SIZE = 1 << 30;

    /** The bounds of {@link Builder#minChunkSize} and {@link Builder#maxChunkSize}. */
    private static final int MIN_CHUNK_SIZE_LIMIT = 64;

    private static final int MAX_CHUNK_SIZE_LIMIT = 1 << 24;

    /** The default cap on one stream: the largest array a JVM reliably allocates (see ArraysSupport). */
    static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    /** The default idle budget is this fraction of the heap ... */
    private static final int DEFAULT_IDLE_HEAP_DIVISOR = 8;

    /** ... and at most this many bytes. */
    private static final long DEFAULT_MAX_IDLE_BYTES = 256L << 20;

    private final int minChunkShift;
    private final int largestStreamClass;
    private final int sizeClasses;
    private final int maxChunkSize;
    private final long maxIdleBytes;
    private final long maxStreamSize;
    private final boolean zeroOnRelease;
    private final boolean directChunks;
    private final boolean throwOnToByteArray;
    private final LeakDetection leakDetection;
    private final Duration idleDecay;
    private final PoolTelemetry telemetry;

    private final ChunkFreeList idle;
    /** Set on lease, cleared by each decay pass: a class still clear at the next pass was unused. */
    private final boolean[] classUsed;
    /** The trackers of the open streams and copies that leak detection watches. */
    private final Set<LeakTracker> watched = ConcurrentHashMap.newKeySet();

    private BufferPool(Builder b) {
        this.minChunkShift = Integer.numberOfTrailingZeros(b.minChunkSize);
        this.largestStreamClass = Integer.numberOfTrailingZeros(b.maxChunkSize) - minChunkShift;
        this.sizeClasses = Integer.numberOfTrailingZeros(MAX_POOLED_SIZE) - minChunkShift + 1;
        this.maxChunkSize = b.maxChunkSize;
        this.maxIdleBytes = b.maxIdleBytes;
        this.maxStreamSize = b.maxStreamSize;
        this.zeroOnRelease = b.zeroOnRelease;
        this.directChunks = b.directChunks;
        this.throwOnToByteArray = b.throwOnToByteArray;
        this.leakDetection = b.leakDetection;
        this.idleDecay = b.idleDecay;
        this.telemetry = new PoolTelemetry(b.listener == NO_LISTENER ? null : b.listener);
        this.idle = new ChunkFreeList(sizeClasses, ChunkFreeList.defaultStripes(), maxIdleBytes);
        this.classUsed = new boolean[sizeClasses];
        if (!idleDecay.isZero()) {
            IdleDecay.schedule(this, Durations.toNanosSaturated(idleDecay), BufferPool::decay);
        }
    }

    /**
     * The process-wide pool with default settings, created on first use. Its leak detection is
     * the one the system property {@code dev.recyclable.buffers.leakDetection} names ({@code DISABLED},
     * {@code SAMPLED}, {@code ALL} or {@code DETAILED}; {@code SAMPLED} when it is not set), so
     * that an application or its tests can have every holder of the shared pool's memory listed,
     * with where it was created ({@link #describeHolders()}), without changing code.
     *
     * @throws IllegalArgumentException (on first use) if the property names no level
     */
    public static BufferPool shared() {
        return SharedHolder.POOL;
    }

    /** The system property that sets {@link #shared()}'s leak detection. */
    static final String LEAK_DETECTION_PROPERTY = "dev.recyclable.buffers.leakDetection";

    /** Starts a pool configuration with the defaults described on each setter. */
    public static Builder builder() {
        return new Builder();
    }

    /** A new, empty stream. The caller owns it and must {@code close()} it. */
    public RecyclableOutputStream newStream() {
        return newStream(null);
    }

    /**
     * A new, empty stream carrying a tag that names it in events and leak reports.
     * The caller owns it and must {@code close()} it.
     */
    public RecyclableOutputStream newStream(String tag) {
        return RecyclableOutputStream.open(this, tag);
    }

    /** How streams and contiguous copies of this pool are watched for a missing {@code close()}. */
    LeakDetection leakDetection() {
        return leakDetection;
    }

    /**
     * Who holds this pool's memory, as far as its {@link Builder#leakDetection leak detection}
     * knows: text for the message of a failed check of in-use bytes. One line per stream and
     * contiguous copy that is open, watched and holding chunks, naming it by its tag, with the
     * bytes of the chunks it holds and, with {@link LeakDetection#DETAILED}, the first frames of the code that created
     * it outside this library. {@link LeakDetection#ALL} and {@code DETAILED} watch every stream
     * and copy, {@link LeakDetection#SAMPLED} (the default) one in
     * {@value LeakDetection#SAMPLING_INTERVAL}, {@link LeakDetection#DISABLED} none. Views
     * ({@link ByteBufferView}, a Netty {@code ByteBuf}, a {@code WebSocketMessage}) and
     * {@link RecyclableOutputStream#retain() retained} content hold chunks without being watched
     * themselves; when no line names a holder, the text says so and how to see more.
     *
     * <p>A snapshot taken while other threads use the pool; it costs nothing until called.
     */
    public String describeHolders() {
        StringBuilder text = new StringBuilder();
        for (LeakTracker tracker : watched) {
            String holder = tracker.describeHolder();
            if (holder != null) {
                text.append(text.length() == 0 ? "" : "\n").append("  ").append(holder);
            }
        }
        if (text.length() > 0) {
            return "open streams and copies that leak detection watches (LeakDetection." + leakDetection + "):\n"
                    + text;
        }
        return "no open stream or copy that leak detection watches (LeakDetection." + leakDetection + ")"
                + " holds chunks: views (ByteBufferView, a Netty ByteBuf, a WebSocketMessage) or retain() hold"
                + " them, or streams it does not watch"
                + (leakDetection == LeakDetection.DETAILED
                        ? ""
                        : "; build the pool with leakDetection(LeakDetection.DETAILED) (for BufferPool.shared(): -D"
                                + LEAK_DETECTION_PROPERTY + "=DETAILED) to list every stream and copy with where it"
                                + " was created");
    }

    /** Starts listing {@code tracker} among this pool's {@link #describeHolders() holders}. */
    void watch(LeakTracker tracker) {
        watched.add(tracker);
    }

    /** Its stream or copy was closed or reclaimed: no longer a holder. */
    void unwatch(LeakTracker tracker) {
        watched.remove(tracker);
    }

    /** Where the pool, its streams and its leak tracker report events and counts. */
    PoolTelemetry telemetry() {
        return telemetry;
    }

    /** A snapshot of the pool's counters. */
    public PoolStats stats() {
        return telemetry.stats(idle::idleBytes, idle::pops);
    }

    /** Releases every idle chunk to the garbage collector. Chunks in use are not affected. */
    public void trim() {
        for (int c = 0; c < sizeClasses; c++) {
            dropIdle(c);
        }
    }

    /** Empties the size classes that saw no lease since the previous pass. */
    void decay() {
        for (int c = 0; c < sizeClasses; c++) {
            if (classUsed[c]) {
                classUsed[c] = false;
            } else {
                dropIdle(c);
            }
        }
    }

    private void dropIdle(int sizeClass) {
        telemetry.chunksDropped(idle.drain(sizeClass), capacityOf(sizeClass), DropReason.TRIMMED);
    }

    // ---- settings, read by streams ----

    /** The largest chunk a stream uses. */
    public int maxChunkSize() {
        return maxChunkSize;
    }

    /** The cap on one stream's length. */
    public long maxStreamSize() {
        return maxStreamSize;
    }

    /** The cap on idle pooled bytes. */
    public long maxIdleBytes() {
        return maxIdleBytes;
    }

    /** Whether chunks are zeroed when they come back, so that no content outlives its stream. */
    public boolean zeroOnRelease() {
        return zeroOnRelease;
    }

    /** Whether chunks are direct {@code ByteBuffer}s rather than {@code byte[]}. */
    public boolean directChunks() {
        return directChunks;
    }

    boolean throwOnToByteArray() {
        return throwOnToByteArray;
    }

    // ---- size classes (see the table in the class comment)

    /** The largest class a stream's chunks come from: {@link Builder#maxChunkSize}'s. */
    int largestStreamClass() {
        return largestStreamClass;
    }

    /** The smallest class holding at least {@code bytes}. */
    int classFor(int bytes) {
        if (bytes <= (1 << minChunkShift)) {
            return 0;
        }
        return Integer.SIZE - Integer.numberOfLeadingZeros(bytes - 1) - minChunkShift;
    }

    private int capacityOf(int sizeClass) {
        return 1 << (sizeClass + minChunkShift);
    }

    // ---- leasing and releasing, for streams and their views

    /**
     * A chunk of the class, leased to {@code owner}: the content list that links it, which alone
     * ends the lease ({@link Chunk#endLease}, in {@link ChunkList#unlinkAndLetGo}), once.
     */
    Chunk lease(int sizeClass, ChunkList owner) {
        if (!classUsed[sizeClass]) {
            classUsed[sizeClass] = true;
        }
        Chunk chunk = idle.pop(sizeClass);
        if (chunk == null) {
            chunk = new Chunk(capacityOf(sizeClass), sizeClass, directChunks);
            telemetry.chunkAllocated(chunk.capacity());
        }
        chunk.leaseTo(owner);
        return chunk;
    }

    /**
     * A heap chunk of at least {@code bytes}, for a contiguous copy: no content list links it,
     * so it has no lease owner; its one holder returns it through {@link #letGo}.
     */
    Chunk leaseArray(int bytes) {
        if (directChunks || bytes > MAX_POOLED_SIZE) {
            // not poolable here: an exact array, accounted while in use, dropped on return
            Chunk chunk = new Chunk(bytes, -1, false);
            telemetry.chunkAllocated(chunk.capacity());
            return chunk;
        }
        return lease(classFor(bytes), null);
    }

    /**
     * Takes back a chunk that its last holder let go of, as new for its next owner
     * ({@link Chunk#recycle}). A chunk that a content list still holds is refused, unchanged:
     * it leaves its list through {@link ChunkList#unlinkAndLetGo}, which ends the list's lease
     * and unlinks it first.
     *
     * @throws IllegalStateException if the chunk is still leased to a content list or linked
     */
    void release(Chunk chunk) {
        release(chunk, zeroOnRelease);
    }

    private void release(Chunk chunk, boolean scrub) {
        Object owner = chunk.owner();
        if (owner != null || chunk.isLinked()) {
            throw new IllegalStateException("a chunk of " + chunk.capacity() + " bytes that "
                    + (owner instanceof ChunkList list ? list.describe() : "a stream") + " still holds"
                    + (chunk.isLinked() ? " (linked into its content)" : "")
                    + " cannot go back to the pool: it leaves the stream's content first; refused");
        }
        chunk.recycle(scrub);
        int capacity = chunk.capacity();
        if (chunk.sizeClass() < 0) {
            telemetry.chunkDropped(capacity, DropReason.OVERSIZE);
            return;
        }
        ChunkFreeList.Refusal refused = idle.push(chunk);
        if (refused != null) {
            telemetry.chunkDropped(
                    capacity, refused == ChunkFreeList.Refusal.FULL ? DropReason.POOL_FULL : DropReason.CONTENDED);
        }
    }

    /** Drops one holder's claim on {@code chunk}; the last holder's drop returns it to the pool. */
    void letGo(Chunk chunk) {
        if (chunk.letGo()) {
            release(chunk);
        }
    }

    /**
     * Drops one holder's claim on each of {@code chunks}: all of them, whatever a pool listener
     * throws meanwhile, which is thrown once they are done.
     */
    void letGoAll(Chunk[] chunks) {
        Throwable failure = null;
        for (Chunk c : chunks) {
            try {
                letGo(c);
            } catch (RuntimeException | Error e) {
                failure = Failures.add(failure, e);
            }
        }
        Failures.rethrow(failure);
    }

    /**
     * Drops a leaked holder's claim on {@code chunk}, from any thread; if it was the last, the
     * chunk is scrubbed before anyone sees it again.
     */
    void letGoLeaked(Chunk chunk) {
        if (chunk.letGo()) {
            release(chunk, true);
        }
    }

    private static final BufferPoolListener NO_LISTENER = new BufferPoolListener() {};

    @Override
    public String toString() {
        return "BufferPool" + stats();
    }

    private static final class SharedHolder {
        static final BufferPool POOL = builder()
                .leakDetection(leakDetectionNamed(System.getProperty(LEAK_DETECTION_PROPERTY)))
                .build();
    }

    /** The level {@link #LEAK_DETECTION_PROPERTY}'s value names, in any case; {@code SAMPLED} for none. */
    static LeakDetection leakDetectionNamed(String level) {
        if (level == null) {
            return LeakDetection.SAMPLED;
        }
        try {
            return LeakDetection.valueOf(level.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + LEAK_DETECTION_PROPERTY + "=" + level
                    + " names no leak detection level: use one of " + Arrays.toString(LeakDetection.values()));
        }
    }

    /**
     * Settings for a {@link BufferPool}; each is validated by {@link #build()} with a message
     * naming the setting.
     */
    public static final class Builder {
        private int minChunkSize = 1024;
        private int maxChunkSize = 64 * 1024;
        private long maxIdleBytes =
                Math.min(DEFAULT_MAX_IDLE_BYTES, Runtime.getRuntime().maxMemory() / DEFAULT_IDLE_HEAP_DIVISOR);
        private long maxStreamSize = MAX_ARRAY_LENGTH;
        private boolean zeroOnRelease;
        private boolean directChunks;
        private boolean throwOnToByteArray;
        private LeakDetection leakDetection = LeakDetection.SAMPLED;
        private BufferPoolListener listener = NO_LISTENER;
        private Duration idleDecay = Duration.ofSeconds(60);

        private Builder() {}

        /** The first and smallest chunk of a stream: a power of two, 64 B to 16 MiB. Default 1 KiB. */
        public Builder minChunkSize(int bytes) {
            this.minChunkSize = bytes;
            return this;
        }

        /** The largest chunk a stream grows to: a power of two, at least the minimum, at most 16 MiB. Default 64 KiB. */
        public Builder maxChunkSize(int bytes) {
            this.maxChunkSize = bytes;
            return this;
        }

        /**
         * The cap on idle pooled bytes, across all size classes. Default: 1/8 of the heap, at most
         * 256 MiB. It is shared out evenly between the pool's free-list stripes (one per core, rounded
         * to a power of two) so that no counter is contended; a chunk larger than one stripe's share is
         * never kept.
         */
        public Builder maxIdleBytes(long bytes) {
            this.maxIdleBytes = bytes;
            return this;
        }

        /** The cap on one stream's length; a write past it fails. Default: the largest Java array. */
        public Builder maxStreamSize(long bytes) {
            this.maxStreamSize = bytes;
            return this;
        }

        /** Zero chunks as they come back, so that content never outlives its stream in memory. Default off. */
        public Builder zeroOnRelease(boolean zero) {
            this.zeroOnRelease = zero;
            return this;
        }

        /** Use direct {@code ByteBuffer} chunks instead of {@code byte[]}. Default off. */
        public Builder directChunks(boolean direct) {
            this.directChunks = direct;
            return this;
        }

        /** Make {@code toByteArray()} throw, to find every copy in a code base. Default off. */
        public Builder throwOnToByteArray(boolean throwOnCopy) {
            this.throwOnToByteArray = throwOnCopy;
            return this;
        }

        /** How streams are watched for missing {@code close()}. Default {@link LeakDetection#SAMPLED}. */
        public Builder leakDetection(LeakDetection level) {
            this.leakDetection = level;
            return this;
        }

        /** Receives the pool's events. Default: none. */
        public Builder listener(BufferPoolListener listener) {
            this.listener = listener;
            return this;
        }

        /**
         * A size class that sees no lease for this long has its idle chunks released;
         * {@link Duration#ZERO} keeps them until {@link BufferPool#trim()}, and so does a period too
         * long to count in nanoseconds (about 292 years or more, {@code ChronoUnit.FOREVER}'s
         * included), which means never. Negative is refused by {@link #build()}. Default 60 s.
         */
        public Builder idleDecay(Duration period) {
            this.idleDecay = period;
            return this;
        }

        /** Validates the settings and builds the pool. */
        public BufferPool build() {
            if (!isPowerOfTwo(minChunkSize)
                    || minChunkSize < MIN_CHUNK_SIZE_LIMIT
                    || minChunkSize > MAX_CHUNK_SIZE_LIMIT) {
                throw new IllegalArgumentException("minChunkSize must be a power of two from " + MIN_CHUNK_SIZE_LIMIT
                        + " to " + MAX_CHUNK_SIZE_LIMIT + ": " + minChunkSize);
            }
            if (!isPowerOfTwo(maxChunkSize) || maxChunkSize < minChunkSize || maxChunkSize > MAX_CHUNK_SIZE_LIMIT) {
                throw new IllegalArgumentException("maxChunkSize must be a power of two from minChunkSize ("
                        + minChunkSize + ") to " + MAX_CHUNK_SIZE_LIMIT + ": " + maxChunkSize);
            }
            if (maxIdleBytes < 0) {
                throw new IllegalArgumentException("maxIdleBytes must not be negative: " + maxIdleBytes);
            }
            if (maxStreamSize < 1) {
                throw new IllegalArgumentException("maxStreamSize must be positive: " + maxStreamSize);
            }
            Objects.requireNonNull(leakDetection, "leakDetection");
            Objects.requireNonNull(listener, "listener");
            Objects.requireNonNull(idleDecay, "idleDecay");
            if (idleDecay.isNegative()) {
                throw new IllegalArgumentException("idleDecay must not be negative: " + idleDecay);
            }
            return new BufferPool(this);
        }

        private static boolean isPowerOfTwo(int n) {
            return n > 0 && (n & (n - 1)) == 0;
        }
    }
}
