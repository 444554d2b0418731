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
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import dev.recyclable.buffers.ssh.OutputEvent;
import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.OutputListener;
import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands output to an {@link OutputListener} on the consumer's thread, in wire order, each packet in its own
 * pooled chunk. The reader thread only copies and enqueues; the window for a packet is granted when the
 * listener's call for it returns, so at most one window of output is ever queued, however slow the listener.
 *
 * <p>Allocation-free once warm: packets are copied into {@link Slot}s, each owning a stream that is
 * {@link RecyclableOutputStream#reset() reset} and reused, never closed while the slot lives. Slots circulate
 * between a free stack (LIFO, so a fast consumer keeps reusing the same one or two and their chunks) and a FIFO
 * ring; both are arrays that only grow when more packets are in flight than ever before (the window bounds the
 * bytes in flight, not the packets: tiny packets may need more slots, allocated once). The listener never sees a
 * slot's stream, only the one reusable {@link View}, which checks that it is used during the call and on the
 * consumer thread. {@link OutputEvent#retain()} hands the slot's stream over to the caller (the slot takes a new
 * stream next time), so retained bytes are never reset under their owner.
 *
 * <p>Ring and free stack are guarded by one monitor, held for a few field writes only: the reader thread never
 * waits behind the listener.
 */
public final class DispatchingSink extends CommandSink {

    /** A packet in flight. Fields are handed between threads under {@link #lock}. */
    private static final class Slot {
        OutputKind kind;
        RecyclableOutputStream chunk;
        int windowBytes;
    }

    private final BufferPool pool;
    private final Thread consumer;
    private final View view = new View();

    private final Object lock = new Object();
    // guarded by lock
    private Slot[] ring = new Slot[16];
    private int ringHead;
    private int ringCount;
    private Slot[] free = new Slot[16];
    private int freeCount;
    /**
     * Set by {@link #releaseBuffers()}. The channel can close on another thread (a failed write, a keepalive
     * declaring the connection dead) while the reader thread is still inside {@link #accept}: a packet it
     * finishes copying after the release is dropped and its chunk closed here, never queued to nobody.
     */
    private boolean released;

    private volatile boolean channelClosed;

    public DispatchingSink(BufferPool pool, String command, long limit, OutputLimitPolicy policy, Thread consumer) {
        super(command, limit, policy);
        this.pool = pool;
        this.consumer = consumer;
    }

    @Override
    protected void accept(CaptureChannel channel, OutputKind kind, byte[] data, int offset, int keep, int length) {
        if (keep < length) {
            channel.grant(length - keep);
        }
        if (keep == 0) {
            return;
        }
        Slot slot;
        synchronized (lock) {
            if (released) {
                return;
            }
            slot = freeCount > 0 ? free[--freeCount] : null;
        }
        if (slot == null) {
            slot = new Slot(); // only while more packets are in flight than ever before
        }
        RecyclableOutputStream chunk = slot.chunk;
        if (chunk == null) {
            chunk = pool.newStream(); // first use, or the last one was retained by a listener
            slot.chunk = chunk;
        }
        try {
            int done = 0;
            while (done < keep) {
                ByteBuffer space = chunk.writableBuffer(keep - done);
                int n = Math.min(space.remaining(), keep - done);
                if (space.hasArray()) {
                    System.arraycopy(data, offset + done, space.array(), space.arrayOffset() + space.position(), n);
                } else {
                    space.put(space.position(), data, offset + done, n);
                }
                chunk.commit(n);
                done += n;
            }
        } catch (IOException | BufferLimitExceededException e) {
            chunk.close();
            slot.chunk = null;
            synchronized (lock) {
                pushFree(slot);
            }
            channel.grant(keep);
            storageFailed(channel, kind, e);
            return;
        }
        slot.kind = kind;
        slot.windowBytes = keep;
        synchronized (lock) {
            if (released) {
                chunk.close();
                slot.chunk = null;
                return;
            }
            if (ringCount == ring.length) {
                growRing();
            }
            ring[(ringHead + ringCount) & (ring.length - 1)] = slot;
            ringCount++;
        }
        LockSupport.unpark(consumer);
    }

    @Override
    protected void closed(CaptureChannel channel) {
        channelClosed = true;
        LockSupport.unpark(consumer);
    }

    /**
     * Calls the listener for each event until the channel has closed and everything was delivered, or until
     * {@code deadlineNanos} (a {@link System#nanoTime()} value; {@code Durations.NO_DEADLINE} for none). The
     * deadline and an interrupt are checked before every call, so a slow listener with output queued cannot hold
     * the command past either: what is still queued then goes back with the buffers.
     *
     * @return {@code true} if all output was delivered and the channel closed, {@code false} on the deadline
     * @throws SshCommandException if the listener threw, anything (the command has been terminated; see
     *                             {@link UserCodeGuard})
     * @throws InterruptedException if the consumer thread was interrupted
     */
    public boolean dispatch(CaptureChannel channel, OutputListener listener, long deadlineNanos)
            throws SshCommandException, InterruptedException {
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long left = Durations.nanosLeft(deadlineNanos);
            if (left <= 0) {
                return false;
            }
            Slot slot = poll();
            if (slot != null) {
                deliver(channel, listener, slot);
                continue;
            }
            if (channelClosed) {
                slot = poll(); // onClosed follows the last offer on the reader thread
                if (slot == null) {
                    return true;
                }
                deliver(channel, listener, slot);
                continue;
            }
            LockSupport.parkNanos(this, Math.min(left, 100_000_000L));
        }
    }

    private Slot poll() {
        synchronized (lock) {
            if (ringCount == 0) {
                return null;
            }
            Slot slot = ring[ringHead];
            ring[ringHead] = null;
            ringHead = (ringHead + 1) & (ring.length - 1);
            ringCount--;
            return slot;
        }
    }

    private void deliver(CaptureChannel channel, OutputListener listener, Slot slot) throws SshCommandException {
        view.slot = slot;
        view.stream = slot.chunk;
        try {
            listener.onOutput(view);
        } catch (Throwable t) { // the caller's code: see UserCodeGuard
            SshCommandException failure = UserCodeGuard.commandFailed(command, "the output listener", t);
            terminate(channel, failure);
            throw failure;
        } finally {
            view.slot = null;
            view.stream = null;
            int windowBytes = slot.windowBytes;
            if (slot.chunk != null) {
                slot.chunk.reset();
            }
            synchronized (lock) {
                pushFree(slot);
            }
            channel.grant(windowBytes);
        }
    }

    private void pushFree(Slot slot) {
        if (freeCount == free.length) {
            Slot[] bigger = new Slot[free.length * 2];
            System.arraycopy(free, 0, bigger, 0, freeCount);
            free = bigger;
        }
        free[freeCount++] = slot;
    }

    private void growRing() {
        Slot[] bigger = new Slot[ring.length * 2];
        for (int i = 0; i < ringCount; i++) {
            bigger[i] = ring[(ringHead + i) & (ring.length - 1)];
        }
        ring = bigger;
        ringHead = 0;
    }

    /** Last owner: no thread delivers or receives any more. */
    @Override
    protected void releaseBuffers() {
        synchronized (lock) {
            released = true;
            while (ringCount > 0) {
                Slot slot = ring[ringHead];
                ring[ringHead] = null;
                ringHead = (ringHead + 1) & (ring.length - 1);
                ringCount--;
                pushFree(slot);
            }
            for (int i = 0; i < freeCount; i++) {
                if (free[i].chunk != null) {
                    free[i].chunk.close();
                    free[i].chunk = null;
                }
                free[i] = null;
            }
            freeCount = 0;
        }
    }

    /** The one event object handed to the listener; valid only during the call, on the consumer thread. */
    private final class View implements OutputEvent {
        // written and read on the consumer thread only
        Slot slot;
        RecyclableOutputStream stream;

        private RecyclableOutputStream stream() {
            if (stream == null || Thread.currentThread() != consumer) {
                throw new IllegalStateException("an OutputEvent is valid only during its onOutput call, "
                        + "on the calling thread; retain() it to keep the bytes");
            }
            return stream;
        }

        private Slot slot() {
            stream();
            return slot;
        }

        @Override
        public OutputKind kind() {
            return slot().kind;
        }

        @Override
        public int size() {
            return stream().size();
        }

        @Override
        public void forEachSegment(SegmentVisitor visitor) throws IOException {
            stream().forEachSegment(visitor);
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            stream().writeTo(out);
        }

        @Override
        public String toString(Charset charset) {
            return stream().toString(charset);
        }

        @Override
        public RecyclableOutputStream retain() {
            RecyclableOutputStream s = stream();
            Slot owner = slot;
            if (owner.chunk != s) {
                throw new IllegalStateException("this OutputEvent was already retained");
            }
            owner.chunk = null; // the caller owns it now; the slot takes a new stream when next filled
            return s;
        }

        @Override
        public String toString() {
            Slot s = slot;
            return s == null ? "OutputEvent(expired)" : "OutputEvent(" + s.kind + ", " + stream.size() + " bytes)";
        }
    }
}
