package dev.recyclable.buffers.ssh;

import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.transport.verification.OpenSSHKnownHosts;
import net.schmizz.sshj.transport.verification.PromiscuousVerifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * How the server's host key is checked. The default, {@link #defaultKnownHosts()}, rejects unknown and changed
 * keys like OpenSSH's {@code StrictHostKeyChecking yes}.
 */
public abstract class HostKeyPolicy {

    private static final Logger LOG = LoggerFactory.getLogger(HostKeyPolicy.class);

    private HostKeyPolicy() {
    }

    /** Installs this policy's verifier on a client that has not connected yet. */
    public abstract void applyTo(SSHClient client) throws IOException;

    /** {@code ~/.ssh/known_hosts} of the user running the JVM. */
    public static HostKeyPolicy defaultKnownHosts() {
        return knownHosts(Path.of(System.getProperty("user.home"), ".ssh", "known_hosts"));
    }

    /**
     * Accepts only hosts listed in an OpenSSH {@code known_hosts} file (hashed entries, {@code @cert-authority} and
     * {@code @revoked} markers are understood). Unknown hosts and changed keys are refused.
     */
    public static HostKeyPolicy knownHosts(Path file) {
        Objects.requireNonNull(file, "file");
        return new HostKeyPolicy() {
            @Override
            public void applyTo(SSHClient client) throws IOException {
                if (!Files.isReadable(file)) {
                    throw new IOException("known_hosts file not readable: " + file
                            + " (refusing to connect to an unverified host)");
                }
                client.addHostKeyVerifier(new OpenSSHKnownHosts(file.toFile()));
            }

            @Override
            public String toString() {
                return "knownHosts(" + file + ")";
            }
        };
    }

    /**
     * Accepts exactly one host key, given by its fingerprint as {@code ssh-keygen -l} prints it:
     * {@code SHA256:base64...} (or the legacy MD5 {@code xx:xx:...} form).
     */
    public static HostKeyPolicy pinnedFingerprint(String fingerprint) {
        Objects.requireNonNull(fingerprint, "fingerprint");
        return new HostKeyPolicy() {
            @Override
            public void applyTo(SSHClient client) {
                client.addHostKeyVerifier(fingerprint);
            }

            @Override
            public String toString() {
                return "pinnedFingerprint(" + fingerprint + ")";
            }
        };
    }

    /**
     * Accepts ANY host key: no protection at all against a man in the middle, who sees every command, its output
     * and (with password authentication) the password. For tests against throw-away local servers only.
     * Every connection made with it logs a warning.
     */
    public static HostKeyPolicy acceptAnyHostKeyInsecurely() {
        return new HostKeyPolicy() {
            @Override
            public void applyTo(SSHClient client) {
                LOG.warn("SSH host key verification DISABLED for this connection (acceptAnyHostKeyInsecurely)");
                client.addHostKeyVerifier(new PromiscuousVerifier());
            }

            @Override
            public String toString() {
                return "acceptAnyHostKeyInsecurely()";
            }
        };
    }
}
