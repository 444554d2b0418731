package dev.recyclable.buffers.benchmarks.showcase;

import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.shell.ProcessShellFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;

/**
 * An in-process Apache MINA SSHD server on 127.0.0.1 and a random port, with a generated host key, running each
 * command for real as {@code /bin/sh -c <command>} (as the JVM's user). Accepts one generated client key pair and
 * one password. Several may run at once; close to stop.
 *
 * <p>Copied from buffers-ssh's test fixture of the same name for the showcase's SSH section (sshd-core is only a
 * test dependency of the library, a compile dependency of the benchmarks module).
 */
public final class EmbeddedSshServer implements AutoCloseable {

    public static final String USER = "rbtest";
    private static final char[] PASSWORD = "correct horse battery staple".toCharArray();

    private final SshServer server;
    private final KeyPair hostKey;
    private final KeyPair clientKey;
    private final Path knownHosts;

    private EmbeddedSshServer(String bindAddress) throws IOException, GeneralSecurityException {
        this.hostKey = newEcKeyPair();
        this.clientKey = newEcKeyPair();
        server = SshServer.setUpDefaultServer();
        server.setHost(bindAddress);
        server.setPort(0);
        // without it the server's small replies wait on Nagle and delayed ACK: ~40 ms per command
        CoreModuleProperties.TCP_NODELAY.set(server, true);
        server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
        server.setPublickeyAuthenticator((user, key, session) ->
                USER.equals(user) && KeyUtils.compareKeys(key, clientKey.getPublic()));
        server.setPasswordAuthenticator((user, password, session) ->
                USER.equals(user) && Arrays.equals(password.toCharArray(), PASSWORD));
        server.setCommandFactory((channel, command) ->
                new ProcessShellFactory(command, "/bin/sh", "-c", command).createShell(channel));
        server.start();
        knownHosts = Files.createTempFile("rb-embedded-known_hosts", "");
        Files.writeString(knownHosts, "[" + bindAddress + "]:" + server.getPort() + " "
                + PublicKeyEntry.toString(hostKey.getPublic()) + "\n");
    }

    /** Starts a server on 127.0.0.1. */
    public static EmbeddedSshServer start() throws IOException, GeneralSecurityException {
        return new EmbeddedSshServer("127.0.0.1");
    }

    public static EmbeddedSshServer start(String bindAddress) throws IOException, GeneralSecurityException {
        return new EmbeddedSshServer(bindAddress);
    }

    public SshCredentials credentials() {
        return SshCredentials.keyPair(USER, clientKey);
    }

    public HostKeyPolicy hostKeys() {
        return HostKeyPolicy.knownHosts(knownHosts);
    }

    public String host() {
        return server.getHost();
    }

    public int port() {
        return server.getPort();
    }

    public String user() {
        return USER;
    }

    /** The only password accepted for {@link #user()}. */
    public char[] password() {
        return PASSWORD.clone();
    }

    /** The only client key pair accepted for {@link #user()}. */
    public KeyPair clientKey() {
        return clientKey;
    }

    /** A known_hosts file with this server's key for {@code [host]:port}. */
    public Path knownHosts() {
        return knownHosts;
    }

    /** The host key's {@code SHA256:...} fingerprint. */
    public String hostKeyFingerprint() {
        return KeyUtils.getFingerPrint(hostKey.getPublic());
    }

    /** Stops at once, dropping every session: "server died mid-command". */
    public void killHard() throws IOException {
        server.stop(true);
    }

    public void close() throws IOException {
        try {
            server.stop(true);
        } finally {
            Files.deleteIfExists(knownHosts);
        }
    }

    private static KeyPair newEcKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }
}
