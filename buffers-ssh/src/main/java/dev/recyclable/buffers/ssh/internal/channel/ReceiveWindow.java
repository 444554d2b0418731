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
package dev.recyclable.buffers.ssh.internal.channel;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Our receive window of one channel, as the server sees it: what the server may still send, and the consumed
 * bytes not yet granted back. Output is counted against it on the reader thread as it arrives ({@link #consume});
 * whoever consumes the output {@link #release releases} it from any thread; grants go back to the server a quarter
 * of the window at a time ({@link #grantDue}, {@link #takeGrant}), so few adjustment packets are sent, yet the
 * server never runs dry while we consume. Lock-free; the channel serializes the sending of grants.
 */
final class ReceiveWindow {

    private final long size;
    private final long grantThreshold;
    /** Bytes the server may still send before it needs a window adjustment. */
    private final AtomicLong available;
    /** Consumed bytes not yet returned to the server's view of our window. */
    private final AtomicLong pending = new AtomicLong();

    /** @param size in bytes, below 2^32 (a uint32 on the wire) */
    ReceiveWindow(long size) {
        if (size < 1 || size > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("windowSize must be in [1, 2^32): " + size);
        }
        this.size = size;
        this.grantThreshold = Math.max(1, size / 4);
        this.available = new AtomicLong(size);
    }

    /** The whole window, as announced in the channel open. */
    long size() {
        return size;
    }

    /** Bytes the server may still send before it waits for us. */
    long available() {
        return available.get();
    }

    /** Counts {@code length} received bytes; false if the server sent more than the window allowed. */
    boolean consume(int length) {
        return available.addAndGet(-length) >= 0;
    }

    /** Marks {@code bytes} of received output consumed: they may be granted back. */
    void release(long bytes) {
        pending.addAndGet(bytes);
    }

    /** Whether enough is released to be worth a window adjustment. */
    boolean grantDue() {
        return pending.get() >= grantThreshold;
    }

    /**
     * Takes everything released, for one window adjustment, and counts it as available again first: the server
     * can only use the grant after it receives it.
     */
    long takeGrant() {
        long grant = pending.getAndSet(0);
        available.addAndGet(grant);
        return grant;
    }

    /** Forgets what was released: once the channel is closing no window matters. */
    void dropReleased() {
        pending.set(0);
    }
}
