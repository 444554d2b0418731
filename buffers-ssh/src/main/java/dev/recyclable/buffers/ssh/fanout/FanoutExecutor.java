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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.ConnectionSettings;
import dev.recyclable.buffers.ssh.internal.ConnectionSpec;
import dev.recyclable.buffers.ssh.internal.KeepAlive;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.schmizz.sshj.Config;

/**
 * Runs one command on many hosts at once over sshj, reusing connections, and delivers each host's captured output
 * (pooled, recyclable chunks) as soon as it finishes.
 *
 * <pre>{@code
 * try (FanoutExecutor fleet = FanoutExecutor.builder().maxInFlight(500).build();
 *      FanoutRun run = fleet.start(targets, "uptime", CommandOptions.defaults())) {
 *     for (TargetResult r : run) {           // in completion order
 *         try (r) {
 *             if (r.failure() != null) System.err.println(r.outcome());
 *             else r.output().stdout().writeTo(System.out);
 *         }
 *     }
 * }
 * }</pre>
 *
 * <h2>What bounds what</h2>
 * {@link Builder#maxInFlight} is the one setting to choose: commands in flight at once, across all runs and hosts.
 * Everything else follows from it unless narrowed:
 * <ul>
 *   <li>open connections ({@link Builder#maxOpenConnections}, default {@code maxInFlight}): a command in flight needs
 *       at most one, so connections never cap what {@code maxInFlight} allows;</li>
 *   <li>connections per host ({@link Builder#maxConnectionsPerHost}, default {@code maxInFlight / 10} rounded up):
 *       enough for all of {@code maxInFlight} on one host at 10 channels each;</li>
 *   <li>handshake threads ({@link Builder#connectorThreads}, default {@code maxInFlight / 100} within 4..8):
 *       sshj's handshake blocks a thread; more threads than the CPU can keep busy with key exchanges only add
 *       threads;</li>
 *   <li>per host, the defaults are OpenSSH's server defaults, so that a stock sshd never refuses us:
 *       {@link Builder#sessionsPerConnection} 10 ({@code MaxSessions 10}) and {@link Builder#maxHandshakesPerHost}
 *       8 ({@code MaxStartups 10:30:100} starts dropping new connections at random once 10 are unauthenticated;
 *       sshd notices a finished login a moment after we do, hence the margin).
 *       For a host you control, raise both in its {@code sshd_config} ({@code MaxSessions 100},
 *       {@code MaxStartups 100:30:200}) and here ({@code .sessionsPerConnection(100).maxHandshakesPerHost(90)}).</li>
 * </ul>
 * Memory and threads are bounded by what is in flight, not by the number of targets: a task exists from admission
 * to delivery; a finished target's {@link TargetResult} holds only its output chunks and outcome until closed; a
 * host's state is dropped when it has no connection and nothing queued; a connection whose host has nothing queued
 * is closed at once (its sshj reader thread with it) unless it fits among the {@link Builder#maxIdleConnections}
 * kept for later runs. {@link #start(Iterator, String, CommandOptions)} reads targets only as slots free up.
 *
 * <h2>Connections</h2>
 * Targets share connections when they have the same host, port, and the same {@link dev.recyclable.buffers.ssh.SshCredentials}
 * and {@link dev.recyclable.buffers.ssh.HostKeyPolicy} <em>instances</em> (reuse those objects across targets and
 * runs to get sharing): channels of one host go to the same connection, up to {@code sessionsPerConnection} at
 * once, then to further connections opened in parallel. A refused channel lowers that connection's limit and is
 * retried on another connection. Kept idle connections are closed after {@link Builder#idleTimeout}, or to make
 * room under {@code maxOpenConnections}.
 *
 * <h2>Threads</h2>
 * No thread waits for a command, nor for a channel to open. Threads: {@code 1 (dispatch) + launcherThreads +
 * connectorThreads + one sshj reader per open connection}, and open connections are at most the commands in flight
 * plus {@code maxIdleConnections}; launcher and connector threads time out when idle. A command's start is
 * pipelined: a launcher sends {@code CHANNEL_OPEN} and returns; the {@code exec} goes out from sshj's reader thread
 * when the open is confirmed; the end arrives on the reader thread when the channel closes and is handed to the
 * dispatch thread, which owns all scheduling state (no locks) and spends the same time per target whatever the
 * fleet's size. Launchers block only to feed a stdin buffer, for one round trip before reusing a channel slot that
 * the server may not have freed yet, or to close a connection. Connectors perform the (blocking) sshj handshakes
 * and logins.
 *
 * <h2>Failures</h2>
 * Each target fails on its own, with a {@link FailureKind} and a reason; the others carry on. A host that dies or
 * freezes fails the targets running on it with {@link FailureKind#CONNECTION_LOST}, even without a command timeout:
 * every connection is watched by keepalives ({@link Builder#keepAlive}, the same detection and default as
 * {@code SshRunner.Builder.keepAlive}: within 40 s). Closing the executor cancels every run and closes every
 * connection. The caller's code (a {@link ResultListener}, a target iterator) may throw anything, an Error
 * included: the run goes on with its other targets, then fails with the first such throwable where the caller
 * waits ({@link FanoutRun#finished()}, {@link FanoutRun#await}: an Error as itself); a warning goes to
 * {@link System.Logger} (logger {@code dev.recyclable.buffers.ssh.fanout.FanoutExecutor}), so it shows without any
 * logging library. Thread-safe.
 */
public final class FanoutExecutor implements AutoCloseable {

    /**
     * Our own warnings (a result listener that threw, a target iterator that failed): {@link System.Logger}, so
     * they reach the user without any logging library (its default backend, java.util.logging, prints to stderr).
     */
    static final System.Logger LOG = System.getLogger(FanoutExecutor.class.getName());

    private final Settings settings;
    private final ScheduledThreadPoolExecutor dispatch;
    private final ThreadPoolExecutor launchers;
    private final ThreadPoolExecutor connectors;
    private final Scheduler scheduler;
    private volatile boolean closed;

    private FanoutExecutor(Settings settings) {
        this.settings = settings;
        this.dispatch = new ScheduledThreadPoolExecutor(1, daemon("fanout-dispatch"));
        dispatch.setRemoveOnCancelPolicy(true);
        this.launchers = fixedPool(settings.launcherThreads(), "fanout-launch");
        this.connectors = fixedPool(settings.connectorThreads(), "fanout-connect");
        this.scheduler = new Scheduler(settings, dispatch, launchers, connectors);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts {@code command} (or each target's own command) on every target and returns at once. Results are taken
     * from the run's iterator or {@link FanoutRun#poll}; whoever takes one owns it. The list is copied; the run
     * also keeps a {@link TargetOutcome} future per target (see {@link FanoutRun}): for very large fleets prefer
     * {@link #start(Iterator, String, CommandOptions)}.
     *
     * @param command the command for targets without their own ({@link FanoutTarget#command()}); may be
     *                {@code null} only if every target has one
     * @param options timeout per command (from when it is sent), output limit and policy, stdin (a
     *                {@code RecyclableOutputStream} stdin is sent to every target and must stay open until the
     *                run is done; a stream stdin is not supported)
     * @throws IllegalArgumentException if {@code command} is {@code null} and a target has no command
     */
    public FanoutRun start(List<FanoutTarget> targets, String command, CommandOptions options) {
        return submit(FanoutRun.listed(this, checked(targets, options), command, options, null));
    }

    /**
     * Like {@link #start(List, String, CommandOptions)}, but each result goes to {@code listener} (on the dispatch
     * thread, see {@link ResultListener}), which owns it.
     */
    public FanoutRun start(
            List<FanoutTarget> targets, String command, CommandOptions options, ResultListener listener) {
        return submit(FanoutRun.listed(
                this, checked(targets, options), command, options, Objects.requireNonNull(listener, "listener")));
    }

    /**
     * Starts a <em>streamed</em> run: targets are read from {@code targets} one at a time, only when a slot under
     * {@code maxInFlight} is free and fewer than {@code maxInFlight} results wait to be taken, so 100,000 targets
     * never sit in memory at once. Take the results as they complete ({@code for (TargetResult r : run)}); nothing
     * is kept per finished target, so {@link FanoutRun#outcomes()} and {@link FanoutRun#completion()} are not
     * available.
     *
     * <p>The iterator is called on the executor's dispatch thread: it must not block for long (a generator, a
     * file being read, a database cursor page are fine). If it throws, no further targets are read and
     * {@link FanoutRun#finished()} completes exceptionally once the targets already read have finished.
     *
     * @param command the command for targets without their own; if {@code null}, a target without a command fails
     *                with {@link FailureKind#COMMAND_REFUSED}
     */
    public FanoutRun start(Iterator<? extends FanoutTarget> targets, String command, CommandOptions options) {
        Objects.requireNonNull(targets, "targets");
        checkOptions(options);
        return submit(FanoutRun.streamed(this, targets, command, options, null));
    }

    /** Like {@link #start(Iterator, String, CommandOptions)}, but each result goes to {@code listener}. */
    public FanoutRun start(
            Iterator<? extends FanoutTarget> targets, String command, CommandOptions options, ResultListener listener) {
        Objects.requireNonNull(targets, "targets");
        checkOptions(options);
        return submit(
                FanoutRun.streamed(this, targets, command, options, Objects.requireNonNull(listener, "listener")));
    }

    /** Connection pool counters. */
    public ConnectionStats stats() {
        return scheduler.stats();
    }

    /** The pool that output is captured into. */
    public BufferPool pool() {
        return settings.pool();
    }

    /**
     * Cancels every run, closes every connection, and stops the threads, waiting up to 10 s for channels to
     * confirm their close so that every buffer is back in the pool. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        scheduler.shutdown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() - deadline < 0) {
            CompletableFuture<Boolean> busy = new CompletableFuture<>();
            dispatch.execute(() -> busy.complete(scheduler.hasActiveRuns()
                    || scheduler.stats().openConnections() > 0
                    || scheduler.stats().channelsInUse() > 0));
            if (!busy.join()) {
                break;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        launchers.shutdown();
        connectors.shutdown();
        try {
            launchers.awaitTermination(5, TimeUnit.SECONDS); // the disconnects queued by shutdown()
            connectors.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        dispatch.shutdown();
    }

    private static List<FanoutTarget> checked(List<FanoutTarget> targets, CommandOptions options) {
        Objects.requireNonNull(targets, "targets");
        checkOptions(options);
        return targets;
    }

    private static void checkOptions(CommandOptions options) {
        Objects.requireNonNull(options, "options");
        if (options.stdinStream() != null) {
            throw new IllegalArgumentException(
                    "a stdin stream cannot be fanned out; use withStdin(RecyclableOutputStream)");
        }
    }

    private FanoutRun submit(FanoutRun run) {
        if (closed) {
            throw new IllegalStateException("executor closed");
        }
        if (!run.isDone()) {
            scheduler.submit(run);
        }
        return run;
    }

    void cancel(FanoutRun run) {
        scheduler.cancel(run);
    }

    void resume(FanoutRun run) {
        scheduler.resume(run);
    }

    private static ThreadPoolExecutor fixedPool(int threads, String name) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(
                threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), daemon(name));
        pool.allowCoreThreadTimeOut(true); // an idle executor holds only the dispatch thread
        return pool;
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** The executor's settings (immutable). */
    record Settings(
            BufferPool pool,
            Config config,
            int maxInFlight,
            int maxConnectionsPerHost,
            int sessionsPerConnection,
            int maxHandshakesPerHost,
            int maxOpenConnections,
            int maxIdleConnections,
            int launcherThreads,
            int connectorThreads,
            Duration connectTimeout,
            Duration replyTimeout,
            Duration idleTimeout,
            long windowSize,
            int maxPacketSize,
            int maxOpenAttempts,
            KeepAlive keepAlive) {}

    /**
     * Settings for a {@link FanoutExecutor}; every setting has a default. Settings left unset that depend on
     * {@link #maxInFlight} follow it; a value set explicitly only narrows (or widens) that one limit. The
     * settings of each connection (pool, sshj config, timeouts, window, keepalive) are the
     * {@link ConnectionSettings} an {@code SshRunner.Builder} has too, with the same defaults.
     */
    public static final class Builder extends ConnectionSettings<Builder> {
        /** OpenSSH's default {@code MaxSessions}. */
        static final int OPENSSH_MAX_SESSIONS = 10;
        /**
         * Below OpenSSH's default {@code MaxStartups} start value (10), beyond which sshd drops new connections at
         * random, with a margin of 2: sshd counts a connection as starting until its main process notices the
         * login, a moment after we see it (and another client may be connecting too).
         */
        static final int OPENSSH_MAX_STARTUPS_WITH_MARGIN = 8;

        private int maxInFlight = 256;
        private Integer maxConnectionsPerHost;
        private int sessionsPerConnection = OPENSSH_MAX_SESSIONS;
        private int maxHandshakesPerHost = OPENSSH_MAX_STARTUPS_WITH_MARGIN;
        private Integer maxOpenConnections;
        private int maxIdleConnections = 4;
        private int launcherThreads = 2;
        private Integer connectorThreads;
        private Duration idleTimeout = Duration.ofSeconds(30);
        private int maxOpenAttempts = 4;

        private Builder() {}

        /**
         * Commands in flight at once across all runs and hosts (the rest wait in order): the setting that bounds
         * memory, threads and connections. Connection and handshake limits not set explicitly follow from it.
         * Default 256.
         */
        public Builder maxInFlight(int n) {
            this.maxInFlight = positive(n, "maxInFlight");
            return this;
        }

        /**
         * Connections at once per host (per login). Default: enough for every command in flight to run on one
         * host, {@code ceil(maxInFlight / sessionsPerConnection)}.
         */
        public Builder maxConnectionsPerHost(int n) {
            this.maxConnectionsPerHost = positive(n, "maxConnectionsPerHost");
            return this;
        }

        /**
         * Channels at once per connection. Default 10, OpenSSH's default {@code MaxSessions}: asking for more makes
         * a stock sshd refuse channels (we then retry elsewhere, at a round trip's cost). Raise it together with
         * the server's {@code MaxSessions}.
         */
        public Builder sessionsPerConnection(int n) {
            this.sessionsPerConnection = positive(n, "sessionsPerConnection");
            return this;
        }

        /**
         * Handshakes in progress at once per host. Default 8, under the start value of OpenSSH's default
         * {@code MaxStartups 10:30:100}: with 10 unauthenticated connections pending, sshd drops 30% of new ones
         * (and all at 100). The margin of 2 covers sshd noticing a finished login a moment after the client does,
         * and another client connecting at the same time. Raise it together with the server's {@code MaxStartups}.
         */
        public Builder maxHandshakesPerHost(int n) {
            this.maxHandshakesPerHost = positive(n, "maxHandshakesPerHost");
            return this;
        }

        /**
         * Connections open at once across all hosts; each costs sshj one reader thread and about 250 KB. Default
         * {@code maxInFlight}: a command in flight needs at most one, so this never caps the distinct hosts in
         * flight unless set lower.
         */
        public Builder maxOpenConnections(int n) {
            this.maxOpenConnections = positive(n, "maxOpenConnections");
            return this;
        }

        /**
         * Idle connections kept open for later runs (closed after {@link #idleTimeout}); a connection whose host
         * has nothing queued is closed at once when this many are already kept. 0 closes every connection as soon
         * as its host has nothing queued. Raise it (to the number of hosts) when the same hosts get run after run.
         * Default 4.
         */
        public Builder maxIdleConnections(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("maxIdleConnections must not be negative: " + n);
            }
            this.maxIdleConnections = n;
            return this;
        }

        /**
         * Threads that send channel opens, feed stdin buffers, make the occasional sync round trip and close
         * connections. Default 2.
         */
        public Builder launcherThreads(int n) {
            this.launcherThreads = positive(n, "launcherThreads");
            return this;
        }

        /**
         * Threads that perform handshakes and logins (sshj blocks a thread per handshake); this bounds handshakes in
         * progress across all hosts. Default {@code maxInFlight / 100} within 4..8: a handshake is mostly key
         * exchange CPU, so more threads than that add threads, not speed.
         */
        public Builder connectorThreads(int n) {
            this.connectorThreads = positive(n, "connectorThreads");
            return this;
        }

        /**
         * Kept idle connections ({@link #maxIdleConnections}) are closed after this long. Default 30 s; one too long
         * to count (over about 292 years, {@code ChronoUnit.FOREVER}) keeps them until the executor closes.
         *
         * @throws IllegalArgumentException if {@code timeout} is negative
         */
        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = Durations.check(timeout, "idleTimeout");
            return this;
        }

        /** Channel opens tried per target when servers refuse channels. Default 4. */
        public Builder maxOpenAttempts(int n) {
            this.maxOpenAttempts = positive(n, "maxOpenAttempts");
            return this;
        }

        public FanoutExecutor build() {
            return new FanoutExecutor(settings());
        }

        /** The settings with the unset limits derived from {@code maxInFlight}. */
        Settings settings() {
            int perHost = maxConnectionsPerHost != null
                    ? maxConnectionsPerHost
                    : (maxInFlight + sessionsPerConnection - 1) / sessionsPerConnection;
            int open = maxOpenConnections != null ? maxOpenConnections : maxInFlight;
            int connectors = connectorThreads != null ? connectorThreads : Math.max(4, Math.min(8, maxInFlight / 100));
            ConnectionSpec connection = ConnectionSpec.of(this);
            return new Settings(
                    connection.pool(),
                    connection.config(),
                    maxInFlight,
                    perHost,
                    sessionsPerConnection,
                    maxHandshakesPerHost,
                    open,
                    maxIdleConnections,
                    launcherThreads,
                    connectors,
                    connection.connectTimeout(),
                    connection.replyTimeout(),
                    idleTimeout,
                    connection.windowSize(),
                    connection.maxPacketSize(),
                    maxOpenAttempts,
                    connection.keepAlive());
        }

        private static int positive(int n, String name) {
            if (n < 1) {
                throw new IllegalArgumentException(name + " must be at least 1: " + n);
            }
            return n;
        }
    }
}
