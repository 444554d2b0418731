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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hierynomus.sshj.userauth.certificate.Certificate;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import net.schmizz.sshj.common.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The certificate checks sshj no longer makes during the key exchange, on certificates {@code ssh-keygen} signs.
 * (Which certificates {@code ssh} then accepts, against a real server: {@code KnownHostsOracleTest}.)
 */
class HostCertificatesTest {

    private Path dir;

    @BeforeEach
    void tempDir() throws IOException {
        dir = Files.createTempDirectory("rb-host-certificates");
    }

    @AfterEach
    void deleteTempDir() throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Test
    void aCertificateSignedByItsCaVerifiesAndOneChangedAfterSigningDoesNot() throws Exception {
        byte[] blob = certificateBlob("ed25519", "-n", "db1.example.org");
        assertTrue(HostCertificates.signatureVerifies(parse(blob)));
        String id = "rb-test-id";
        int at = indexOf(blob, id.getBytes(StandardCharsets.US_ASCII));
        blob[at] = 'R'; // the key id, which the CA signed
        assertFalse(HostCertificates.signatureVerifies(parse(blob)), "a certificate edited after signing");
    }

    @Test
    void anRsaCaSignsWithSha2AndItsSignatureVerifies() throws Exception {
        Certificate<?> cert = parse(certificateBlob("rsa", "-n", "db1.example.org"));
        assertTrue(HostCertificates.signatureVerifies(cert));
        assertNull(HostCertificates.invalidReason(cert, "db1.example.org", Instant.now()));
    }

    @Test
    void validityAndPrincipalsAsSshReadsThem() throws Exception {
        Certificate<?> cert = parse(certificateBlob("ed25519", "-n", "db1.example.org,db1", "-V", "20300101:20310101"));
        Instant inside = Instant.parse("2030-06-01T00:00:00Z");
        assertNull(HostCertificates.invalidReason(cert, "db1", inside));
        assertEquals(
                "not yet valid", HostCertificates.invalidReason(cert, "db1", Instant.parse("2029-12-31T00:00:00Z")));
        assertEquals("expired", HostCertificates.invalidReason(cert, "db1", Instant.parse("2031-01-02T00:00:00Z")));
        assertEquals("name is not a listed principal", HostCertificates.invalidReason(cert, "db2", inside));
        Certificate<?> anyHost = parse(certificateBlob("ed25519"));
        assertNull(HostCertificates.invalidReason(anyHost, "whatever.example.org", Instant.now()), "no principals");
    }

    /** A host certificate for a new ed25519 key, signed by a new CA key of {@code caType}, with these options. */
    private byte[] certificateBlob(String caType, String... options) throws Exception {
        Path ca = dir.resolve("ca-" + caType);
        if (!Files.exists(ca)) {
            run(OpenSshServer.SSH_KEYGEN.toString(), "-q", "-t", caType, "-N", "", "-f", ca.toString());
        }
        Path host = Files.createTempDirectory(dir, "host").resolve("key");
        run(OpenSshServer.SSH_KEYGEN.toString(), "-q", "-t", "ed25519", "-N", "", "-f", host.toString());
        java.util.List<String> sign = new java.util.ArrayList<>(java.util.List.of(
                OpenSshServer.SSH_KEYGEN.toString(), "-q", "-s", ca.toString(), "-I", "rb-test-id", "-h"));
        sign.addAll(java.util.List.of(options));
        sign.add(host + ".pub");
        run(sign.toArray(String[]::new));
        return Base64.getDecoder()
                .decode(Files.readString(Path.of(host + "-cert.pub")).trim().split(" ")[1]);
    }

    private static Certificate<?> parse(byte[] blob) throws Buffer.BufferException {
        return (Certificate<?>) new Buffer.PlainBuffer(blob).readPublicKey();
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }
}
