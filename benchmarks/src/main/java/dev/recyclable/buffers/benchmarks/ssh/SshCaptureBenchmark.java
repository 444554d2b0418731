package dev.recyclable.buffers.benchmarks.ssh;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.Session;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandResult;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.SshRunner;
import dev.recyclable.buffers.ssh.transport.NoDelaySocketFactory;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session.Command;
import net.schmizz.sshj.transport.verification.OpenSSHKnownHosts;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Issue 4: capturing a remote command's output. One command per op against a private OpenSSH server on loopback
 * (started here like the buffers-ssh test fixture: needs /usr/sbin/sshd and the test user from .ci/setup-ssh.sh).
 *
 * <p>Clients: {@code recyclable} (SshRunner: CaptureChannel into pooled chunks, JDK AES-GCM, TCP_NODELAY),
 * {@code sshjStreams} (plain sshj: SessionChannel, read stdout into a ByteArrayOutputStream, sshj's default
 * config, no TCP_NODELAY: what users do today), {@code sshjTuned} (plain sshj streams but with this module's
 * config and TCP_NODELAY: isolates the channel/buffer effect), {@code jsch} (mwiede JSch, setOutputStream).
 * Run with {@code -prof gc}: gc.alloc.rate.norm is the garbage per command.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class SshCaptureBenchmark {

    @Param({"recyclable", "sshjStreams", "sshjTuned", "jsch"})
    public String client;

    /** Output bytes per command: a tiny reply, a typical log, bulk. */
    @Param({"16", "1048576", "16777216"})
    public long outputBytes;

    private Path dir;
    private Process sshd;
    private int port;
    private String user;
    private Path clientKey;
    private Path knownHosts;
    private String command;

    private SshRunner runner;
    private SSHClient sshj;
    private Session jsch;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        user = System.getenv().getOrDefault("RB_SSH_TEST_USER", "rbtest");
        startSshd();
        command = "head -c " + outputBytes + " /dev/zero";
        switch (client) {
            case "recyclable" -> runner = SshRunner.builder("127.0.0.1").port(port)
                    .credentials(SshCredentials.privateKey(user, clientKey))
                    .hostKeys(HostKeyPolicy.knownHosts(knownHosts))
                    .pool(BufferPool.builder().zeroOnRelease(true).build())
                    .connect();
            case "sshjStreams" -> sshj = plainSshj(false);
            case "sshjTuned" -> sshj = plainSshj(true);
            case "jsch" -> {
                JSch j = new JSch();
                j.addIdentity(clientKey.toString());
                j.setKnownHosts(knownHosts.toString());
                jsch = j.getSession(user, "127.0.0.1", port);
                jsch.setConfig("CheckKexes", ""); // its self-test costs 150-200 ms of CPU per connect
                jsch.connect(10_000);
            }
            default -> throw new IllegalArgumentException(client);
        }
    }

    @Benchmark
    public long runCommand() throws Exception {
        switch (client) {
            case "recyclable": {
                try (CommandResult r = runner.run(command)) {
                    return r.stdout().length();
                }
            }
            case "sshjStreams":
            case "sshjTuned": {
                try (net.schmizz.sshj.connection.channel.direct.Session session = sshj.startSession()) {
                    Command cmd = session.exec(command);
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    cmd.getInputStream().transferTo(out);
                    cmd.join();
                    return out.size();
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
                    Thread.sleep(0, 200_000);
                }
                exec.disconnect();
                return out.size();
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (runner != null) {
            runner.close();
        }
        if (sshj != null) {
            sshj.disconnect();
        }
        if (jsch != null) {
            jsch.disconnect();
        }
        sshd.descendants().forEach(ProcessHandle::destroyForcibly);
        sshd.destroyForcibly();
        sshd.waitFor(10, TimeUnit.SECONDS);
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private SSHClient plainSshj(boolean tuned) throws IOException {
        SSHClient c = tuned ? new SSHClient(SshConfigs.shared()) : new SSHClient();
        if (tuned) {
            c.setSocketFactory(NoDelaySocketFactory.INSTANCE);
        }
        c.addHostKeyVerifier(new OpenSSHKnownHosts(knownHosts.toFile()));
        c.connect("127.0.0.1", port);
        c.authPublickey(user, c.loadKeys(clientKey.toString()));
        return c;
    }

    private void startSshd() throws Exception {
        dir = Files.createTempDirectory("rb-bench-sshd-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path hostKey = dir.resolve("host_key");
        clientKey = dir.resolve("client_key");
        exec("/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey.toString());
        // PEM-less OpenSSH ed25519 keys are fine for sshj; JSch (mwiede) reads them too
        exec("/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", clientKey.toString());
        Path authorized = dir.resolve("authorized_keys");
        Files.copy(dir.resolve("client_key.pub"), authorized);
        Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-r--r--"));
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("sshd_config");
        Files.write(config, List.of("ListenAddress 127.0.0.1:" + port, "HostKey " + hostKey, "PidFile none",
                "AuthorizedKeysFile " + authorized, "StrictModes no", "UsePAM no", "PasswordAuthentication no",
                "AllowUsers " + user, "LogLevel ERROR", "UseDNS no"));
        sshd = new ProcessBuilder("/usr/sbin/sshd", "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                break;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !sshd.isAlive()) {
                    throw new IllegalStateException("sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
                }
                Thread.sleep(20);
            }
        }
        String[] pub = Files.readString(dir.resolve("host_key.pub")).trim().split(" ");
        knownHosts = dir.resolve("known_hosts");
        Files.writeString(knownHosts, "[127.0.0.1]:" + port + " " + pub[0] + " " + pub[1] + "\n");
    }

    private static void exec(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (InputStream in = p.getInputStream(); OutputStream sink = OutputStream.nullOutputStream()) {
            in.transferTo(sink);
        }
        if (p.waitFor() != 0) {
            throw new IllegalStateException("failed: " + String.join(" ", command));
        }
    }
}
