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
package dev.recyclable.buffers.ssh.runner;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.CommandResult;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.CommandTimeoutException;
import dev.recyclable.buffers.ssh.ConnectionLostException;
import dev.recyclable.buffers.ssh.ConnectionSettings;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.OutputLimitExceededException;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.OutputListener;
import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.SshConnectException;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.internal.CapturingSink;
import dev.recyclable.buffers.ssh.internal.CommandSink;
import dev.recyclable.buffers.ssh.internal.ConnectionSpec;
import dev.recyclable.buffers.ssh.internal.DiscardingSink;
import dev.recyclable.buffers.ssh.internal.DispatchingSink;
import dev.recyclable.buffers.ssh.internal.RunningChannels;
import dev.recyclable.buffers.ssh.internal.SshErrors;
import dev.recyclable.buffers.ssh.internal.StdinPump;
import dev.recyclable.buffers.ssh.internal.UserCodeGuard;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.internal.time.Waits;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.ConnectionException;

/**
 * Runs commands over one SSH connection (sshj) and captures their output into pooled, recyclable chunks.
 *
 * <pre>{@code
 * try (SshRunner ssh = SshRunner.builder("db1.example.org")
 *         .credentials(SshCredentials.privateKey("deploy", Path.of("/etc/deploy/id_ed25519")))
 *         .connect();
 *      CommandResult r = ssh.run("uname -a", CommandOptions.defaults())) {
 *     r.stdout().writeTo(System.out);
 * }
 * }</pre>
 *
 * <p>Three ways to run a command, each taking its settings (timeout, output limit, stdin) from a
 * {@link CommandOptions}:
 * <ul>
 *   <li>{@link #run}: wait for the end and get the output as a {@link CommandResult} (the caller closes it);</li>
 *   <li>{@link #stream}: the output handed to an {@link OutputListener} while the command runs, one reused event
 *       per packet, allocating nothing per packet once warm;</li>
 *   <li>{@link #launch}: start it and get a {@link RunningCommand} to await or cancel; the output is counted and
 *       dropped, so a command whose output nobody wants holds no buffers.</li>
 * </ul>
 *
 * <p>Each command gets its own SSH channel; output goes from sshj's packet buffer into pool chunks with
 * one copy. Many commands may run at once on one runner from different threads (the server limits channels per
 * connection: OpenSSH's {@code MaxSessions}, default 10). Thread-safe.
 */
public final class SshRunner implements AutoCloseable {

    private final SSHClient client;
    /** Pool, window and packet size of the command channels. */
    private final ConnectionSpec spec;
    /**
     * Channels still running, commands and transfers, each with its way to stop, so that {@link #close()} can kill
     * their remote processes: OpenSSH does not kill a command without a terminal when its connection drops, it
     * would keep running on the server.
     */
    private final RunningChannels running;
    /** {@code user@host:port}, for messages. */
    private final String where;

    private final ScheduledFuture<?> keepAlive;
    private volatile boolean closed;
    private LossReason lossReason; // null for wrapped clients

    /** Remembers why the transport ended, for the message of a command started afterwards. */
    private static final class LossReason implements net.schmizz.sshj.transport.DisconnectListener {
        volatile String text;

        @Override
        public void notifyDisconnect(net.schmizz.sshj.common.DisconnectReason reason, String message) {
            if (text == null) {
                text = reason + (message == null || message.isEmpty() ? "" : ": " + message);
            }
        }
    }

    private Throwable lossCause() {
        LossReason r = lossReason;
        return r == null || r.text == null ? null : new IOException(r.text);
    }

    private SshRunner(SSHClient client, ConnectionSpec spec, String where, ScheduledFuture<?> keepAlive) {
        this.client = client;
        this.spec = spec;
        this.where = where;
        this.keepAlive = keepAlive;
        this.running = RunningChannels.ownedBy(client);
    }

    /** Starts configuring a connection to {@code host}. */
    public static Builder builder(String host) {
        return new Builder(host);
    }

    /**
     * Wraps a client that is already connected and authenticated (for callers that manage sshj themselves).
     * The runner closes the client when closed. No keepalive is added (configure sshj's own, or a dead peer is
     * noticed only by TCP or a command timeout); errors name the client's remote host and port.
     */
    public static SshRunner wrap(SSHClient client, BufferPool pool) {
        if (!client.isConnected() || !client.isAuthenticated()) {
            throw new IllegalArgumentException("client must be connected and authenticated");
        }
        String where = SshErrors.where(client.getRemoteHostname(), client.getRemotePort());
        // the default settings with this pool: of them only the pool, window and packet size apply to a client
        // connected already
        return new SshRunner(client, ConnectionSpec.of(new Builder(where).pool(pool)), where, null);
    }

    // ------------------------------------------------------------------ running commands

    /**
     * Runs {@code command}, waits for it to end and returns its captured stdout and stderr. The caller owns the
     * result and must close it. A non-zero exit status is not an error: check {@link CommandResult#status()}; nor
     * is a command that ends before reading all its stdin ({@link CommandStatus#stdinTruncated()}).
     *
     * @throws CommandTimeoutException      past {@link CommandOptions#timeout()}
     * @throws OutputLimitExceededException a stream went over the limit under {@link OutputLimitPolicy#FAIL}
     * @throws CommandCancelledException    the calling thread was interrupted (its interrupt flag is set again)
     * @throws ConnectionLostException     the connection died while the command ran (including no answer to
     *                                      keepalives, see {@link Builder#keepAlive}): never a normal status
     * @throws SshCommandException          the channel could not be opened, the server refused the command, the
     *                                      runner was closed, or the stdin stream threw (the cause; an
     *                                      {@link Error} it throws is rethrown as itself)
     */
    public CommandResult run(String command, CommandOptions options) throws IOException {
        CapturingSink sink = new CapturingSink(spec.pool(), command, options.maxOutputBytes(), options.limitPolicy());
        CaptureChannel channel = start(command, options, sink);
        awaitEnd(channel, sink, options, deadline(options));
        return new CommandResult(sink.status(), sink.stdout(), sink.stderr());
    }

    /**
     * Runs {@code command} and streams its output to {@code listener} on the calling thread, in wire order, while
     * the command runs; returns its status when it has ended and all output was delivered. Once warm this
     * allocates nothing per packet: the listener gets one reused {@link dev.recyclable.buffers.ssh.OutputEvent}
     * per packet, valid only during its call, whose pooled bytes are recycled when the call returns unless it
     * {@link dev.recyclable.buffers.ssh.OutputEvent#retain() retains} them (then it owns a stream and closes it).
     * The output limit applies to what is delivered; with {@link OutputLimitPolicy#TRUNCATE} the excess is
     * dropped unseen. The window is granted back as calls return, so a slow listener slows the command, not
     * memory. The timeout and an interrupt are checked before every call, so neither waits for queued output.
     *
     * @throws SshCommandException as for {@link #run(String, CommandOptions)}, and when the listener throws (the
     *                             cause; the command is killed and its buffers returned before this returns; an
     *                             {@link Error} the listener throws is rethrown as itself)
     */
    public CommandStatus stream(String command, CommandOptions options, OutputListener listener) throws IOException {
        Objects.requireNonNull(listener, "listener");
        DispatchingSink sink = new DispatchingSink(
                spec.pool(), command, options.maxOutputBytes(), options.limitPolicy(), Thread.currentThread());
        CaptureChannel channel = start(command, options, sink);
        long deadline = deadline(options);
        boolean delivered;
        try {
            delivered = sink.dispatch(channel, listener, deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw stop(channel, sink, new CommandCancelledException(command, "thread interrupted"));
        } catch (Throwable t) { // the listener's failure, its command terminated already; or anything of ours
            throw stop(
                    channel,
                    sink,
                    t instanceof SshCommandException e ? e : new SshCommandException(command, "streaming failed", t));
        }
        if (!delivered) {
            throw stop(channel, sink, new CommandTimeoutException(command, options.timeout()));
        }
        awaitEnd(channel, sink, options, deadline); // all delivered, the channel closed: only a stdin pump may remain
        sink.abandon(); // nothing left to hand over
        return sink.status();
    }

    /**
     * Starts {@code command} and returns at once; its output is counted and discarded as it arrives (the command
     * never stalls on an unread window). The timeout in {@code options}, if any, is enforced in the background;
     * stdin, if any, is written in the background too. Fire and forget, or watch {@link RunningCommand#completion()}.
     */
    public RunningCommand launch(String command, CommandOptions options) throws IOException {
        DiscardingSink sink = new DiscardingSink(command);
        CaptureChannel channel = start(command, options, sink);
        sink.abandon(); // the caller holds no buffers
        RunningCommand running = new RunningCommand(channel, sink);
        long timeoutNanos = Durations.toNanos(options.timeout());
        if (options.hasTimeout() && timeoutNanos != Durations.UNLIMITED) {
            var timer = Timer.INSTANCE.schedule(
                    () -> sink.terminate(channel, new CommandTimeoutException(command, options.timeout())),
                    timeoutNanos,
                    TimeUnit.NANOSECONDS);
            sink.completion().whenComplete((s, e) -> timer.cancel(false));
        }
        return running;
    }

    /** The pool that output is captured into. */
    public BufferPool pool() {
        return spec.pool();
    }

    /** The underlying sshj client (for SFTP, port forwarding, ...). Closed with this runner. */
    public SSHClient client() {
        return client;
    }

    public boolean isConnected() {
        return client.isConnected();
    }

    /**
     * Kills every command still running on this connection (signal {@code KILL} to its remote process group, then
     * channel close), stops every transfer made over it with {@code SshTransfer.over(runner)} as a failure stops it
     * (an upload to a file gets {@code TERM} and the end of its input, so that its shell removes its part file; this
     * waits for that, up to 5&nbsp;s, or the transfer's idle timeout if shorter), and disconnects. Their callers get
     * a {@link CommandCancelledException} (a transfer's caller a {@code TransferException} caused by one); their
     * buffers are released. Idempotent.
     */
    @Override
    public void close() throws IOException {
        closed = true;
        if (keepAlive != null) {
            keepAlive.cancel(false);
        }
        running.stopAll("SshRunner closed");
        // the KILL and TERM requests were written before the disconnect, and OpenSSH handles a connection's messages
        // in order
        client.close();
    }

    // ------------------------------------------------------------------ internals

    private CaptureChannel start(String command, CommandOptions options, CommandSink sink) throws IOException {
        if (closed || !client.isConnected()) {
            sink.releaseUnstarted();
            throw SshErrors.notConnected(command, where, closed, lossCause());
        }
        CaptureChannel channel;
        try {
            channel = spec.newChannel(client.getConnection(), sink);
        } catch (RuntimeException e) {
            sink.releaseUnstarted();
            throw e;
        }
        StdinPump stdin = StdinPump.of(options, channel, sink, spec.pool());
        if (!running.add(channel, sink)) { // closed meanwhile: the channel never opened, nothing will close it
            channel.notifyError(new ConnectionException("SshRunner closed"));
            sink.abandon();
            throw SshErrors.notConnected(command, where, true, null);
        }
        try {
            channel.open();
            channel.exec(command);
            if (stdin != null) {
                stdin.start();
            } else {
                channel.sendEof(); // the command must not wait for input
            }
        } catch (IOException | RuntimeException e) {
            channel.abort("start failed: " + e);
            giveUp(sink);
            SshCommandException outcome = sink.outcome();
            if (outcome != null && outcome != e && !(outcome instanceof ConnectionLostException)) {
                throw outcome; // e.g. the output limit killed it right after the exec
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new CommandCancelledException(command, "thread interrupted");
            }
            // sshj's dying transport tells its channels (this one's outcome is then a ConnectionLostException)
            // before isConnected() turns false, so a keepalive giving up under our open or exec is seen here first
            if (closed || !client.isConnected() || outcome instanceof ConnectionLostException) {
                throw SshErrors.notConnected(command, where, closed, e);
            }
            throw new SshCommandException(
                    command, "could not start the command on " + where + ": " + e.getMessage(), e);
        }
        return channel;
    }

    /**
     * Waits for the command's end (its channel closed, its stdin pump stopped) until {@code deadline}, enforcing
     * timeout and interruption; throws the outcome if it failed, an Error of the caller's code as itself.
     */
    private static void awaitEnd(CaptureChannel channel, CommandSink sink, CommandOptions options, long deadline)
            throws IOException {
        try {
            Waits.get(sink.completion(), Durations.nanosLeft(deadline));
        } catch (TimeoutException e) {
            throw stop(channel, sink, new CommandTimeoutException(sink.command(), options.timeout()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw stop(channel, sink, new CommandCancelledException(sink.command(), "thread interrupted"));
        } catch (ExecutionException e) {
            sink.abandon();
            SshCommandException outcome = sink.outcome();
            throw UserCodeGuard.rethrowError(
                    outcome != null
                            ? outcome
                            : new SshCommandException(sink.command(), "command failed", e.getCause()));
        }
    }

    /**
     * Ends the command for {@code reason} (unless it already failed for another), lets the server confirm for a
     * bounded time and lets go of the buffers; returns what the caller is to throw (an Error of the caller's code
     * is thrown from here, as itself).
     */
    private static SshCommandException stop(CaptureChannel channel, CommandSink sink, SshCommandException reason) {
        sink.terminate(channel, reason);
        giveUp(sink);
        SshCommandException outcome = sink.outcome();
        return UserCodeGuard.rethrowError(outcome != null ? outcome : reason);
    }

    /**
     * Lets the server confirm the close (and the stdin pump stop) for a bounded time, then lets go of the buffers
     * (released on close if that comes later).
     */
    private static void giveUp(CommandSink sink) {
        // an interrupt that cancelled the command still waits the grace; a failure is expected, and a channel that
        // closes later releases the buffers itself
        Waits.awaitKeepingInterrupt(sink.completion(), Waits.STOP_GRACE_NANOS);
        sink.abandon();
    }

    /** When the command's timeout passes ({@link Durations#NO_DEADLINE} for none), from now. */
    private static long deadline(CommandOptions options) {
        return options.hasTimeout() ? Durations.deadline(Durations.toNanos(options.timeout())) : Durations.NO_DEADLINE;
    }

    /**
     * Configures and opens a connection: where to ({@link #port}), as whom ({@link #credentials}), which host keys
     * to trust ({@link #hostKeys}), and the {@link ConnectionSettings} every connection of this module shares.
     */
    public static final class Builder extends ConnectionSettings<Builder> {
        private final String host;
        private int port = 22;
        private SshCredentials credentials;
        private HostKeyPolicy hostKeys = HostKeyPolicy.defaultKnownHosts();

        private Builder(String host) {
            this.host = Objects.requireNonNull(host, "host");
        }

        /** Default 22. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Required: who to log in as. */
        public Builder credentials(SshCredentials credentials) {
            this.credentials = credentials;
            return this;
        }

        /** Default: {@link HostKeyPolicy#defaultKnownHosts()}. */
        public Builder hostKeys(HostKeyPolicy policy) {
            this.hostKeys = Objects.requireNonNull(policy);
            return this;
        }

        /**
         * Connects, verifies the host key and authenticates.
         *
         * @throws SshConnectException         saying what failed and what to do: host unreachable, connection
         *                                     refused, host key unknown, changed or revoked, authentication
         *                                     refused, connection lost ({@link SshConnectException#reason()})
         * @throws IllegalStateException       if no {@link #credentials} were given
         */
        public SshRunner connect() throws IOException {
            if (credentials == null) {
                throw new IllegalStateException("no credentials for " + SshErrors.where(host, port) + ": call "
                        + "credentials(SshCredentials.privateKey(user, keyFile)) (or .password / .keyPair) before "
                        + "connect()");
            }
            ConnectionSpec spec = ConnectionSpec.of(this);
            LossReason lost = new LossReason();
            SSHClient client = spec.connector().connect(host, port, hostKeys, credentials, lost);
            String where = credentials.user() + "@" + SshErrors.where(host, port);
            SshRunner runner =
                    new SshRunner(client, spec, where, spec.keepAlive().watch(client, SshErrors.where(host, port)));
            runner.lossReason = lost;
            return runner;
        }
    }

    /** One daemon thread for the timeouts of launched commands; the tasks only send packets. */
    private static final class Timer {
        static final ScheduledExecutorService INSTANCE = create();

        private static ScheduledExecutorService create() {
            ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "ssh-command-timeouts");
                t.setDaemon(true);
                return t;
            });
            executor.setRemoveOnCancelPolicy(true);
            return executor;
        }
    }
}
