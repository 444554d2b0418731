package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.CommandTimeoutException;
import dev.recyclable.buffers.ssh.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.CapturingSink;
import dev.recyclable.buffers.ssh.internal.Connector;
import dev.recyclable.buffers.ssh.internal.StdinPump;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.OpenFailException;

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
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The executor's state machine. Every field and method without a note runs on the single dispatch thread, so
 * the bookkeeping needs no locks; the steps that may block (connect, sending a channel open) run on the small
 * connector and launcher pools and report back by posting to the dispatch thread. Waiting for a command to end costs no
 * thread at all: its channel's close completes a future on sshj's reader thread, which posts the result here.
 */
final class Scheduler {

    private final FanoutExecutor.Settings settings;
    private final BufferPool pool;
    private final ScheduledExecutorService dispatch;
    private final ExecutorService launchers;
    private final ExecutorService connectors;
    private final Connector connector;

    private final ArrayDeque<CommandTask> admission = new ArrayDeque<>();
    private final Map<FanoutTarget.HostKey, HostPool> hosts = new HashMap<>();
    /** Hosts with waiting tasks: re-examined on every event, since any freed slot or connection may serve them. */
    private final Set<HostPool> hungry = new LinkedHashSet<>();
    private final Set<FanoutRun> activeRuns = new LinkedHashSet<>();
    private int inFlight;
    private boolean shutdown;

    // read from any thread (stats)
    private final AtomicInteger openConnections = new AtomicInteger();
    private final AtomicLong connectionsOpened = new AtomicLong();
    private final AtomicInteger channelsInUse = new AtomicInteger();
    private final AtomicLong openRefusals = new AtomicLong();
    private volatile int peakChannelsPerConnection;
    private volatile int peakConnectionsPerHost;
    private volatile int peakHandshakesPerHost;

    Scheduler(FanoutExecutor.Settings settings, ScheduledExecutorService dispatch, ExecutorService launchers,
              ExecutorService connectors) {
        this.settings = settings;
        this.pool = settings.pool();
        this.dispatch = dispatch;
        this.launchers = launchers;
        this.connectors = connectors;
        this.connector = new Connector(settings.config(), settings.connectTimeout(), settings.replyTimeout());
        long sweepMs = Math.max(50, settings.idleTimeout().toMillis() / 2);
        dispatch.scheduleWithFixedDelay(this::closeIdleConnections, sweepMs, sweepMs, TimeUnit.MILLISECONDS);
    }

    // ------------------------------------------------------------------ entry points (any thread)

    void submit(FanoutRun run) {
        post(() -> {
            if (shutdown) {
                for (CommandTask t : run.tasks) {
                    fail(t, FailureKind.CANCELLED, "the executor is closed", null);
                }
                return;
            }
            activeRuns.add(run);
            run.completion().whenComplete((r, e) -> post(() -> activeRuns.remove(run)));
            admission.addAll(run.tasks);
            pump();
        });
    }

    void cancel(FanoutRun run) {
        post(() -> cancelNow(run, "run cancelled"));
    }

    /** Cancels every run and closes every connection; in-flight channels then fail as their connections close. */
    void shutdown() {
        post(() -> {
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
        return new ConnectionStats(openConnections.get(), connectionsOpened.get(), channelsInUse.get(),
                openRefusals.get(), peakChannelsPerConnection, peakConnectionsPerHost, peakHandshakesPerHost);
    }

    // ------------------------------------------------------------------ scheduling

    /** Admits tasks up to the concurrency bound and gives waiting tasks channels or new connections. */
    private void pump() {
        while (inFlight < settings.maxInFlight() && !admission.isEmpty()) {
            CommandTask t = admission.poll();
            if (t.run.isCancelled()) {
                fail(t, FailureKind.CANCELLED, "run cancelled before the command started", null);
                continue;
            }
            t.admitted = true;
            inFlight++;
            HostPool h = hosts.computeIfAbsent(t.target.hostKey(), HostPool::new);
            h.waiters.add(t);
            hungry.add(h);
        }
        for (Iterator<HostPool> it = hungry.iterator(); it.hasNext(); ) {
            HostPool h = it.next();
            serve(h);
            if (h.waiters.isEmpty()) {
                it.remove();
            }
        }
    }

    private void serve(HostPool h) {
        while (!h.waiters.isEmpty()) {
            PooledConnection c = h.freeConnection();
            if (c == null) {
                break;
            }
            assign(h.waiters.poll(), c);
        }
        if (!h.waiters.isEmpty()) {
            openMore(h);
        }
    }

    /** Opens connections in parallel for the tasks that no open or opening connection can take. */
    private void openMore(HostPool h) {
        if (System.nanoTime() - h.noConnectBeforeNanos < 0) {
            return;
        }
        int coming = h.opening * settings.sessionsPerConnection();
        while (h.waiters.size() > coming
                && h.connections.size() < settings.maxConnectionsPerHost()
                && h.opening < settings.maxHandshakesPerHost()) {
            if (openConnections.get() >= settings.maxOpenConnections() && !evictOneIdleConnection()) {
                return; // retried on the next event: a connection elsewhere closes or goes idle
            }
            open(h);
            coming += settings.sessionsPerConnection();
        }
    }

    private void open(HostPool h) {
        PooledConnection c = new PooledConnection(h, settings.sessionsPerConnection());
        h.connections.add(c);
        h.opening++;
        openConnections.incrementAndGet();
        peakConnectionsPerHost = Math.max(peakConnectionsPerHost, h.connections.size());
        peakHandshakesPerHost = Math.max(peakHandshakesPerHost, h.opening);
        execute(connectors, () -> {
            try {
                SSHClient client = connector.connect(h.key.host(), h.key.port(), h.key.hostKeys(),
                        h.key.credentials(), (reason, message) -> post(() -> connectionDied(c)));
                post(() -> connected(c, client), () -> Connector.closeQuietly(client));
            } catch (IOException | RuntimeException e) {
                post(() -> connectFailed(c, e));
            }
        }, () -> connectFailed(c, new IOException("executor closed")));
    }

    private void connected(PooledConnection c, SSHClient client) {
        HostPool h = c.host;
        h.opening--;
        if (shutdown || !client.isConnected()) {
            c.state = PooledConnection.State.DEAD;
            h.connections.remove(c);
            openConnections.decrementAndGet();
            execute(connectors, () -> Connector.closeQuietly(client), () -> Connector.closeQuietly(client));
            if (!shutdown) {
                failWaitersIfHopeless(h, FailureKind.CONNECTION_LOST, "connection dropped right after login");
            }
            pump();
            return;
        }
        c.client = client;
        c.state = PooledConnection.State.READY;
        c.idleSinceNanos = System.nanoTime();
        connectionsOpened.incrementAndGet();
        pump();
    }

    private void connectFailed(PooledConnection c, Throwable e) {
        HostPool h = c.host;
        h.opening--;
        c.state = PooledConnection.State.DEAD;
        h.connections.remove(c);
        openConnections.decrementAndGet();
        Failures.Classified why = Failures.ofConnect(e, h.key);
        FanoutExecutor.LOG.debug("connect to {} failed: {}", h.key, why.reason());
        if (!failWaitersIfHopeless(h, why.kind(), why.reason())) {
            // other connections serve this host: try another connect only after a pause
            h.noConnectBeforeNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            schedule(this::pump, 1_000);
        }
        pump();
    }

    /** With no connection open or opening, nothing will ever serve the host's waiters: they fail with the reason. */
    private boolean failWaitersIfHopeless(HostPool h, FailureKind kind, String reason) {
        if (h.readyConnections() > 0 || h.opening > 0) {
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
        FanoutExecutor.LOG.debug("{} died", c);
        c.state = PooledConnection.State.DEAD;
        c.host.connections.remove(c);
        openConnections.decrementAndGet();
        pump();
    }

    private void closeConnection(PooledConnection c) {
        c.state = PooledConnection.State.DEAD;
        c.host.connections.remove(c);
        openConnections.decrementAndGet();
        SSHClient client = c.client;
        execute(connectors, () -> Connector.closeQuietly(client), () -> Connector.closeQuietly(client));
    }

    private boolean evictOneIdleConnection() {
        PooledConnection oldest = null;
        for (HostPool h : hosts.values()) {
            for (PooledConnection c : h.connections) {
                if (c.state == PooledConnection.State.READY && c.active == 0
                        && (oldest == null || c.idleSinceNanos - oldest.idleSinceNanos < 0)) {
                    oldest = c;
                }
            }
        }
        if (oldest == null) {
            return false;
        }
        closeConnection(oldest);
        return true;
    }

    private void closeIdleConnections() {
        long now = System.nanoTime();
        long idleNanos = settings.idleTimeout().toNanos();
        for (Iterator<HostPool> it = hosts.values().iterator(); it.hasNext(); ) {
            HostPool h = it.next();
            for (PooledConnection c : new ArrayList<>(h.connections)) {
                if (c.state == PooledConnection.State.READY && c.active == 0 && now - c.idleSinceNanos >= idleNanos) {
                    closeConnection(c);
                }
            }
            if (h.isUnused() && h.opening == 0) {
                it.remove();
                hungry.remove(h);
            }
        }
    }

    // ------------------------------------------------------------------ one command

    private void assign(CommandTask t, PooledConnection c) {
        c.active++;
        t.syncMark = c.active + c.unsyncedCloses() > c.capacity ? c.closes : -1;
        channelsInUse.incrementAndGet();
        peakChannelsPerConnection = Math.max(peakChannelsPerConnection, c.active);
        t.connection = c;
        t.attempts++;
        SSHClient client = c.client;
        long syncMark = t.syncMark;
        execute(launchers, () -> launch(t, c, client, syncMark), () -> ended(t, new CommandCancelledException(t.command,
                "executor closed"), null));
    }

    /**
     * Launcher thread: creates the channel and sends its open, then lets go of the thread. The exec follows from
     * sshj's reader thread when the open is confirmed ({@link PipelinedStart}); the end arrives when the channel
     * closes. Blocks only for the occasional sync round trip (see {@link PooledConnection#closes}).
     */
    private void launch(CommandTask t, PooledConnection c, SSHClient client, long syncMark) {
        if (t.run.isCancelled()) {
            post(() -> ended(t, new CommandCancelledException(t.command, "run cancelled"), null), () -> { });
            return;
        }
        CommandOptions options = t.run.options();
        boolean stdin = options.stdinBuffer() != null;
        CapturingSink sink = new CapturingSink(pool, t.command, options.maxOutputBytes(), options.limitPolicy());
        CaptureChannel channel;
        try {
            channel = new CaptureChannel(client.getConnection(), sink, settings.windowSize(),
                    settings.maxPacketSize());
        } catch (RuntimeException e) {
            sink.releaseUnstarted();
            post(() -> ended(t, e, null), () -> { });
            return;
        }
        PipelinedStart start = new PipelinedStart(client.getConnection(), channel, sink, t.command,
                settings.windowSize(), settings.maxPacketSize(), !stdin, () -> {
                    post(() -> started(t));
                    if (stdin) {
                        execute(launchers, () -> feedStdin(channel, sink, options), () -> { });
                    }
                });
        t.sink = sink;
        t.channel = channel;
        t.start = start;
        try {
            if (syncMark >= 0) {
                roundTrip(client);
                post(() -> c.closesSynced = Math.max(c.closesSynced, syncMark));
            }
            start.start();
        } catch (IOException | RuntimeException e) {
            t.launchFailure = e;
            // the open never went out (or the transport is dying): finish the channel ourselves
            channel.notifyError(e instanceof net.schmizz.sshj.common.SSHException s ? s
                    : new net.schmizz.sshj.connection.ConnectionException("could not send the channel open", e));
        }
        // No thread waits for the command: the channel's close (reader thread) posts the end.
        sink.completion().whenComplete((status, error) -> post(() -> ended(t, t.startFailure(), sink), sink::abandon));
    }

    /** Launcher thread: stdin from a pooled buffer, then EOF (may wait for the server's window). */
    private void feedStdin(CaptureChannel channel, CapturingSink sink, CommandOptions options) {
        try {
            StdinPump.feed(channel, options, pool);
        } catch (IOException | RuntimeException e) {
            sink.terminate(channel, new dev.recyclable.buffers.ssh.SshCommandException(sink.command(),
                    "could not write stdin: " + e.getMessage(), e));
        }
    }

    /**
     * A global request the server answers (OpenSSH: with failure) after it processed everything we sent before,
     * and before it reads anything we send after: once answered, the server has freed the sessions we closed.
     */
    private void roundTrip(SSHClient client) throws IOException {
        try {
            client.getConnection().sendGlobalRequest("keepalive@openssh.com", true, new byte[0])
                    .retrieve(settings.replyTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (net.schmizz.sshj.connection.ConnectionException answered) {
            if (!client.isConnected()) {
                throw answered;
            }
            // a refusal is an answer too: that is all we wanted
        }
    }

    private void started(CommandTask t) {
        if (t.finished) {
            return; // the channel closed before this notice arrived; ended() already counted it as not started
        }
        t.started = true;
        t.run.markStarted();
        if (t.run.isCancelled()) {
            t.start.cancel(new CommandCancelledException(t.command, "run cancelled"));
        } else if (t.run.options().hasTimeout()) {
            CommandOptions options = t.run.options();
            t.timeout = dispatch.schedule(
                    () -> t.start.cancel(new CommandTimeoutException(t.command, options.timeout())),
                    options.timeout().toNanos(), TimeUnit.NANOSECONDS);
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
        try {
            if (startFailure instanceof OpenFailException refused) {
                openRefusals.incrementAndGet();
                // The server's MaxSessions is lower than we assumed: never ask this connection for more again.
                c.capacity = Math.max(1, Math.min(c.capacity, c.active));
                if (sink != null) {
                    sink.abandon();
                }
                if (t.attempts < settings.maxOpenAttempts() && !t.run.isCancelled()) {
                    t.connection = null;
                    c.host.waiters.addFirst(t);
                    hungry.add(c.host);
                } else {
                    fail(t, FailureKind.CHANNEL_OPEN_REFUSED, "server refused a channel " + t.attempts
                            + " times (MaxSessions?): " + refused.getMessage(), null);
                }
                return;
            }
            CommandStatus status = sink != null ? sink.status() : null;
            Throwable error = startFailure != null ? startFailure : sink != null ? sink.outcome() : null;
            if (error == null && status != null) {
                TargetOutcome outcome = new TargetOutcome(t.index, t.target, status, null, null, t.attempts);
                finish(t, new TargetResult(outcome, sink.stdout(), sink.stderr()));
                return;
            }
            if (sink != null) {
                sink.abandon();
            }
            boolean alive = c.state == PooledConnection.State.READY && c.client.isConnected();
            if (!t.execSent() && !alive && !t.run.isCancelled() && t.attempts < settings.maxOpenAttempts()) {
                // The connection died before the command was sent: it cannot have run, so try another connection.
                t.connection = null;
                c.host.waiters.addFirst(t);
                hungry.add(c.host);
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
            pump();
        }
    }

    private void cancelNow(FanoutRun run, String why) {
        for (Iterator<CommandTask> it = admission.iterator(); it.hasNext(); ) {
            CommandTask t = it.next();
            if (t.run == run) {
                it.remove();
                fail(t, FailureKind.CANCELLED, why + " before the command started", null);
            }
        }
        for (HostPool h : hosts.values()) {
            for (Iterator<CommandTask> it = h.waiters.iterator(); it.hasNext(); ) {
                CommandTask t = it.next();
                if (t.run == run) {
                    it.remove();
                    fail(t, FailureKind.CANCELLED, why + " before the command started", null);
                }
            }
        }
        for (CommandTask t : run.tasks) {
            // A task still between open and exec on a launcher sees the cancelled flag itself.
            PipelinedStart start = t.start;
            if (!t.finished && t.connection != null && start != null) {
                start.cancel(new CommandCancelledException(t.command, why));
            }
        }
        pump();
    }

    private void fail(CommandTask t, FailureKind kind, String reason, CommandStatus status) {
        TargetOutcome outcome = new TargetOutcome(t.index, t.target, status, kind, reason, t.attempts);
        finish(t, new TargetResult(outcome, null, null));
    }

    private void finish(CommandTask t, TargetResult result) {
        if (t.finished) {
            result.close();
            return;
        }
        t.finished = true;
        if (t.admitted) {
            inFlight--;
        }
        t.run.deliver(t, result);
    }

    // ------------------------------------------------------------------ threads

    private void post(Runnable action) {
        post(action, () -> { });
    }

    /** Runs {@code action} on the dispatch thread, or {@code ifClosed} here if the executor is gone. */
    private void post(Runnable action, Runnable ifClosed) {
        try {
            dispatch.execute(() -> {
                try {
                    action.run();
                } catch (RuntimeException | Error e) {
                    FanoutExecutor.LOG.error("fan-out dispatch step failed", e);
                }
            });
        } catch (RejectedExecutionException e) {
            ifClosed.run();
        }
    }

    private void schedule(Runnable action, long delayMs) {
        try {
            dispatch.schedule(action, delayMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException ignored) {
            // shut down
        }
    }

    private void execute(ExecutorService pool, Runnable action, Runnable ifRejected) {
        try {
            pool.execute(action);
        } catch (RejectedExecutionException e) {
            ifRejected.run();
        }
    }
}
