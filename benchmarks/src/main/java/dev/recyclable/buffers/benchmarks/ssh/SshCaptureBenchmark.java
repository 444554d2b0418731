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
package dev.recyclable.buffers.benchmarks.ssh;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.Session;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.benchmarks.JmhDefaults;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.CommandResult;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.ssh.transport.NoDelaySocketFactory;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.IOUtils;
import net.schmizz.sshj.connection.channel.direct.Session.Command;
import net.schmizz.sshj.transport.verification.OpenSSHKnownHosts;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Run one remote command and capture its stdout, against a private OpenSSH server on loopback
 * ({@link LoopbackOpenSsh}). One command per op, one connection per trial.
 *
 * <p>Workloads: {@code echoA} ({@code echo a}, 2 bytes), and 1000 lines of 70 characters (71,000 bytes) written
 * two ways: {@code lines1000x70} ({@code yes LINE | head -n 1000}: {@code head} writes blocks, so the server
 * sends a few large packets) and {@code echoLoop1000x70} (a shell loop running {@code /bin/echo LINE}: a process
 * per line, so the server sends about a packet per line). The two last differ only in how the same bytes are split
 * into packets, which is what a capture's allocation follows (see {@code benchmarks/notes/ssh-capture-packets.md}).
 * Clients:
 * <ul>
 *   <li>{@code sshjTypical}: what users write today: {@code new SSHClient()} (sshj's default config, no
 *       TCP_NODELAY), {@code session.exec(cmd)}, {@code IOUtils.readFully(in).toString()}.</li>
 *   <li>{@code sshjFloor}: sshj's own floor: the same transport as ours (this module's shared config, JDK
 *       AES-GCM, TCP_NODELAY) and stdout drained into one reused array. The difference to {@code recyclable}
 *       is the capture alone.</li>
 *   <li>{@code jsch}: mwiede JSch, {@code ChannelExec} with {@code setOutputStream(ByteArrayOutputStream)}.</li>
 *   <li>{@code recyclable}: {@code SshRunner.run(cmd, CommandOptions.defaults())} into pooled chunks, result closed.</li>
 *   <li>{@code recyclableLowAllocation}: the same with {@code SshConfigs.lowAllocationTransfer()} (aes128-ctr and
 *       hmac-sha2-256-etm on the JDK, allocation-free per packet), where the default's AES-GCM, through sshj's
 *       {@code GcmCipher}, builds the JDK's GCM state again for every packet.</li>
 * </ul>
 * Allocation is per command on ALL JVM threads (sshj's reader thread and JSch's session thread do most of the
 * work): run with {@code -prof gc}; on JDK 17 JMH 1.37's {@code gc.alloc.rate.norm} sums
 * {@code ThreadMXBean.getThreadAllocatedBytes} over every live thread. See {@code benchmarks/run-ssh-capture.sh}.
 */
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 2)
@Measurement(time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx1g"})
public class SshCaptureBenchmark extends JmhDefaults {

    /** 70 characters; with the newline 71 bytes a line. */
    static final String LINE = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234567";

    /**
     * The same 71,000 bytes as {@code lines1000x70}, one process per line ({@code /bin/echo}, not the builtin, which
     * writes faster than sshd reads and arrives in a handful of packets): each line reaches the server on its own.
     */
    static final String ECHO_LOOP = "i=0; while [ $i -lt 1000 ]; do /bin/echo " + LINE + "; i=$((i+1)); done";

    @Param({"sshjTypical", "sshjFloor", "jsch", "recyclable", "recyclableLowAllocation"})
    public String client;

    @Param({"echoA", "lines1000x70", "echoLoop1000x70"})
    public String workload;

    private LoopbackOpenSsh sshd;
    private String command;
    private int expectedBytes;

    private SshRunner runner;
    private SSHClient sshj;
    private Session jsch;
    private final byte[] drain = new byte[32 * 1024];

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        sshd = new LoopbackOpenSsh();
        switch (workload) {
            case "echoA" -> {
                command = "echo a";
                expectedBytes = 2;
            }
            case "lines1000x70" -> {
                command = "yes " + LINE + " | head -n 1000";
                expectedBytes = 1000 * (LINE.length() + 1);
            }
            case "echoLoop1000x70" -> {
                command = ECHO_LOOP;
                expectedBytes = 1000 * (LINE.length() + 1);
            }
            default -> throw new IllegalArgumentException(workload);
        }
        switch (client) {
            case "recyclable", "recyclableLowAllocation" -> {
                SshRunner.Builder builder = SshRunner.builder("127.0.0.1")
                        .port(sshd.port)
                        .credentials(SshCredentials.privateKey(sshd.user, sshd.clientKey))
                        .hostKeys(HostKeyPolicy.knownHosts(sshd.knownHosts)); // the default pool: zero-on-release
                if (client.equals("recyclableLowAllocation")) {
                    builder.config(SshConfigs.lowAllocationTransfer()); // no cipher state built per packet
                }
                runner = builder.connect();
            }
            case "sshjTypical" -> sshj = plainSshj(false);
            case "sshjFloor" -> sshj = plainSshj(true);
            case "jsch" -> {
                JSch j = new JSch();
                j.addIdentity(sshd.clientKey.toString());
                j.setKnownHosts(sshd.knownHosts.toString());
                jsch = j.getSession(sshd.user, "127.0.0.1", sshd.port);
                jsch.setConfig("CheckKexes", ""); // its self-test costs 150-200 ms of CPU per connect
                jsch.connect(10_000);
            }
            default -> throw new IllegalArgumentException(client);
        }
        long got = runCommand();
        if (got != expectedBytes) {
            throw new IllegalStateException(
                    client + " captured " + got + " bytes of '" + command + "', expected " + expectedBytes);
        }
    }

    @Benchmark
    public long runCommand() throws Exception {
        switch (client) {
            case "recyclable":
            case "recyclableLowAllocation": {
                try (CommandResult r = runner.run(command, CommandOptions.defaults())) {
                    if (r.exitStatus() == null || r.exitStatus() != 0) {
                        throw new IllegalStateException("exit " + r.status());
                    }
                    return r.stdout().length();
                }
            }
            case "sshjTypical": {
                try (net.schmizz.sshj.connection.channel.direct.Session session = sshj.startSession()) {
                    Command cmd = session.exec(command);
                    String out = IOUtils.readFully(cmd.getInputStream()).toString();
                    cmd.join();
                    return out.length();
                }
            }
            case "sshjFloor": {
                try (net.schmizz.sshj.connection.channel.direct.Session session = sshj.startSession()) {
                    Command cmd = session.exec(command);
                    InputStream in = cmd.getInputStream();
                    long total = 0;
                    int n;
                    while ((n = in.read(drain)) > 0) {
                        total += n;
                    }
                    cmd.join();
                    return total;
                }
            }
            default: {
                ChannelExec exec = (ChannelExec) jsch.openChannel("exec");
                exec.setCommand(command);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                exec.setOutputStream(out);
                exec.setInputStream(null);
                exec.connect(10_000);
                while (!exec.isClosed()) {
                    Thread.sleep(0, 200_000); // JSch has no completion callback: this is its documented way
                }
                exec.disconnect();
                return out.size();
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (runner != null) {
            BufferPool pool = runner.pool();
            runner.close();
            if (pool.stats().bytesInUse() != 0) {
                throw new IllegalStateException("pool still has " + pool.stats().bytesInUse() + " bytes in use");
            }
        }
        if (sshj != null) {
            sshj.disconnect();
        }
        if (jsch != null) {
            jsch.disconnect();
        }
        sshd.close();
    }

    private SSHClient plainSshj(boolean sameTransportAsOurs) throws IOException {
        SSHClient c = sameTransportAsOurs ? new SSHClient(SshConfigs.shared()) : new SSHClient();
        if (sameTransportAsOurs) {
            c.setSocketFactory(NoDelaySocketFactory.INSTANCE);
        }
        c.addHostKeyVerifier(new OpenSSHKnownHosts(sshd.knownHosts.toFile()));
        c.connect("127.0.0.1", sshd.port);
        c.authPublickey(sshd.user, c.loadKeys(sshd.clientKey.toString()));
        return c;
    }
}
