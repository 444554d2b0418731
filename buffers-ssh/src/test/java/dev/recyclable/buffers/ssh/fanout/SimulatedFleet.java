package dev.recyclable.buffers.ssh.fanout;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fleet of distinct SSH hosts on one machine: one in-process Apache MINA SSHD server listening on {@code hosts}
 * loopback addresses {@code 127.<block>.x.y} (Linux routes all of 127.0.0.0/8 to {@code lo}, so each address is a
 * host of its own to the client: its own TCP connections, handshakes and logins), one port, one host key.
 *
 * <p>Commands are answered without forking: after {@code delay}, each prints {@code "<address it reached>: <command>"}
 * and exits 0, so a client can verify that every target reached its own host and ran its own command, and the
 * server's cost stays small next to the client's. Logs in as {@link #USER} with any public key (the client still
 * signs; the signature is verified).
 *
 * <p>Used by the fan-out tests and, in the buffers-ssh test-jar, by the benchmarks' fleet benchmark, which runs it
 * in a JVM of its own with {@link #main}.
 */
public final class SimulatedFleet implements AutoCloseable {

    public static final String USER = "fleet";

    private final SshServer server;
    private final int block;
    private final int hosts;
    private final KeyPair hostKey;
    private final ScheduledExecutorService answers;
    private final AtomicLong answered = new AtomicLong();

    private SimulatedFleet(int block, int hosts, Duration delay) throws IOException, GeneralSecurityException {
        if (block < 1 || block > 254 || hosts < 1 || hosts > 250 * 250) {
            throw new IllegalArgumentException("block 1..254, hosts 1..62500: " + block + ", " + hosts);
        }
        this.block = block;
        this.hosts = hosts;
        this.hostKey = newEcKeyPair();
        this.answers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fleet-answers");
            t.setDaemon(true);
            return t;
        });
        server = SshServer.setUpDefaultServer();
        StringBuilder addresses = new StringBuilder();
        for (int i = 0; i < hosts; i++) {
            addresses.append(i == 0 ? "" : ",").append(host(i));
        }
        server.setHost(addresses.toString());
        server.setPort(0);
        CoreModuleProperties.TCP_NODELAY.set(server, true);
        server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
        server.setPublickeyAuthenticator((user, key, session) -> USER.equals(user));
        long delayNanos = delay.toNanos();
        server.setCommandFactory((channel, command) -> new DelayedAnswer(command, delayNanos));
        server.start();
    }

    /**
     * Starts the fleet on {@code 127.<block>.0.1} onwards.
     *
     * @param block second octet of the addresses (tests and benchmarks running at once use different blocks)
     * @param delay how long each command "runs" before it answers
     */
    public static SimulatedFleet start(int block, int hosts, Duration delay)
            throws IOException, GeneralSecurityException {
        return new SimulatedFleet(block, hosts, delay);
    }

    /** The address of host {@code i} (0-based): 250 hosts per third octet, last octet 1..250. */
    public String host(int i) {
        return hostAddress(block, i);
    }

    /** {@link #host(int)} without a running fleet (for a client in another JVM). */
    public static String hostAddress(int block, int i) {
        return "127." + block + "." + (i / 250) + "." + (1 + i % 250);
    }

    public int hosts() {
        return hosts;
    }

    public int port() {
        return server.getPort();
    }

    /** The one host key's {@code SHA256:...} fingerprint, for {@code HostKeyPolicy.pinnedFingerprint}. */
    public String hostKeyFingerprint() {
        return KeyUtils.getFingerPrint(hostKey.getPublic());
    }

    /** What a command sent to {@code host} prints. */
    public static String expectedOutput(String host, String command) {
        return host + ": " + command + "\n";
    }

    /** Commands answered so far. */
    public long answered() {
        return answered.get();
    }

    /** Sessions open on the server right now. */
    public int openSessions() {
        return server.getActiveSessions().size();
    }

    @Override
    public void close() throws IOException {
        try {
            server.stop(true);
        } finally {
            answers.shutdownNow();
        }
    }

    /**
     * Runs a fleet until stdin ends: {@code SimulatedFleet <block> <hosts> <delayMs>}. Prints
     * {@code FLEET <port> <fingerprint>} once listening.
     */
    public static void main(String[] args) throws Exception {
        try (SimulatedFleet fleet = start(Integer.parseInt(args[0]), Integer.parseInt(args[1]),
                Duration.ofMillis(Long.parseLong(args[2])))) {
            System.out.println("FLEET " + fleet.port() + " " + fleet.hostKeyFingerprint());
            System.out.flush();
            while (System.in.read() >= 0) {
                // run until the client closes our stdin
            }
            System.err.println("fleet answered " + fleet.answered() + " commands");
        }
    }

    private static KeyPair newEcKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    /** A command that "runs" for the delay on no thread of its own, then prints where it ran. */
    private final class DelayedAnswer implements Command {
        private final String command;
        private final long delayNanos;
        private OutputStream out;
        private ExitCallback exit;

        DelayedAnswer(String command, long delayNanos) {
            this.command = command;
            this.delayNanos = delayNanos;
        }

        @Override
        public void setInputStream(InputStream in) {
        }

        @Override
        public void setOutputStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void setErrorStream(OutputStream err) {
        }

        @Override
        public void setExitCallback(ExitCallback callback) {
            this.exit = callback;
        }

        @Override
        public void start(ChannelSession channel, Environment env) {
            SocketAddress local = channel.getSession().getIoSession().getLocalAddress();
            String host = ((InetSocketAddress) local).getAddress().getHostAddress();
            byte[] answer = expectedOutput(host, command).getBytes(StandardCharsets.UTF_8);
            answers.schedule(() -> {
                try {
                    out.write(answer);
                    out.flush();
                    answered.incrementAndGet();
                    exit.onExit(0);
                } catch (IOException e) {
                    exit.onExit(1, e.getMessage()); // the client went away
                }
            }, delayNanos, TimeUnit.NANOSECONDS);
        }

        @Override
        public void destroy(ChannelSession channel) {
        }
    }
}
