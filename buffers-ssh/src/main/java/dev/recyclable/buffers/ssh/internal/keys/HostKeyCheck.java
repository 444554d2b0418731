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
package dev.recyclable.buffers.ssh.internal.keys;

import com.hierynomus.sshj.userauth.certificate.Certificate;
import java.security.PublicKey;
import java.util.List;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.transport.verification.HostKeyVerifier;

/**
 * The sshj verifier for one connection: tells sshj which host-key algorithms to ask the server for first, asks the
 * rule about the key presented and remembers what it decided, so that a refusal can be explained (unknown host
 * or changed key, and the key's fingerprint). Holds no parsed known_hosts data.
 */
public final class HostKeyCheck implements HostKeyVerifier {

    private final HostKeyRule rule;
    private final List<String> algorithms;
    private volatile HostKeyVerdict verdict;
    private volatile PublicKey presented;
    private volatile RuntimeException error;
    private volatile boolean forgedCertificate;

    /**
     * A verifier for one connection deciding by {@code rule}.
     *
     * @param config the config the connection negotiates with: its host-key algorithms, in its order
     */
    public HostKeyCheck(HostKeyRule rule, Config config) {
        this.rule = rule;
        this.algorithms = List.copyOf(Factory.Named.Util.getNames(config.getKeyAlgorithms()));
    }

    @Override
    public boolean verify(String hostname, int port, PublicKey key) {
        presented = key;
        if (key instanceof Certificate<?> cert && !HostCertificates.signatureVerifies(cert)) {
            // ssh fails to parse such a certificate and drops the connection, whatever its known_hosts says
            forgedCertificate = true;
            return false;
        }
        try {
            HostKeyVerdict v = rule.verify(hostname, port, key);
            verdict = v;
            return v.accepted();
        } catch (RuntimeException e) {
            error = e; // e.g. an unreadable known_hosts file: refuse, and say why
            return false;
        }
    }

    /**
     * The host-key algorithms for sshj to propose first (it keeps its config's order among them, and proposes
     * the others after them): the policy's choice, as {@code ssh} makes it from known_hosts.
     */
    @Override
    public List<String> findExistingAlgorithms(String hostname, int port) {
        try {
            return rule.hostKeyAlgorithms(hostname, port, algorithms);
        } catch (RuntimeException e) {
            return List.of(); // an unreadable file: verify() reads it again and reports why
        }
    }

    /** The rule, which names the policy (its file or fingerprint) in its {@code toString}. */
    public HostKeyRule rule() {
        return rule;
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

    /** Whether the server presented a host certificate whose CA signature does not verify (refused unasked). */
    public boolean forgedCertificate() {
        return forgedCertificate;
    }
}
