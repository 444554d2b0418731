package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.HostKeyVerdict;
import net.schmizz.sshj.transport.verification.HostKeyVerifier;

import java.security.PublicKey;
import java.util.List;

/**
 * The sshj verifier for one connection: asks the policy and remembers what it decided, so that a refusal can be
 * explained (unknown host or changed key, and the key's fingerprint). Holds no parsed known_hosts data.
 */
public final class HostKeyCheck implements HostKeyVerifier {

    private final HostKeyPolicy policy;
    private volatile HostKeyVerdict verdict;
    private volatile PublicKey presented;
    private volatile RuntimeException error;

    public HostKeyCheck(HostKeyPolicy policy) {
        this.policy = policy;
    }

    @Override
    public boolean verify(String hostname, int port, PublicKey key) {
        presented = key;
        try {
            HostKeyVerdict v = policy.verify(hostname, port, key);
            verdict = v;
            return v.accepted();
        } catch (RuntimeException e) {
            error = e; // e.g. an unreadable known_hosts file: refuse, and say why
            return false;
        }
    }

    @Override
    public List<String> findExistingAlgorithms(String hostname, int port) {
        return List.of();
    }

    public HostKeyPolicy policy() {
        return policy;
    }

    /** The decision, or {@code null} if the server's key was never checked. */
    public HostKeyVerdict verdict() {
        return verdict;
    }

    /** The key the server presented, or {@code null}. */
    public PublicKey presented() {
        return presented;
    }

    /** Why the policy could not decide (it then refused), or {@code null}. */
    public RuntimeException error() {
        return error;
    }
}
