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
package dev.recyclable.buffers.ssh.transport;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.transport.cipher.Cipher;
import net.schmizz.sshj.transport.mac.MAC;

/**
 * The sshj {@link Config} shared by every connection of this module.
 *
 * <p>Building a {@code DefaultConfig} is expensive (it test-initialises every cipher), and a config is
 * read-only once built, so one instance serves all clients. Cipher order: the JDK provider's
 * {@code aes128-gcm} and {@code aes256-gcm} first (in-place, ~630 MB/s and almost no garbage on loopback),
 * then sshj's defaults (chacha20-poly1305 through BouncyCastle: ~175 MB/s, about one byte of garbage per byte),
 * for servers that offer no GCM.
 *
 * <p>Host keys: the host-key algorithms are in OpenSSH 9.2's default order ({@code ssh -G host | grep
 * hostkeyalgorithms}: every certificate type, then ed25519, ECDSA, RSA with SHA-2), followed by the ones
 * {@code ssh} no longer proposes by default ({@code ssh-rsa}, {@code ssh-dss} and their certificates), so that
 * moving a {@code HostKeyPolicy}'s preferred algorithms to the front, as sshj does, yields {@code ssh}'s proposal.
 * And sshj's own check of host certificates during the key exchange is off
 * ({@link Config#setVerifyHostKeyCertificates}): it drops the connection on an expired certificate or one for
 * another name, where {@code ssh} goes on with the plain key inside it. The verifier a {@code HostKeyPolicy}
 * installs checks certificates itself; an sshj {@code HostKeyVerifier} of your own does not, so give it a config
 * of your own ({@link #newLowGarbageConfig()}) with the check set back on.
 */
public final class SshConfigs {

    private SshConfigs() {}

    /** The shared config. Do not modify it: build your own with {@link #newLowGarbageConfig()} instead. */
    public static Config shared() {
        return Holder.SHARED;
    }

    /** A new config with this module's cipher preferences, to customise further. */
    public static DefaultConfig newLowGarbageConfig() {
        DefaultConfig config = new DefaultConfig();
        List<Factory.Named<Cipher>> ciphers = new ArrayList<>();
        ciphers.add(JdkGcmCipherFactory.aes128Gcm());
        ciphers.add(JdkGcmCipherFactory.aes256Gcm());
        for (Factory.Named<Cipher> factory : config.getCipherFactories()) {
            if (!factory.getName().startsWith("aes128-gcm")
                    && !factory.getName().startsWith("aes256-gcm")) {
                ciphers.add(factory);
            }
        }
        config.setCipherFactories(ciphers);
        config.setKeyAlgorithms(inOpenSshOrder(config.getKeyAlgorithms()));
        config.setVerifyHostKeyCertificates(false);
        return config;
    }

    /** OpenSSH 9.2's default {@code HostKeyAlgorithms}, less the security-key types sshj does not have. */
    private static final List<String> OPENSSH_HOST_KEY_ORDER = List.of(
            "ssh-ed25519-cert-v01@openssh.com",
            "ecdsa-sha2-nistp256-cert-v01@openssh.com",
            "ecdsa-sha2-nistp384-cert-v01@openssh.com",
            "ecdsa-sha2-nistp521-cert-v01@openssh.com",
            "rsa-sha2-512-cert-v01@openssh.com",
            "rsa-sha2-256-cert-v01@openssh.com",
            "ssh-ed25519",
            "ecdsa-sha2-nistp256",
            "ecdsa-sha2-nistp384",
            "ecdsa-sha2-nistp521",
            "rsa-sha2-512",
            "rsa-sha2-256");

    /** {@code algorithms} in OpenSSH's order; the ones it does not propose after them, in their own order. */
    private static <T extends Factory.Named<?>> List<T> inOpenSshOrder(List<T> algorithms) {
        List<T> ordered = new ArrayList<>(algorithms);
        ordered.sort(Comparator.comparingInt(a -> {
            int rank = OPENSSH_HOST_KEY_ORDER.indexOf(a.getName());
            return rank < 0 ? OPENSSH_HOST_KEY_ORDER.size() : rank;
        }));
        return ordered;
    }

    /**
     * A config for transfers that must not allocate: {@code aes128-ctr} with
     * {@code hmac-sha2-256-etm@openssh.com}, both on the JDK's intrinsics and both allocation-free per packet
     * ({@link JdkCtrCipherFactory}, {@link JdkHmacFactory}), and allocation-free padding randomness
     * ({@link KeystreamRandom}); then the order of {@link #newLowGarbageConfig()} for servers without them.
     * About 0.3&nbsp;KB per MiB down and 0.07&nbsp;KB up instead of GCM's 30 and 45, but 30-42&nbsp;% slower
     * on loopback (HMAC-SHA-256 runs at ~1.7&nbsp;GB/s against GCM's ~6): an opt-in, not the default. See
     * {@code SshTransfer} for the numbers.
     */
    public static DefaultConfig newLowAllocationTransferConfig() {
        return preferring(
                newLowGarbageConfig(),
                JdkCtrCipherFactory.aes128Ctr(),
                JdkHmacFactory.hmacSha256Etm(),
                JdkCtrCipherFactory.aes256Ctr(),
                JdkHmacFactory.hmacSha256());
    }

    /** The shared low-allocation config ({@link #newLowAllocationTransferConfig()}). Do not modify it. */
    public static Config lowAllocationTransfer() {
        return Holder.LOW_ALLOCATION;
    }

    /**
     * {@code config} with the given cipher and MAC factories moved (or added) to the front, in this order, and
     * allocation-free padding randomness ({@link KeystreamRandom}). For benchmarks and tuning.
     */
    public static DefaultConfig preferring(DefaultConfig config, Factory.Named<?>... first) {
        List<Factory.Named<Cipher>> ciphers = new ArrayList<>();
        List<Factory.Named<MAC>> macs = new ArrayList<>();
        for (Factory.Named<?> f : first) {
            if (f.create() instanceof Cipher) {
                @SuppressWarnings("unchecked")
                Factory.Named<Cipher> c = (Factory.Named<Cipher>) f;
                ciphers.add(c);
            } else {
                @SuppressWarnings("unchecked")
                Factory.Named<MAC> m = (Factory.Named<MAC>) f;
                macs.add(m);
            }
        }
        for (Factory.Named<Cipher> c : config.getCipherFactories()) {
            if (ciphers.stream().noneMatch(x -> x.getName().equals(c.getName()))) {
                ciphers.add(c);
            }
        }
        for (Factory.Named<MAC> m : config.getMACFactories()) {
            if (macs.stream().noneMatch(x -> x.getName().equals(m.getName()))) {
                macs.add(m);
            }
        }
        config.setCipherFactories(ciphers);
        config.setMACFactories(macs);
        config.setRandomFactory(KeystreamRandom.FACTORY);
        return config;
    }

    /** A config with sshj's own cipher order, for comparison in benchmarks. */
    public static DefaultConfig newSshjDefaultConfig() {
        return new DefaultConfig();
    }

    private static final class Holder {
        static final Config SHARED = newLowGarbageConfig();
        static final Config LOW_ALLOCATION = newLowAllocationTransferConfig();
    }
}
