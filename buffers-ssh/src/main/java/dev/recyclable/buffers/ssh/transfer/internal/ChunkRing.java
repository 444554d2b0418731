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
package dev.recyclable.buffers.ssh.transfer.internal;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A single-producer, single-consumer byte ring over pooled chunks: sshj's reader thread copies packet payloads in,
 * the transferring thread writes them out to the sink.
 *
 * <p>Why a ring and not a queue of chunks: a queue node or chunk handle per packet is garbage per packet, and
 * handing off only full chunks would hold back a trickling command's output. Here the producer publishes every
 * packet by moving one counter, and the consumer writes whatever is published, up to the end of a chunk.
 *
 * <p>The producer never blocks, which sshj's reader thread must not do: the ring holds at least a full SSH
 * window, and the window is granted back to the server only after the consumer has written the bytes out, so
 * the server can never send more than fits. A server that overruns anyway is reported by {@link #offer}.
 *
 * <p>Memory: {@code ceil(capacity / chunkSize)} chunks are leased from the pool when the ring is built, whatever
 * the transfer's size, and all go back on {@link #close()}. Each chunk is held as the writable space of its own
 * never-committed {@link RecyclableOutputStream}, so the pool's usual scrubbing and leak tracking apply.
 */
public final class ChunkRing implements AutoCloseable {

    private static final int IDLE = 0;
    private static final int PRODUCING = 1;
    private static final int CLOSED = 2;
    private static final VarHandle PRODUCER_STATE;
    /** Longest a partial batch waits for the consumer: the latency a trickling command's output may see. */
    public static final long MAX_BATCH_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    static {
        try {
            PRODUCER_STATE = MethodHandles.lookup().findVarHandle(ChunkRing.class, "producerState", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RecyclableOutputStream[] owners;
    /** Per chunk: the stream's writable buffer, positioned at the chunk's first free byte. */
    private final ByteBuffer[] chunks;
    /** Per chunk: a view made once, repositioned for every write to a channel (no slice per write). */
    private final ByteBuffer[] views;

    private final int[] bases;
    private final int chunkShift;
    private final int chunkMask;
    private final long capacity;

    /** Bytes published by the producer. Written only by the producer. */
    private volatile long written;
    /** Bytes written out by the consumer. Written only by the consumer. */
    private volatile long consumed;
    /** Set by the producer when nothing more will come; read after {@link #written}. */
    private volatile boolean ended;

    private volatile Throwable endFailure;
    /** The consumer while it is parked, so the producer knows to wake it. */
    private volatile Thread parkedConsumer;
    /** The parked consumer wants waking once {@link #written} reaches this (or the producer ends). */
    private volatile long wakeAt;
    /** Bytes worth one wake-up: fewer, larger hand-offs than one per packet, so fewer context switches. */
    private final long wakeBatch;
    /**
     * Guards the chunks against a late packet: a channel that was aborted may still deliver data after the
     * transfer gave up waiting for it, and by then the chunks may belong to someone else.
     */
    @SuppressWarnings("unused") // accessed through PRODUCER_STATE
    private volatile int producerState;

    /**
     * Leases the ring's chunks from {@code pool}.
     *
     * @param minCapacity at least this many bytes fit (the receive window)
     * @param chunkSize   bytes per chunk, a power of two; capped at the pool's largest chunk
     */
    public ChunkRing(BufferPool pool, long minCapacity, int chunkSize) throws IOException {
        int size = Integer.highestOneBit(Math.min(chunkSize, pool.maxChunkSize()));
        int count = (int) ((minCapacity + size - 1) / size);
        this.chunkShift = Integer.numberOfTrailingZeros(size);
        this.chunkMask = size - 1;
        this.capacity = (long) count * size;
        this.wakeBatch = Math.max(1, Math.min(256 * 1024, minCapacity / 4));
        this.owners = new RecyclableOutputStream[count];
        this.chunks = new ByteBuffer[count];
        this.views = new ByteBuffer[count];
        this.bases = new int[count];
        try {
            for (int i = 0; i < count; i++) {
                RecyclableOutputStream owner = pool.newStream("ssh-transfer-ring");
                owners[i] = owner;
                ByteBuffer space = owner.writableBuffer(size);
                if (space.remaining() < size) {
                    throw new IOException("pool's stream size cap leaves " + space.remaining() + " bytes for a " + size
                            + "-byte transfer chunk");
                }
                chunks[i] = space;
                bases[i] = space.position();
                views[i] = space.duplicate();
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Bytes the ring holds when full. */
    public long capacity() {
        return capacity;
    }

    // ---------------------------------------------------------------- producer (sshj's reader thread)

    /**
     * Copies {@code length} bytes in and publishes them. Never blocks.
     *
     * @return false if they do not fit (the server overran its window); nothing was copied. After
     *         {@link #close()} the bytes are dropped and the result is true.
     */
    public boolean offer(byte[] data, int offset, int length) {
        if (!PRODUCER_STATE.compareAndSet(this, IDLE, PRODUCING)) {
            return true; // closed: the transfer is over and nobody reads any more
        }
        try {
            return copyIn(data, offset, length);
        } finally {
            PRODUCER_STATE.setRelease(this, IDLE);
        }
    }

    private boolean copyIn(byte[] data, int offset, int length) {
        long w = written;
        if (w + length - consumed > capacity) {
            return false;
        }
        while (length > 0) {
            int index = (int) ((w >>> chunkShift) % chunks.length);
            int at = (int) (w & chunkMask);
            int n = Math.min(length, chunkMask + 1 - at);
            chunks[index].put(bases[index] + at, data, offset, n);
            w += n;
            offset += n;
            length -= n;
        }
        written = w;
        Thread t = parkedConsumer;
        if (t != null && w >= wakeAt) {
            LockSupport.unpark(t);
        }
        return true;
    }

    /** No more bytes will come: normally ({@code failure == null}) or because the transfer failed. */
    public void end(Throwable failure) {
        if (failure != null && endFailure == null) {
            endFailure = failure; // the first reason wins: a later close is only its consequence
        }
        ended = true;
        Thread t = parkedConsumer;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    // ---------------------------------------------------------------- consumer (the transferring thread)

    /**
     * Waits until bytes are published or the producer ended. When the ring is empty it sleeps until a batch has
     * arrived (a quarter of the window, at most 256 KiB) or {@link #MAX_BATCH_WAIT_NANOS} passed, so that a fast
     * sink is woken once per batch rather than once per packet, and a trickle is still passed on promptly.
     *
     * @param idleTimeoutNanos how long to wait without any byte arriving ({@code Durations.UNLIMITED}: no limit)
     * @return the number of readable bytes (up to the end of the current chunk), or -1 once ended and drained
     * @throws InterruptedIOException if interrupted, or idle for longer than the timeout
     */
    public int awaitReadable(long idleTimeoutNanos) throws InterruptedIOException {
        long deadline = Durations.deadline(idleTimeoutNanos);
        while (true) {
            boolean wasEnded = ended; // read before written: the producer sets written first
            long c = consumed;
            long available = written - c;
            if (available > 0) {
                return (int) Math.min(available, chunkMask + 1 - (c & chunkMask));
            }
            if (wasEnded) {
                return -1;
            }
            long left = Durations.nanosLeft(deadline);
            if (left <= 0) {
                throw new InterruptedIOException(
                        "no data from the server for " + TimeUnit.NANOSECONDS.toMillis(idleTimeoutNanos) + " ms");
            }
            wakeAt = c + wakeBatch;
            parkedConsumer = Thread.currentThread();
            if (written == c && !ended) {
                LockSupport.parkNanos(this, Math.min(left, MAX_BATCH_WAIT_NANOS));
            }
            parkedConsumer = null;
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for data from the server");
            }
        }
    }

    /** The chunk holding the next readable byte, as a reusable view; use with {@link #readOffset()}. */
    public ByteBuffer readView() {
        return views[(int) ((consumed >>> chunkShift) % chunks.length)];
    }

    /** Index of the next readable byte within {@link #readView()}'s buffer. */
    public int readOffset() {
        return bases[(int) ((consumed >>> chunkShift) % chunks.length)] + (int) (consumed & chunkMask);
    }

    /** Marks {@code n} bytes (returned by {@link #awaitReadable}) as written out: their space is free again. */
    public void consume(int n) {
        consumed = consumed + n;
    }

    /** Why the producer ended, or {@code null} if it ended normally or has not ended. */
    public Throwable endFailure() {
        return endFailure;
    }

    public long bytesConsumed() {
        return consumed;
    }

    /**
     * Returns the chunks to the pool. Call from the consumer once it stops reading; a packet the producer is
     * copying in right now is waited for (a few microseconds), later ones are dropped.
     */
    @Override
    public void close() {
        while (true) {
            int state = (int) PRODUCER_STATE.getVolatile(this);
            if (state == CLOSED) {
                return;
            }
            if (state == IDLE && PRODUCER_STATE.compareAndSet(this, IDLE, CLOSED)) {
                break;
            }
            Thread.onSpinWait();
        }
        for (RecyclableOutputStream owner : owners) {
            if (owner != null) {
                owner.close();
            }
        }
    }
}
