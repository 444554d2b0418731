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
package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.CommandResult;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.CommandTimeoutException;
import dev.recyclable.buffers.ssh.internal.CapturingSink;
import dev.recyclable.buffers.ssh.internal.Connector;
import dev.recyclable.buffers.ssh.internal.SshErrors;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.OpenFailException;

/**
 * The executor's state machine. (Over 500 lines on purpose: what is left here is one set of books, the hosts, their
 * connections, the idle set, the hosts waiting for room and the count in flight, that every event reads and changes
 * together on the dispatch thread; split in two, each half would need the other's invariants. The steps that run on
 * other threads live in {@link CommandLauncher} and {@link DispatchThread}.)
 *
 * <p>Every field and method without a note runs on the single dispatch thread, so
 * the bookkeeping needs no locks; the steps that may block (connect, sending a channel open) run on the small
 * connector and launcher pools and report back by posting to the dispatch thread. Waiting for a command to end costs no
 * thread at all: its channel's close completes a future on sshj's reader thread, which posts the result here.
 *
 * <p>Cost per event is independent of the fleet size: an event touches only the host it concerns (at most
 * {@code maxConnectionsPerHost} connections), plus the head of the idle-connection set and of the queue of hosts
 * waiting for room under {@code maxOpenConnections}. Nothing scans all hosts, all runs' targets or all connections.
 * State exists only for what is in flight: a host's {@link HostPool} is dropped once it has no connection and no
 * waiting task, a task exists from admission to delivery, and a connection whose host has nothing queued is closed
 * at once unless it fits in the small set of idle connections kept for reuse ({@code maxIdleConnections}).
 */
final class Scheduler {

    private final FanoutExecutor.Settings settings;
    private final DispatchThread dispatch;
    private final ExecutorService launchers;
    private final ExecutorService connectors;
    private final Connector connector;
    private final CommandLauncher launcher;

    /** Runs whose targets are not all admitted yet, in submission order (first come, first admitted). */
    private final List<FanoutRun> pendingRuns = new ArrayList<>();
    /** Hosts with a connection (open or opening) or a waiting task; a host is dropped as soon as it has neither. */
    private final Map<FanoutTarget.HostKey, HostPool> hosts = new HashMap<>();
    /** Idle connections kept for reuse, oldest first (insertion order: a connection is added when it goes idle). */
    private final Set<PooledConnection> idle = new LinkedHashSet<>();
    /** Hosts that need a connection but found no room under {@code maxOpenConnections}: served as room frees up. */
    private final ArrayDeque<HostPool> budgetWaiters = new ArrayDeque<>();

    private final Set<FanoutRun> activeRuns = new LinkedHashSet<>();
    private int inFlight;
    private boolean shutdown;
    private boolean servingBudgetWaiters;

    // read from any thread (stats)
    private final AtomicInteger openConnections = new AtomicInteger();
    private final AtomicLong connectionsOpened = new AtomicLong();
    private final AtomicInteger channelsInUse = new AtomicInteger();
    private final AtomicLong openRefusals = new AtomicLong();
    private volatile int peakChannelsPerConnection;
    private volatile int peakConnectionsPerHost;
    private volatile int peakHandshakesPerHost;

    Scheduler(
            FanoutExecutor.Settings settings,
            ScheduledExecutorService dispatch,
            ExecutorService launchers,
            ExecutorService connectors) {
        this.settings = settings;
        this.dispatch = new DispatchThread(dispatch);
        this.launchers = launchers;
        this.connectors = connectors;
        this.connector = new Connector(settings.config(), settings.connectTimeout(), settings.replyTimeout());
        this.launcher = new CommandLauncher(settings, launchers, this.dispatch, new CommandLauncher.Events() {
            @Override
            public void started(CommandTask t) {
                Scheduler.this.started(t);
            }

            @Override
            public void ended(CommandTask t, Throwable startFailure, CapturingSink sink) {
                Scheduler.this.ended(t, startFailure, sink);
            }
        });
        long sweepMs = Math.max(50, Durations.toNanos(settings.idleTimeout()) / 2_000_000);
        this.dispatch.scheduleWithFixedDelay(this::closeIdleConnections, sweepMs);
    }

    // ------------------------------------------------------------------ entry points (any thread)

    void submit(FanoutRun run) {
        dispatch.post(() -> {
            if (shutdown) {
                run.cancel();
                drainCancelled(run);
                return;
            }
            activeRuns.add(run);
            run.finished().whenComplete((r, e) -> dispatch.post(() -> activeRuns.remove(run)));
            pendingRuns.add(run);
            afterEvent();
        });
    }

    void cancel(FanoutRun run) {
        dispatch.post(() -> cancelNow(run, "run cancelled"));
    }

    /** The consumer of a streamed run took results: it may read more targets. */
    void resume(FanoutRun run) {
        dispatch.post(this::afterEvent);
    }

    /** Cancels every run and closes every connection; in-flight channels then fail as their connections close. */
    void shutdown() {
        dispatch.post(() -> {
            shutdown = true;
            for (FanoutRun run : new ArrayList<>(activeRuns)) {
                run.cancel();
                cancelNow(run, "executor closed");
            }
            for (HostPool h : new ArrayList<>(hosts.values())) {
                for (PooledConnection c : new ArrayList<>(h.connections)) {
                    if (c.state == PooledConnection.State.READY) {
                        closeConnection(c);
                    }
                }
            }
        });
    }

    /** Dispatch thread only (or after it stopped). */
    boolean hasActiveRuns() {
        return !activeRuns.isEmpty();
    }

    ConnectionStats stats() {
        return new ConnectionStats(
                openConnections.get(),
                connectionsOpened.get(),
                channelsInUse.get(),
                openRefusals.get(),
                peakChannelsPerConnection,
                peakConnectionsPerHost,
                peakHandshakesPerHost);
    }

    // ------------------------------------------------------------------ scheduling

    /** Every event ends here: room freed by the event goes to hosts waiting for a connection, then to new targets. */
    private void afterEvent() {
        serveBudgetWaiters();
        admit();
    }

    /**
     * Admits targets up to {@code maxInFlight}, reading each run's source only as far as that (a streamed run also
     * stops while {@code maxInFlight} of its results wait for its consumer). Costs O(targets admitted).
     */
    private void admit() {
        for (int i = 0; i < pendingRuns.size(); ) {
            FanoutRun run = pendingRuns.get(i);
            if (run.isCancelled()) {
                drainCancelled(run);
                pendingRuns.remove(i);
                continue;
            }
            boolean exhausted = false;
            while (inFlight < settings.maxInFlight() && !run.mustWaitForConsumer(settings.maxInFlight())) {
                CommandTask t = run.next();
                if (t == null) {
                    exhausted = true;
                    break;
                }
                if (t.command == null) {
                    fail(t, FailureKind.COMMAND_REFUSED, "no command: neither the target nor the run has one", null);
                    continue;
                }
                t.admitted = true;
                inFlight++;
                run.unfinished().add(t);
                HostPool h = hosts.computeIfAbsent(t.target.hostKey(), HostPool::new);
                h.waiters.add(t);
                settle(h);
            }
            if (exhausted) {
                pendingRuns.remove(i);
            } else if (inFlight >= settings.maxInFlight()) {
                return;
            } else {
                i++; // waits for its consumer: later runs may go ahead
            }
        }
    }

    /** A cancelled run's targets not yet admitted: a listed run reports each as cancelled, a stream is not read on. */
    private void drainCancelled(FanoutRun run) {
        run.abandonSource(t -> fail(t, FailureKind.CANCELLED, "run cancelled before the command started", null));
    }

    /**
     * Brings one host up to date after anything changed there: waiting tasks get free channels or new connections;
     * with nothing waiting, its unused connections are kept idle (within {@code maxIdleConnections}) or closed;
     * with nothing at all, the host is forgotten. O(connections of the host).
     */
    private void settle(HostPool h) {
        while (!h.waiters.isEmpty()) {
            PooledConnection c = h.freeConnection();
            if (c == null) {
                break;
            }
            assign(h.waiters.poll(), c);
        }
        if (!h.waiters.isEmpty()) {
            openMore(h);
        } else {
            for (int i = h.connections.size() - 1; i >= 0; i--) {
                PooledConnection c = h.connections.get(i);
                if (c.state == PooledConnection.State.READY && c.active == 0 && !c.keptIdle) {
                    keepIdleOrClose(c);
                }
            }
        }
        if (h.isUnused()) {
            hosts.remove(h.key, h);
        }
    }

    /**
     * Its host has nothing queued: the connection stays open for a later run only if there is room in the idle set
     * and no other host is waiting for room under {@code maxOpenConnections}; otherwise it closes now, and its
     * sshj reader thread ends with it.
     */
    private void keepIdleOrClose(PooledConnection c) {
        c.idleSinceNanos = System.nanoTime();
        if (!shutdown && idle.size() < settings.maxIdleConnections() && budgetWaiters.isEmpty()) {
            c.keptIdle = true;
            idle.add(c);
        } else {
            closeConnection(c);
        }
    }

    /** Opens connections in parallel for the tasks that no open or opening connection can take. */
    private void openMore(HostPool h) {
        if (System.nanoTime() - h.noConnectBeforeNanos < 0) {
            scheduleRetry(h);
            return;
        }
        int coming = h.opening * settings.sessionsPerConnection();
        while (h.waiters.size() > coming
                && h.connections.size() < settings.maxConnectionsPerHost()
                && h.opening < settings.maxHandshakesPerHost()) {
            if (openConnections.get() >= settings.maxOpenConnections() && !evictOneIdleConnection()) {
                if (!h.awaitingConnectionBudget) {
                    h.awaitingConnectionBudget = true;
                    budgetWaiters.add(h);
                }
                return;
            }
            open(h);
            coming += settings.sessionsPerConnection();
        }
    }

    /** Gives room freed under {@code maxOpenConnections} to the hosts waiting for it, in the order they asked. */
    private void serveBudgetWaiters() {
        if (servingBudgetWaiters) {
            return;
        }
        servingBudgetWaiters = true;
        try {
            while (!budgetWaiters.isEmpty()
                    && (openConnections.get() < settings.maxOpenConnections() || !idle.isEmpty())) {
                HostPool h = budgetWaiters.poll();
                h.awaitingConnectionBudget = false;
                if (hosts.get(h.key) == h) {
                    settle(h);
                }
            }
        } finally {
            servingBudgetWaiters = false;
        }
    }

    private void scheduleRetry(HostPool h) {
        if (h.retryScheduled) {
            return;
        }
        h.retryScheduled = true;
        long delayNanos = Math.max(0, h.noConnectBeforeNanos - System.nanoTime());
        dispatch.schedule(
                () -> {
                    h.retryScheduled = false;
                    if (hosts.get(h.key) == h) {
                        settle(h);
                    }
                    afterEvent();
                },
                TimeUnit.NANOSECONDS.toMillis(delayNanos) + 1);
    }

    private void open(HostPool h) {
        PooledConnection c = new PooledConnection(h, settings.sessionsPerConnection());
        h.connections.add(c);
        h.opening++;
        openConnections.incrementAndGet();
        peakConnectionsPerHost = Math.max(peakConnectionsPerHost, h.connections.size());
        peakHandshakesPerHost = Math.max(peakHandshakesPerHost, h.opening);
        DispatchThread.execute(
                connectors,
                () -> {
                    try {
                        SSHClient client = connector.connect(
                                h.key.host(),
                                h.key.port(),
                                h.key.hostKeys(),
                                h.key.credentials(),
                                (reason, message) -> dispatch.post(() -> connectionDied(c)));
                        dispatch.post(() -> connected(c, client), () -> Connector.closeQuietly(client));
                    } catch (Throwable e) { // an Error too (the host-key check's): the host's books must hear of it
                        dispatch.post(() -> connectFailed(c, e));
                    }
                },
                () -> connectFailed(c, new IOException("executor closed")));
    }

    private void connected(PooledConnection c, SSHClient client) {
        HostPool h = c.host;
        h.opening--;
        if (shutdown || !client.isConnected()) {
            c.state = PooledConnection.State.DEAD;
            h.connections.remove(c);
            openConnections.decrementAndGet();
            disconnect(client);
            if (!shutdown) {
                failWaitersIfHopeless(h, FailureKind.CONNECTION_LOST, "connection dropped right after login");
            }
        } else {
            c.client = client;
            // a frozen host answers nothing, not even TCP resets: only keepalives end its targets
            c.keepAlive = settings.keepAlive().watch(client, SshErrors.where(h.key.host(), h.key.port()));
            c.state = PooledConnection.State.READY;
            h.ready++;
            c.idleSinceNanos = System.nanoTime();
            connectionsOpened.incrementAndGet();
        }
        settle(h);
        afterEvent();
    }

    private void connectFailed(PooledConnection c, Throwable e) {
        HostPool h = c.host;
        h.opening--;
        c.state = PooledConnection.State.DEAD;
        h.connections.remove(c);
        openConnections.decrementAndGet();
        Failures.Classified why = Failures.ofConnect(e, h.key);
        FanoutExecutor.LOG.log(System.Logger.Level.DEBUG, () -> "connect to " + h.key + " failed: " + why.reason());
        if (!failWaitersIfHopeless(h, why.kind(), why.reason())) {
            // other connections serve this host: try another connect only after a pause
            h.noConnectBeforeNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        }
        settle(h);
        afterEvent();
    }

    /** With no connection open or opening, nothing will ever serve the host's waiters: they fail with the reason. */
    private boolean failWaitersIfHopeless(HostPool h, FailureKind kind, String reason) {
        if (h.ready > 0 || h.opening > 0) {
            return false;
        }
        CommandTask t;
        while ((t = h.waiters.poll()) != null) {
            fail(t, kind, reason, null);
        }
        return true;
    }

    private void connectionDied(PooledConnection c) {
        if (c.state != PooledConnection.State.READY) {
            return; // still opening (the connector reports it) or already closed by us
        }
        FanoutExecutor.LOG.log(System.Logger.Level.DEBUG, () -> c + " died");
        forget(c);
        settle(c.host);
        afterEvent();
    }

    /** Closes the connection now (its sshj client and reader thread go on a launcher, which never waits long). */
    private void closeConnection(PooledConnection c) {
        forget(c);
        disconnect(c.client);
    }

    /** A READY connection leaves the books: DEAD, out of its host and the idle set, room under the budget. */
    private void forget(PooledConnection c) {
        c.state = PooledConnection.State.DEAD;
        if (c.keepAlive != null) {
            c.keepAlive.cancel(false);
            c.keepAlive = null;
        }
        c.host.connections.remove(c);
        c.host.ready--;
        if (c.keptIdle) {
            c.keptIdle = false;
            idle.remove(c);
        }
        openConnections.decrementAndGet();
    }

    private void disconnect(SSHClient client) {
        DispatchThread.execute(launchers, () -> Connector.closeQuietly(client), () -> Connector.closeQuietly(client));
    }

    /** Closes the longest-idle kept connection to make room under {@code maxOpenConnections}. O(1). */
    private boolean evictOneIdleConnection() {
        Iterator<PooledConnection> it = idle.iterator();
        if (!it.hasNext()) {
            return false;
        }
        PooledConnection oldest = it.next();
        closeConnection(oldest);
        if (oldest.host.isUnused()) {
            hosts.remove(oldest.host.key, oldest.host);
        }
        return true;
    }

    /** Periodic: closes kept connections idle for {@code idleTimeout}, oldest first; stops at the first younger one. */
    private void closeIdleConnections() {
        long now = System.nanoTime();
        long idleNanos = Durations.toNanos(settings.idleTimeout()); // UNLIMITED: kept until the executor closes
        for (Iterator<PooledConnection> it = idle.iterator(); it.hasNext(); ) {
            PooledConnection c = it.next();
            if (now - c.idleSinceNanos < idleNanos) {
                break;
            }
            it.remove();
            c.keptIdle = false;
            closeConnection(c);
            if (c.host.isUnused()) {
                hosts.remove(c.host.key, c.host);
            }
        }
        afterEvent();
    }

    // ------------------------------------------------------------------ one command

    private void assign(CommandTask t, PooledConnection c) {
        if (c.keptIdle) {
            c.keptIdle = false;
            idle.remove(c);
        }
        c.active++;
        t.syncMark = c.active + c.unsyncedCloses() > c.capacity ? c.closes : -1;
        channelsInUse.incrementAndGet();
        peakChannelsPerConnection = Math.max(peakChannelsPerConnection, c.active);
        t.connection = c;
        t.attempts++;
        launcher.launch(t, c, t.syncMark);
    }

    private void started(CommandTask t) {
        if (t.finished) {
            return; // the channel closed before this notice arrived; ended() already counted it as not started
        }
        t.started = true;
        t.run.markStarted();
        PipelinedStart start = t.start;
        if (t.run.isCancelled()) {
            start.cancel(new CommandCancelledException(t.command, "run cancelled"));
        } else if (t.run.options().hasTimeout()
                && !Durations.isUnlimited(t.run.options().timeout())) {
            CommandOptions options = t.run.options();
            t.timeout = dispatch.scheduleCancellable(
                    () -> start.cancel(new CommandTimeoutException(t.command, options.timeout())),
                    Durations.toNanos(options.timeout()),
                    TimeUnit.NANOSECONDS);
        }
    }

    /** The channel is closed (or never opened): frees its slot and delivers, retries, or fails the task. */
    private void ended(CommandTask t, Throwable startFailure, CapturingSink sink) {
        PooledConnection c = t.connection;
        c.active--;
        if (sink != null) {
            c.closes++;
        }
        channelsInUse.decrementAndGet();
        if (c.active == 0) {
            c.idleSinceNanos = System.nanoTime();
        }
        if (t.timeout != null) {
            t.timeout.cancel(false);
        }
        HostPool retryAt = null;
        try {
            if (startFailure instanceof OpenFailException refused) {
                openRefusals.incrementAndGet();
                // The server's MaxSessions is lower than we assumed: never ask this connection for more again.
                c.capacity = Math.max(1, Math.min(c.capacity, c.active));
                if (sink != null) {
                    sink.abandon();
                }
                if (t.attempts < settings.maxOpenAttempts() && !t.run.isCancelled()) {
                    retryAt = requeue(t);
                } else {
                    fail(
                            t,
                            FailureKind.CHANNEL_OPEN_REFUSED,
                            "server refused a channel " + t.attempts + " times (MaxSessions?): " + refused.getMessage(),
                            null);
                }
                return;
            }
            CommandStatus status = sink != null ? sink.status() : null;
            Throwable error = startFailure != null ? startFailure : sink != null ? sink.outcome() : null;
            if (error == null && status != null) {
                TargetOutcome outcome = new TargetOutcome(t.index, t.target, status, null, null, t.attempts);
                finish(t, new TargetResult(outcome, new CommandResult(status, sink.stdout(), sink.stderr())));
                return;
            }
            if (sink != null) {
                sink.abandon();
            }
            boolean alive = c.state == PooledConnection.State.READY && c.client.isConnected();
            if (!t.execSent() && !alive && !t.run.isCancelled() && t.attempts < settings.maxOpenAttempts()) {
                // The connection died before the command was sent: it cannot have run, so try another connection.
                retryAt = requeue(t);
                return;
            }
            if (error == null) {
                error = new IOException("channel closed without a status");
            }
            Failures.Classified why = t.run.isCancelled() && !(error instanceof CommandTimeoutException)
                    ? new Failures.Classified(FailureKind.CANCELLED, "run cancelled: " + error.getMessage())
                    : Failures.ofCommand(error, t.execSent(), alive);
            fail(t, why.kind(), why.reason(), status);
        } finally {
            boolean live = c.state == PooledConnection.State.READY;
            if (live) {
                settle(c.host); // the freed slot: another waiter, or idle/close when nothing is queued
            }
            if (retryAt != null && (retryAt != c.host || !live)) {
                settle(retryAt);
            }
            afterEvent();
        }
    }

    /**
     * Puts a task whose channel never ran back at the head of its host's queue. The connection's host pool may have
     * been dropped meanwhile (the connection died): the task then goes to the host's current pool.
     */
    private HostPool requeue(CommandTask t) {
        t.connection = null;
        t.release();
        HostPool h = hosts.computeIfAbsent(t.target.hostKey(), HostPool::new);
        h.waiters.addFirst(t);
        return h;
    }

    private void cancelNow(FanoutRun run, String why) {
        // Only the run's unfinished tasks: O(in flight), whatever the number of targets.
        for (CommandTask t = run.unfinished().first(), next; t != null; t = next) {
            next = t.nextUnfinished;
            if (t.connection == null) { // waiting at its host for a channel or a connection
                HostPool h = hosts.get(t.target.hostKey());
                if (h != null && h.waiters.remove(t)) {
                    fail(t, FailureKind.CANCELLED, why + " before the command started", null);
                    settle(h);
                }
            } else {
                // A task still between open and exec on a launcher sees the cancelled flag itself.
                PipelinedStart start = t.start;
                if (start != null) {
                    start.cancel(new CommandCancelledException(t.command, why));
                }
            }
        }
        afterEvent(); // drains the run's targets not yet admitted
    }

    private void fail(CommandTask t, FailureKind kind, String reason, CommandStatus status) {
        TargetOutcome outcome = new TargetOutcome(t.index, t.target, status, kind, reason, t.attempts);
        finish(t, new TargetResult(outcome, null));
    }

    private void finish(CommandTask t, TargetResult result) {
        if (t.finished) {
            result.close();
            return;
        }
        t.finished = true;
        if (t.admitted) {
            inFlight--;
            t.run.unfinished().remove(t);
        }
        t.release();
        t.run.deliver(t, result);
    }
}
