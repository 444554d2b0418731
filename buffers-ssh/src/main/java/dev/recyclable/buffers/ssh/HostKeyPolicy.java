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

import dev.recyclable.buffers.ssh.internal.keys.HostKeyAlgorithmOrder;
import dev.recyclable.buffers.ssh.internal.keys.HostKeyCheck;
import dev.recyclable.buffers.ssh.internal.keys.HostKeyRule;
import dev.recyclable.buffers.ssh.internal.keys.HostKeyVerdict;
import dev.recyclable.buffers.ssh.internal.keys.HostKeys;
import dev.recyclable.buffers.ssh.internal.keys.KnownHostsFile;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.List;
import java.util.Objects;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.transport.verification.HostKeyVerifier;

/**
 * How the server's host key is checked: a value handed to {@code SshRunner.builder(host).hostKeys(...)} or to a
 * fan-out target, built by the static factories here. The default, {@link #defaultKnownHosts()}, decides as
 * OpenSSH's {@code ssh} does with {@code StrictHostKeyChecking yes}: unknown hosts and changed or revoked keys are
 * refused. Policies are immutable and thread-safe; share one among all connections (a known_hosts policy reads
 * its file once, and again only when the file changes).
 */
public final class HostKeyPolicy {

    private static final System.Logger LOG = System.getLogger(HostKeyPolicy.class.getName());

    private final HostKeyRule rule;

    private HostKeyPolicy(HostKeyRule rule) {
        this.rule = rule;
    }

    /**
     * An sshj verifier that applies this policy to one connection, for callers that manage sshj themselves
     * ({@code client.addHostKeyVerifier(policy.verifier(client.getTransport().getConfig()))} before connecting);
     * {@code SshRunner} and the fan-out install it for you. It also asks the server for the host-key types this
     * policy knows first, as {@code ssh} does.
     *
     * @param config the config the connection negotiates with: its host-key algorithms, in its order
     */
    public HostKeyVerifier verifier(Config config) {
        return new HostKeyCheck(rule, config);
    }

    /** {@code ~/.ssh/known_hosts} of the user running the JVM: {@link #knownHosts(Path)} on that file. */
    public static HostKeyPolicy defaultKnownHosts() {
        return knownHosts(Path.of(System.getProperty("user.home"), ".ssh", "known_hosts"));
    }

    /**
     * Accepts exactly what OpenSSH's {@code ssh -o StrictHostKeyChecking=yes -o UserKnownHostsFile=file} accepts
     * (with {@code CheckHostIP no}, its default): plain and hashed ({@code |1|...}) host names,
     * {@code [host]:port}, {@code *}/{@code ?} wildcards, {@code !}negated patterns, several keys per host,
     * {@code @cert-authority} (host certificates) and {@code @revoked} (refused whatever else accepts the key).
     * Unknown hosts and changed keys are refused; a missing file knows no host.
     *
     * <p>As {@code ssh} does, it asks a server with several host keys for the types the file lists for
     * {@code [host]:port} first (the host-key algorithms it asks for first), so listing only a server's ECDSA or RSA key is
     * enough; and a host certificate that fails {@code ssh}'s checks (expired or not yet valid, another name
     * among its principals, no trusted CA) is judged as the plain key inside it.
     *
     * <p>The file is parsed once, indexed by host name (a lookup costs the same with 10 or 100,000 lines; each
     * hashed line costs one HMAC-SHA1 per connection), and parsed again only when its modification time or size
     * changes. Connections share the parsed file; none keeps a copy.
     */
    public static HostKeyPolicy knownHosts(Path file) {
        KnownHostsFile knownHosts = new KnownHostsFile(Objects.requireNonNull(file, "file"));
        return new HostKeyPolicy(new HostKeyRule() {
            @Override
            public HostKeyVerdict verify(String host, int port, PublicKey key) {
                return knownHosts.index().decide(host, port, key);
            }

            @Override
            public List<String> hostKeyAlgorithms(String host, int port, List<String> available) {
                return HostKeyAlgorithmOrder.of(knownHosts.index(), host, port, available);
            }

            @Override
            public String toString() {
                return "knownHosts(" + file + (knownHosts.exists() ? ")" : ", which does not exist)");
            }
        });
    }

    /**
     * Accepts exactly one host key, given by its fingerprint as OpenSSH prints it ({@code ssh-keygen -l -f key.pub}
     * or {@code ssh-keyscan host | ssh-keygen -lf -}): {@code SHA256:<base64>}, or {@code MD5:<hex pairs>} from
     * {@code -E md5}. Any other key is refused as a changed key. A host certificate counts as the key inside it,
     * as OpenSSH fingerprints certificates.
     *
     * @throws IllegalArgumentException if {@code fingerprint} is in neither form (the message shows them)
     */
    public static HostKeyPolicy pinnedFingerprint(String fingerprint) {
        String expected = HostKeys.parseFingerprint(Objects.requireNonNull(fingerprint, "fingerprint"));
        return new HostKeyPolicy(new HostKeyRule() {
            @Override
            public HostKeyVerdict verify(String host, int port, PublicKey key) {
                String actual = HostKeys.fingerprintLike(expected, HostKeys.blob(HostKeys.plainKey(key)));
                return actual.equals(expected) ? HostKeyVerdict.ACCEPTED : HostKeyVerdict.CHANGED_KEY;
            }

            @Override
            public String toString() {
                return "pinnedFingerprint(" + expected + ")";
            }
        });
    }

    /**
     * Accepts ANY host key: no protection at all against a man in the middle, who sees every command, its output
     * and (with password authentication) the password. For tests against throw-away local servers only.
     * Every connection made with it logs a warning through {@link System.Logger} (so it shows without any
     * logging library).
     */
    public static HostKeyPolicy acceptAnyHostKeyInsecurely() {
        return new HostKeyPolicy(new HostKeyRule() {
            @Override
            public HostKeyVerdict verify(String host, int port, PublicKey key) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "SSH host key verification DISABLED for the connection to "
                                + host + ":" + port + " (HostKeyPolicy.acceptAnyHostKeyInsecurely): accepted "
                                + HostKeys.sha256Fingerprint(HostKeys.blob(key)) + " unchecked");
                return HostKeyVerdict.ACCEPTED;
            }

            @Override
            public String toString() {
                return "acceptAnyHostKeyInsecurely()";
            }
        });
    }

    /** Which policy this is, with its file or fingerprint (for messages). */
    @Override
    public String toString() {
        return rule.toString();
    }
}
