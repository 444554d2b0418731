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
package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import java.time.Duration;
import java.util.Objects;
import net.schmizz.sshj.Config;

/**
 * The settings every SSH connection of this module is opened with: the base of {@code SshRunner.Builder} (one
 * connection) and {@code FanoutExecutor.Builder} (every connection of a fan-out), so that each setting has one
 * default, one meaning and one validation. Each setter returns the builder it was called on, so calls chain; the
 * getter of the same name returns the value the connections will get, default applied.
 *
 * <table>
 *   <caption>What each setting does</caption>
 *   <tr><th>setting</th><th>what it bounds or decides</th><th>default</th></tr>
 *   <tr><td>{@link #pool}</td><td>where captured output is leased from</td>
 *       <td>one pool shared by every runner and fan-out not given one: zero-on-release (command output may be
 *       secret)</td></tr>
 *   <tr><td>{@link #config}</td><td>sshj's algorithms: ciphers, MACs, key exchange</td>
 *       <td>{@link SshConfigs#shared()}</td></tr>
 *   <tr><td>{@link #connectTimeout}</td><td>the TCP connect</td><td>10 s</td></tr>
 *   <tr><td>{@link #replyTimeout}</td><td>each wait for a reply of the server: handshake, login, channel open,
 *       exec</td><td>30 s</td></tr>
 *   <tr><td>{@link #windowSize}</td><td>output in flight per command</td><td>2 MiB</td></tr>
 *   <tr><td>{@link #maxPacketSize}</td><td>the largest data packet the server may send</td><td>32 KiB</td></tr>
 *   <tr><td>{@link #keepAlive}</td><td>how soon a dead or frozen server is noticed</td><td>10 s, 3
 *       unanswered</td></tr>
 * </table>
 *
 * <p>Durations: zero, and anything past {@code Integer.MAX_VALUE} milliseconds (about 24 days, up to
 * {@code ChronoUnit.FOREVER}), mean no limit; a negative one is refused at once with an
 * {@link IllegalArgumentException}.
 *
 * <p>Host, port, login and host-key policy are per connection: {@code SshRunner.Builder} takes them, and a
 * fan-out takes them from each {@code FanoutTarget}. Not thread-safe (a builder).
 *
 * @param <B> the builder type, returned by every setter
 */
public abstract class ConnectionSettings<B extends ConnectionSettings<B>> {

    private BufferPool pool; // null: DefaultPool.POOL, resolved late so that its class loads only if used
    private Config config; // null: SshConfigs.shared(), likewise
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration replyTimeout = Duration.ofSeconds(30);
    private long windowSize = 2L << 20;
    private int maxPacketSize = 32 * 1024;
    private Duration keepAliveInterval = Duration.ofSeconds(10);
    private int keepAliveMaxUnanswered = 3;

    /** For the builders of this module's entry points; B must be the subclass itself. */
    protected ConnectionSettings() {}

    /** Where output is captured. Default: a pool shared by all connections not given one, zero-on-release. */
    public B pool(BufferPool pool) {
        this.pool = Objects.requireNonNull(pool, "pool");
        return self();
    }

    /**
     * The sshj config: ciphers, MACs, key exchange. Default: {@link SshConfigs#shared()} (the JDK's AES-GCM
     * first); {@link SshConfigs#lowAllocationTransfer()} is the allocation-free opt-in. Host keys are checked as
     * {@code ssh} checks them with the configs of {@link SshConfigs}; a config not built by it keeps its own
     * host-key algorithm order, and sshj's own certificate check, which refuses an invalid host certificate where
     * {@code ssh} goes on with the plain key inside it.
     */
    public B config(Config config) {
        this.config = Objects.requireNonNull(config, "config");
        return self();
    }

    /**
     * TCP connect timeout. Default 10 s; zero or beyond about 24 days: no limit.
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public B connectTimeout(Duration timeout) {
        this.connectTimeout = Durations.check(timeout, "connectTimeout");
        return self();
    }

    /**
     * How long to wait for each reply of the server: during the handshake and login, for a channel open or an
     * exec. Default 30 s; zero or beyond about 24 days: no limit. Waiting for the server to take more of a
     * command's stdin is part of running the command: its own timeout bounds that.
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public B replyTimeout(Duration timeout) {
        this.replyTimeout = Durations.check(timeout, "replyTimeout");
        return self();
    }

    /**
     * Receive window per command: the most output in flight or unconsumed per command. Default 2 MiB. Captured
     * output ({@code run}, a fan-out) is copied out as it arrives, so there the window bounds what is in flight,
     * not memory; a streaming listener that consumes slowly holds up to this much. Larger helps bulk output over
     * high-latency links; smaller bounds memory with many streaming commands.
     */
    public B windowSize(long bytes) {
        this.windowSize = bytes;
        return self();
    }

    /** Largest data packet the server may send. Default 32 KiB, at most 256 KiB (sshj's decoder limit). */
    public B maxPacketSize(int bytes) {
        this.maxPacketSize = bytes;
        return self();
    }

    /**
     * Dead-peer detection: every {@code interval} each connection asks the server for a keepalive answer
     * (OpenSSH's {@code keepalive@openssh.com}, what {@code ssh -o ServerAliveInterval} sends); after
     * {@code maxUnanswered} intervals without one the connection is declared lost, and every command on it fails
     * (a {@link ConnectionLostException} from a runner, {@code FailureKind.CONNECTION_LOST} for a fan-out target;
     * its buffers released), even with no command timeout set. A dead or frozen server is
     * so detected within about {@code interval * (maxUnanswered + 1)}; in a fan-out the other hosts carry on.
     * Default: every 10 s, 3 unanswered (detected within 30 to 40 s). {@link Duration#ZERO} turns it off (then a
     * frozen server holds a command forever unless its options set a timeout), and so does an interval too long to
     * count (over about 292 years, {@code ChronoUnit.FOREVER}). The probes of all connections, of all runners and
     * executors, are sent from one shared thread.
     *
     * @throws IllegalArgumentException if {@code interval} is negative or {@code maxUnanswered} below 1
     */
    public B keepAlive(Duration interval, int maxUnanswered) {
        Durations.check(interval, "keepAlive interval");
        if (maxUnanswered < 1) {
            throw new IllegalArgumentException(
                    "keepAlive needs interval >= 0 and maxUnanswered >= 1: " + interval + ", " + maxUnanswered);
        }
        this.keepAliveInterval = interval;
        this.keepAliveMaxUnanswered = maxUnanswered;
        return self();
    }

    /** See {@link #pool(BufferPool)}. */
    public BufferPool pool() {
        return pool != null ? pool : DefaultPool.POOL;
    }

    /** See {@link #config(Config)}. */
    public Config config() {
        return config != null ? config : SshConfigs.shared();
    }

    /** See {@link #connectTimeout(Duration)}. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** See {@link #replyTimeout(Duration)}. */
    public Duration replyTimeout() {
        return replyTimeout;
    }

    /** See {@link #windowSize(long)}. */
    public long windowSize() {
        return windowSize;
    }

    /** See {@link #maxPacketSize(int)}. */
    public int maxPacketSize() {
        return maxPacketSize;
    }

    /** How often each connection is probed ({@link Duration#ZERO}: never); see {@link #keepAlive}. */
    public Duration keepAliveInterval() {
        return keepAliveInterval;
    }

    /** Probes in a row without an answer after which a connection is lost; see {@link #keepAlive}. */
    public int keepAliveMaxUnanswered() {
        return keepAliveMaxUnanswered;
    }

    @SuppressWarnings("unchecked") // B is the class of this object, as the constructor's contract says
    private B self() {
        return (B) this;
    }

    /** The module's default pool: zero-on-release (command output may be secret). Loaded only when first used. */
    private static final class DefaultPool {
        static final BufferPool POOL = BufferPool.builder().zeroOnRelease(true).build();
    }
}
