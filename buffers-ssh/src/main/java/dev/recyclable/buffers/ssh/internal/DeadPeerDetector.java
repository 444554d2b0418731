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

import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import net.schmizz.concurrent.Promise;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.connection.ConnectionException;
import net.schmizz.sshj.transport.TransportException;

/**
 * Keepalive and dead-peer detection for all connections from one shared daemon thread (plus a sender) (sshj's own keepalive
 * costs a thread per connection). Every interval each watched connection sends OpenSSH's
 * {@code keepalive@openssh.com} global request, which any server answers (with success or failure); when
 * {@code maxUnanswered} intervals pass without an answer, the connection is declared dead: sshj's transport dies
 * with a "connection lost" error, which fails every command on it and releases their buffers.
 *
 * <p>Why two threads: a send can block when the socket's send buffer is full (a frozen server while we upload),
 * and must not stall the checks of every other connection. Checks and the kill run on the scheduler thread;
 * sends on a sender thread, at most one outstanding per connection (a send still blocked counts as unanswered).
 * Killing never writes: it closes the socket, which also unblocks a stuck sender.
 */
public final class DeadPeerDetector {

    private static final ScheduledThreadPoolExecutor TICKS = ticks();
    /** Cached: normally one thread does every send; a send blocked on one socket never delays the others. */
    private static final ExecutorService SENDS = new ThreadPoolExecutor(
            0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), daemon("ssh-keepalive-send"));

    private DeadPeerDetector() {}

    /**
     * Watches {@code client} until it disconnects or the returned handle is cancelled.
     *
     * @param interval      how often to probe (and the resolution of detection)
     * @param maxUnanswered probes in a row without an answer after which the connection is dead
     * @param where         {@code host:port}, for the error
     */
    public static ScheduledFuture<?> watch(SSHClient client, Duration interval, int maxUnanswered, String where) {
        Probe probe = new Probe(client, interval, maxUnanswered, where);
        long nanos = Durations.toNanos(interval);
        ScheduledFuture<?> f = TICKS.scheduleWithFixedDelay(probe, nanos, nanos, TimeUnit.NANOSECONDS);
        probe.self = f;
        return f;
    }

    private static final class Probe implements Runnable {
        private final SSHClient client;
        private final long nanos;
        private final int maxUnanswered;
        private final String where;
        private final AtomicBoolean sending = new AtomicBoolean();
        volatile ScheduledFuture<?> self;
        private volatile Promise<SSHPacket, ConnectionException> pending;
        private int unanswered; // on the tick thread only

        Probe(SSHClient client, Duration interval, int maxUnanswered, String where) {
            this.client = client;
            this.nanos = Durations.toNanos(interval);
            this.maxUnanswered = maxUnanswered;
            this.where = where;
        }

        @Override
        public void run() {
            if (!client.getTransport().isRunning()) {
                cancel();
                return;
            }
            Promise<SSHPacket, ConnectionException> p = pending;
            if (sending.get() || (p != null && !p.isFulfilled())) {
                if (++unanswered >= maxUnanswered) {
                    cancel();
                    client.getTransport()
                            .die(new TransportException("no answer from " + where + " to "
                                    + unanswered + " keepalives in a row (every " + nanos / 1_000_000
                                    + " ms): connection "
                                    + "lost (server frozen, dead or unreachable)"));
                }
                return;
            }
            unanswered = 0;
            sending.set(true);
            SENDS.execute(() -> {
                try {
                    pending = client.getConnection().sendGlobalRequest("keepalive@openssh.com", true, new byte[0]);
                } catch (TransportException | RuntimeException e) {
                    // the transport is dying; the next tick sees it
                } finally {
                    sending.set(false);
                }
            });
        }

        private void cancel() {
            ScheduledFuture<?> f = self;
            if (f != null) {
                f.cancel(false);
            }
        }
    }

    private static ScheduledThreadPoolExecutor ticks() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, daemon("ssh-keepalive"));
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
