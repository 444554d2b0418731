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

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.connection.ConnectionException;

/**
 * The server's receive window of one channel and its largest packet: how much stdin we may send, and in what
 * pieces. Set and widened by the server's messages on the reader thread; waited for and used up by the one thread
 * that writes stdin.
 */
final class RemoteWindow {

    /** The same ceiling sshj applies: a server may not make us send bigger packets than this. */
    private static final int MAX_PACKET_CEILING = 1024 * 1024;

    private long size; // guarded by this
    private volatile int maxPacket;

    /** The window and packet size the server announced in its open confirmation. */
    synchronized void opened(long initialSize, long serverMaxPacket) {
        maxPacket = (int) Math.min(serverMaxPacket, MAX_PACKET_CEILING);
        size = initialSize;
    }

    /** The server granted {@code more} bytes ({@code CHANNEL_WINDOW_ADJUST}). */
    synchronized void expand(long more) {
        size += more;
        notifyAll();
    }

    /** Wakes a waiting writer, to see that the channel closed. */
    synchronized void wakeWriter() {
        notifyAll();
    }

    synchronized long size() {
        return size;
    }

    int maxPacket() {
        return maxPacket;
    }

    /**
     * Waits until the server grants window, then uses up and returns the size of the next stdin packet: at most
     * {@code wanted} bytes, the window and the server's packet size.
     *
     * @param timeoutMs how long to wait for window (0: the longest a {@code long} of nanoseconds allows)
     * @param closed    completes when the channel closes: then no window will come
     * @throws ConnectionException if the channel closes, the wait times out or the thread is interrupted
     */
    int take(int wanted, long timeoutMs, CompletableFuture<Void> closed, int id) throws ConnectionException {
        long waitMs = timeoutMs > 0 ? timeoutMs : Long.MAX_VALUE / 2_000_000;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
        synchronized (this) {
            while (size <= 0) {
                if (closed.isDone()) {
                    throw new ConnectionException("channel #" + id + " closed while writing stdin");
                }
                long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (leftMs <= 0) {
                    throw new ConnectionException(
                            "server granted no stdin window on channel #" + id + " within " + waitMs + " ms");
                }
                try {
                    wait(Math.min(leftMs, 100));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ConnectionException("interrupted writing stdin on channel #" + id, e);
                }
            }
            int n = (int) Math.min(Math.min(wanted, size), maxPacket);
            size -= n;
            return n;
        }
    }
}
