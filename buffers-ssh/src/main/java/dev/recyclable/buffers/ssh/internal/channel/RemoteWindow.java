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

import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.connection.ConnectionException;

/**
 * The server's receive window of one channel and its largest packet: how much stdin we may send, and in what
 * pieces. Set and widened by the server's messages on the reader thread; waited for and used up by the one thread
 * that writes stdin; {@link #stop stopped} when the channel stops taking stdin (our EOF or CLOSE sent, or the
 * channel finished), which ends any wait at once.
 */
final class RemoteWindow {

    /** The same ceiling sshj applies: a server may not make us send bigger packets than this. */
    private static final int MAX_PACKET_CEILING = 1024 * 1024;

    private long size; // guarded by this
    private boolean stopped; // guarded by this
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

    /** No more stdin goes out on this channel: a waiting writer returns at once, and every later take too. */
    synchronized void stop() {
        stopped = true;
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
     * @param waitNanos the longest to wait for window at a time ({@code Durations.UNLIMITED}: until the server
     *                  grants some, the channel stops or the thread is interrupted)
     * @return the packet's size, or 0 once the channel has {@link #stop stopped} taking stdin
     * @throws ConnectionException if {@code waitNanos} pass without window, or the thread is interrupted (its
     *                             interrupt flag is set again)
     */
    int take(int wanted, long waitNanos, int id) throws ConnectionException {
        long deadline = Durations.deadline(waitNanos);
        synchronized (this) {
            while (size <= 0 && !stopped) {
                long left = Durations.nanosLeft(deadline);
                if (left <= 0) {
                    throw new ConnectionException("server granted no stdin window on channel #" + id + " within "
                            + TimeUnit.NANOSECONDS.toMillis(waitNanos) + " ms");
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left); // expand() and stop() notify
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ConnectionException("interrupted writing stdin on channel #" + id, e);
                }
            }
            if (stopped) {
                return 0;
            }
            int n = (int) Math.min(Math.min(wanted, size), maxPacket);
            size -= n;
            return n;
        }
    }
}
