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
import dev.recyclable.buffers.ssh.fanout.FanoutExecutor;
import dev.recyclable.buffers.ssh.internal.ConnectionSpec;
import dev.recyclable.buffers.ssh.internal.KeepAlive;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import java.time.Duration;
import java.util.Objects;
import net.schmizz.sshj.Config;

/**
 * The settings every SSH connection of this module is opened with, shared by {@link SshRunner.Builder} (one
 * connection) and {@link FanoutExecutor.Builder} (every connection of a fan-out): one default, one meaning and
 * one validation per setting. Each setter returns the builder it was called on, so calls chain.
 *
 * <table>
 *   <caption>What each setting does</caption>
 *   <tr><th>setting</th><th>what it bounds or decides</th><th>default</th></tr>
 *   <tr><td>{@link #pool}</td><td>where captured output is leased from</td>
 *       <td>{@link SshRunner#defaultPool()}</td></tr>
 *   <tr><td>{@link #config}</td><td>sshj's algorithms: ciphers, MACs, key exchange</td>
 *       <td>{@link SshConfigs#shared()}</td></tr>
 *   <tr><td>{@link #connectTimeout}</td><td>the TCP connect</td><td>10 s</td></tr>
 *   <tr><td>{@link #replyTimeout}</td><td>each wait for the server: handshake, channel open, exec, stdin
 *       window</td><td>30 s</td></tr>
 *   <tr><td>{@link #windowSize}</td><td>output in flight per command</td><td>2 MiB</td></tr>
 *   <tr><td>{@link #maxPacketSize}</td><td>the largest data packet the server may send</td><td>32 KiB</td></tr>
 *   <tr><td>{@link #keepAlive}</td><td>how soon a dead or frozen server is noticed</td><td>10 s, 3
 *       unanswered</td></tr>
 * </table>
 *
 * <p>Host, port, login and host-key policy are per connection: {@link SshRunner.Builder} takes them, and a
 * fan-out takes them from each {@link dev.recyclable.buffers.ssh.fanout.FanoutTarget}. Not thread-safe (a
 * builder).
 *
 * @param <B> the builder type, returned by every setter
 */
public abstract sealed class ConnectionSettings<B extends ConnectionSettings<B>>
        permits SshRunner.Builder, FanoutExecutor.Builder {

    private BufferPool pool; // null: SshRunner.defaultPool(), resolved late so that its class loads only if used
    private Config config; // null: SshConfigs.shared(), likewise
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration replyTimeout = Duration.ofSeconds(30);
    private long windowSize = ConnectionSpec.DEFAULT_WINDOW;
    private int maxPacketSize = ConnectionSpec.DEFAULT_MAX_PACKET;
    private KeepAlive keepAlive = KeepAlive.DEFAULT;

    /** Only the two builders (the class is sealed). */
    protected ConnectionSettings() {}

    /** Where output is captured. Default: {@link SshRunner#defaultPool()} (zero-on-release). */
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

    /** TCP connect timeout. Default 10 s. */
    public B connectTimeout(Duration timeout) {
        this.connectTimeout = Objects.requireNonNull(timeout, "timeout");
        return self();
    }

    /**
     * How long to wait for each reply of the server: during the handshake and login, for a channel open or an
     * exec, and for window to send stdin. Default 30 s.
     */
    public B replyTimeout(Duration timeout) {
        this.replyTimeout = Objects.requireNonNull(timeout, "timeout");
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
     * (a {@link ConnectionLostException} from a runner, {@link dev.recyclable.buffers.ssh.fanout.FailureKind#CONNECTION_LOST}
     * for a fan-out target; its buffers released), even with no command timeout set. A dead or frozen server is
     * so detected within about {@code interval * (maxUnanswered + 1)}; in a fan-out the other hosts carry on.
     * Default: every 10 s, 3 unanswered (detected within 30 to 40 s). {@link Duration#ZERO} turns it off (then a
     * frozen server holds a command forever unless its options set a timeout). The probes of all connections, of
     * all runners and executors, are sent from one shared thread.
     *
     * @throws IllegalArgumentException if {@code interval} is negative or {@code maxUnanswered} below 1
     */
    public B keepAlive(Duration interval, int maxUnanswered) {
        this.keepAlive = new KeepAlive(interval, maxUnanswered);
        return self();
    }

    /**
     * The settings as set, defaults applied, for the builders to connect with. Returns an internal type: the
     * class is sealed, so only this module's two builders can call it.
     */
    @SuppressWarnings("exports")
    protected final ConnectionSpec spec() {
        return new ConnectionSpec(
                pool != null ? pool : SshRunner.defaultPool(),
                config != null ? config : SshConfigs.shared(),
                connectTimeout,
                replyTimeout,
                windowSize,
                maxPacketSize,
                keepAlive);
    }

    @SuppressWarnings("unchecked") // sealed: B is the class of this object
    private B self() {
        return (B) this;
    }
}
