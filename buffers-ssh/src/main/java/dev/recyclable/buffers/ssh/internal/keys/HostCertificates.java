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
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.common.KeyType;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.signature.Signature;

/**
 * OpenSSH's checks of a host certificate ({@code sshkey.c}, {@code sshconnect.c check_host_cert}, 9.2), made
 * here rather than by sshj during the key exchange: sshj then drops the connection, where {@code ssh} goes on
 * with the plain key inside the certificate.
 */
public final class HostCertificates {

    private static final long HOST_CERTIFICATE = 2;

    /** {@code CASignatureAlgorithms}' default: a CA's {@code ssh-rsa} (SHA-1) signature does not count. */
    private static final Set<String> CA_SIGNATURE_ALGORITHMS = Set.of(
            "ssh-ed25519",
            "ecdsa-sha2-nistp256",
            "ecdsa-sha2-nistp384",
            "ecdsa-sha2-nistp521",
            "sk-ssh-ed25519@openssh.com",
            "sk-ecdsa-sha2-nistp256@openssh.com",
            "rsa-sha2-512",
            "rsa-sha2-256");

    private HostCertificates() {}

    /**
     * Whether the signature of the CA named in {@code cert} verifies over it. {@code ssh} does not even parse a
     * certificate whose signature does not, so it never gets to known_hosts.
     *
     * <p>The signed bytes are sshj's re-encoding of the certificate (the raw blob stays inside sshj's key
     * exchange): a certificate that does not survive that round trip fails, which refuses, never accepts.
     */
    public static boolean signatureVerifies(Certificate<?> cert) {
        byte[] signature = cert.getSignature();
        byte[] blob = HostKeys.blob(cert);
        return signatureVerifies(cert.getSignatureKey(), signature, blob, 0, blob.length - signature.length - 4);
    }

    /**
     * Whether {@code signature} (an SSH signature blob) by the key in {@code caBlob} verifies over
     * {@code data[offset, offset + length)}, checked with sshj's verifiers (RSA with SHA-1 or SHA-2, ECDSA, Ed25519,
     * DSA). A CA sshj cannot read (a security key) counts as not verifying, which refuses, never accepts.
     */
    static boolean signatureVerifies(byte[] caBlob, byte[] signature, byte[] data, int offset, int length) {
        try {
            String algorithm = new Buffer.PlainBuffer(signature).readString();
            Signature verifier = Factory.Named.Util.create(KeyType.CertUtils.ALL_SIGNATURES, algorithm);
            if (verifier == null) {
                return false;
            }
            verifier.initVerify(new Buffer.PlainBuffer(caBlob).readPublicKey());
            verifier.update(data, offset, length);
            return verifier.verify(signature);
        } catch (Buffer.BufferException | SSHRuntimeException | IllegalArgumentException unparsable) {
            return false;
        }
    }

    /**
     * Why {@code ssh} would not accept {@code cert} from {@code hostname} at {@code now} although a
     * {@code @cert-authority} line trusts its CA, in {@code ssh}'s words; {@code null} if it would. Principals
     * are compared exactly: {@code ssh} expands no wildcard in them, and a certificate without principals is valid
     * for every host.
     *
     * @param hostname the host name as connected to, lower case, without the port
     */
    public static String invalidReason(Certificate<?> cert, String hostname, Instant now) {
        if (cert.getType() != HOST_CERTIFICATE) {
            return "not a host certificate";
        }
        long seconds = now.getEpochSecond();
        if (seconds < epochSeconds(cert.getValidAfter(), Long.MIN_VALUE)) {
            return "not yet valid";
        }
        if (seconds >= epochSeconds(cert.getValidBefore(), Long.MAX_VALUE)) {
            return "expired";
        }
        List<String> principals = cert.getValidPrincipals();
        if (principals != null && !principals.isEmpty() && !principals.contains(hostname)) {
            return "name is not a listed principal";
        }
        if (cert.getCritOptions() != null && !cert.getCritOptions().isEmpty()) {
            return "unsupported critical options";
        }
        String algorithm;
        try {
            algorithm = new Buffer.PlainBuffer(cert.getSignature()).readString();
        } catch (Buffer.BufferException unparsable) {
            return "unreadable signature";
        }
        if (!CA_SIGNATURE_ALGORITHMS.contains(algorithm)) {
            return "signature algorithm " + algorithm + " not in CASignatureAlgorithms";
        }
        // the connection's HostKeyCheck verified it already; a policy may also be asked directly
        return signatureVerifies(cert) ? null : "signature does not verify";
    }

    private static long epochSeconds(Date date, long absent) {
        return date == null ? absent : Math.floorDiv(date.getTime(), 1000L);
    }
}
