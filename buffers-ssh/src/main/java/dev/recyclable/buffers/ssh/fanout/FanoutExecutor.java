package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.SshRunner;
import dev.recyclable.buffers.ssh.internal.ChannelDefaults;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import net.schmizz.sshj.Config;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one command on many hosts at once over sshj, reusing connections, and delivers each host's captured output
 * (pooled, recyclable chunks) as soon as it finishes.
 *
 * <pre>{@code
 * try (FanoutExecutor fleet = FanoutExecutor.builder().maxInFlight(500).build();
 *      FanoutRun run = fleet.start(targets, "uptime")) {
 *     for (TargetResult r : run) {           // in completion order
 *         try (r) {
 *             if (r.failure() != null) System.err.println(r.outcome());
 *             else r.stdout().writeTo(System.out);
 *         }
 *     }
 * }
 * }</pre>
 *
 * <h2>Connections</h2>
 * Targets that share host, port, credentials and host-key policy objects share a per-host pool of connections:
 * opened on demand (in parallel, at most {@link Builder#maxHandshakesPerHost} handshakes at once per host, to stay
 * under OpenSSH's {@code MaxStartups}) up to {@link Builder#maxConnectionsPerHost}, each carrying up to
 * {@link Builder#sessionsPerConnection} channels at once (OpenSSH's {@code MaxSessions}, default 10). A refused
 * channel lowers that connection's limit and is retried on another connection. Connections outlive runs and are
 * closed after {@link Builder#idleTimeout} unused, or to make room under {@link Builder#maxOpenConnections}.
 *
 * <h2>Threads</h2>
 * No thread waits for a command, nor for a channel to open. The thread count is bounded by
 * {@code 1 (dispatch) + launcherThreads + connectorThreads + maxOpenConnections (sshj's one reader thread per
 * connection)}, however many commands are in flight: 1 + 2 + 4 + 64 with the defaults; launcher and connector
 * threads time out when idle. A command's start is pipelined: a launcher sends {@code CHANNEL_OPEN} and returns;
 * the {@code exec} goes out from sshj's reader thread when the open is confirmed; the end arrives on the reader
 * thread when the channel closes and is handed to the dispatch thread, which owns all scheduling state (no locks).
 * Launchers block only to feed a stdin buffer, or for one round trip before reusing a channel slot that the server
 * may not have freed yet. Connectors perform the (blocking) sshj handshakes and logins.
 *
 * <h2>Failures</h2>
 * Each target fails on its own, with a {@link FailureKind} and a reason; the others carry on. Closing the executor
 * cancels every run and closes every connection. Thread-safe.
 */
public final class FanoutExecutor implements AutoCloseable {

    static final Logger LOG = LoggerFactory.getLogger(FanoutExecutor.class);

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

    /** {@link #start(List, String, CommandOptions)} with default options. */
    public FanoutRun start(List<FanoutTarget> targets, String command) {
        return start(targets, command, CommandOptions.defaults());
    }

    /**
     * Starts {@code command} (or each target's own command) on every target and returns at once. Results are taken
     * from the run's iterator or {@link FanoutRun#poll}; whoever takes one owns it.
     *
     * @param options timeout per command (from when it is sent), output limit and policy, stdin (a
     *                {@code RecyclableOutputStream} stdin is sent to every target and must stay open until the
     *                run is done; a stream stdin is not supported)
     */
    public FanoutRun start(List<FanoutTarget> targets, String command, CommandOptions options) {
        return submit(targets, command, options, null);
    }

    /**
     * Like {@link #start(List, String, CommandOptions)}, but each result goes to {@code listener} (on the dispatch
     * thread, see {@link ResultListener}), which owns it.
     */
    public FanoutRun start(List<FanoutTarget> targets, String command, CommandOptions options,
                           ResultListener listener) {
        return submit(targets, command, options, Objects.requireNonNull(listener, "listener"));
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
            dispatch.execute(() -> busy.complete(scheduler.hasActiveRuns() || scheduler.stats().openConnections() > 0
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
            connectors.awaitTermination(5, TimeUnit.SECONDS); // the disconnects queued by shutdown()
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        dispatch.shutdown();
    }

    private FanoutRun submit(List<FanoutTarget> targets, String command, CommandOptions options,
                             ResultListener listener) {
        Objects.requireNonNull(targets, "targets");
        Objects.requireNonNull(options, "options");
        if (options.stdinStream() != null) {
            throw new IllegalArgumentException("a stdin stream cannot be fanned out; use withStdin(RecyclableOutputStream)");
        }
        if (closed) {
            throw new IllegalStateException("executor closed");
        }
        FanoutRun run = new FanoutRun(this, List.copyOf(targets), command, options, listener);
        if (!targets.isEmpty()) {
            scheduler.submit(run);
        }
        return run;
    }

    void cancel(FanoutRun run) {
        scheduler.cancel(run);
    }

    private static ThreadPoolExecutor fixedPool(int threads, String name) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), daemon(name));
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
    record Settings(BufferPool pool, Config config, int maxInFlight, int maxConnectionsPerHost,
                    int sessionsPerConnection, int maxHandshakesPerHost, int maxOpenConnections, int launcherThreads,
                    int connectorThreads, Duration connectTimeout, Duration replyTimeout, Duration idleTimeout,
                    long windowSize, int maxPacketSize, int maxOpenAttempts) {
    }

    /** Settings for a {@link FanoutExecutor}; every setting has a default. */
    public static final class Builder {
        private BufferPool pool;
        private Config config;
        private int maxInFlight = 256;
        private int maxConnectionsPerHost = 4;
        private int sessionsPerConnection = 10;
        private int maxHandshakesPerHost = 4;
        private int maxOpenConnections = 64;
        private int launcherThreads = 2;
        private int connectorThreads = 4;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration replyTimeout = Duration.ofSeconds(30);
        private Duration idleTimeout = Duration.ofSeconds(30);
        private long windowSize = ChannelDefaults.WINDOW;
        private int maxPacketSize = ChannelDefaults.MAX_PACKET;
        private int maxOpenAttempts = 4;

        private Builder() {
        }

        /** Where output is captured. Default: {@link SshRunner#defaultPool()} (zero-on-release). */
        public Builder pool(BufferPool pool) {
            this.pool = Objects.requireNonNull(pool);
            return this;
        }

        /** sshj config. Default: {@link SshConfigs#shared()} (JDK AES-GCM first). */
        public Builder config(Config config) {
            this.config = Objects.requireNonNull(config);
            return this;
        }

        /** Commands in flight at once across all runs and hosts (the rest wait in order). Default 256. */
        public Builder maxInFlight(int n) {
            this.maxInFlight = positive(n, "maxInFlight");
            return this;
        }

        /** Connections per host (per login). Default 4. */
        public Builder maxConnectionsPerHost(int n) {
            this.maxConnectionsPerHost = positive(n, "maxConnectionsPerHost");
            return this;
        }

        /** Channels at once per connection: the server's {@code MaxSessions} (OpenSSH default 10). Default 10. */
        public Builder sessionsPerConnection(int n) {
            this.sessionsPerConnection = positive(n, "sessionsPerConnection");
            return this;
        }

        /**
         * Handshakes in progress at once per host; keep it below the server's {@code MaxStartups} start value
         * (OpenSSH default 10), beyond which it drops connections at random. Default 4.
         */
        public Builder maxHandshakesPerHost(int n) {
            this.maxHandshakesPerHost = positive(n, "maxHandshakesPerHost");
            return this;
        }

        /** Connections open at once across all hosts; each costs sshj one reader thread. Default 64. */
        public Builder maxOpenConnections(int n) {
            this.maxOpenConnections = positive(n, "maxOpenConnections");
            return this;
        }

        /** Threads that send channel opens, feed stdin buffers and make the occasional sync round trip. Default 2. */
        public Builder launcherThreads(int n) {
            this.launcherThreads = positive(n, "launcherThreads");
            return this;
        }

        /** Threads that perform handshakes and logins. Default 4. */
        public Builder connectorThreads(int n) {
            this.connectorThreads = positive(n, "connectorThreads");
            return this;
        }

        /** TCP connect timeout. Default 10 s. */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /** How long to wait for the server's reply during handshake, channel open and exec. Default 30 s. */
        public Builder replyTimeout(Duration timeout) {
            this.replyTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /** Unused connections are closed after this long. Default 30 s. */
        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /** Receive window per command (output is copied out as it arrives, so this is not memory). Default 2 MiB. */
        public Builder windowSize(long bytes) {
            this.windowSize = bytes;
            return this;
        }

        /** Largest data packet the server may send. Default 32 KiB. */
        public Builder maxPacketSize(int bytes) {
            this.maxPacketSize = bytes;
            return this;
        }

        /** Channel opens tried per target when servers refuse channels. Default 4. */
        public Builder maxOpenAttempts(int n) {
            this.maxOpenAttempts = positive(n, "maxOpenAttempts");
            return this;
        }

        public FanoutExecutor build() {
            return new FanoutExecutor(new Settings(pool != null ? pool : SshRunner.defaultPool(),
                    config != null ? config : SshConfigs.shared(), maxInFlight, maxConnectionsPerHost,
                    sessionsPerConnection, maxHandshakesPerHost, maxOpenConnections, launcherThreads,
                    connectorThreads, connectTimeout, replyTimeout, idleTimeout, windowSize, maxPacketSize,
                    maxOpenAttempts));
        }

        private static int positive(int n, String name) {
            if (n < 1) {
                throw new IllegalArgumentException(name + " must be at least 1: " + n);
            }
            return n;
        }
    }
}
