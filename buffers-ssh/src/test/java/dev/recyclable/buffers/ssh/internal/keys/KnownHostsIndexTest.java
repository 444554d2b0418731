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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The known_hosts index and file cache: read once, again only on change, indexed so that a lookup does not scan
 * exact-name lines. (Decisions against the real {@code ssh} client: {@code KnownHostsOracleTest}.)
 */
class KnownHostsIndexTest {

    private static PublicKey newKey() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(256);
        return g.generateKeyPair().getPublic();
    }

    private static String line(String hosts, PublicKey key) {
        return hosts + " ecdsa-sha2-nistp256 " + Base64.getEncoder().encodeToString(HostKeys.blob(key));
    }

    @Test
    void aHundredThousandOneHostLinesAreLookedUpWithoutScanning() throws Exception {
        PublicKey key = newKey();
        PublicKey other = newKey();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            text.append(line(
                            "host" + i + ".example.org,10.0." + (i >> 8 & 255) + "." + (i & 255),
                            i == 77_777 ? key : other))
                    .append('\n');
        }
        KnownHostsIndex index = KnownHostsIndex.parse(text);
        assertEquals(100_000, index.lines());
        assertEquals(0, index.scannedPerLookup(), "exact names are hashed, never scanned");
        assertEquals(
                List.of(HostKeyVerdict.ACCEPTED, HostKeyVerdict.CHANGED_KEY, HostKeyVerdict.UNKNOWN_HOST),
                verdicts(index, key, "HOST77777.example.org:22", "host77778.example.org:22", "nowhere.example.org:22"));
    }

    @Test
    void hashedLinesCostOneHmacEachAndMatchAsSshHashesThem() throws Exception {
        PublicKey key = newKey();
        byte[] salt = new byte[20];
        new java.security.SecureRandom().nextBytes(salt);
        Mac mac = Mac.getInstance("HmacSHA1");
        mac.init(new SecretKeySpec(salt, "HmacSHA1"));
        byte[] hash = mac.doFinal("[db1.example.org]:2222".getBytes(StandardCharsets.UTF_8));
        String hashedName = "|1|" + Base64.getEncoder().encodeToString(salt) + "|"
                + Base64.getEncoder().encodeToString(hash);
        KnownHostsIndex index = KnownHostsIndex.parse(line(hashedName, key) + "\n" + line("*.example.com", key));
        assertEquals(
                List.of(HostKeyVerdict.ACCEPTED, HostKeyVerdict.UNKNOWN_HOST, HostKeyVerdict.ACCEPTED),
                verdicts(index, key, "db1.example.org:2222", "db1.example.org:22", "x.example.com:22"));
        assertEquals(2, index.scannedPerLookup(), "one hashed and one wildcard line are scanned per lookup");
    }

    @Test
    void theFileIsReadOnceAndAgainOnlyWhenItChanges() throws Exception {
        PublicKey key = newKey();
        PublicKey replacement = newKey();
        Path file = Files.createTempFile("rb-known_hosts", "");
        try {
            Files.writeString(file, line("db1.example.org", key) + "\n");
            KnownHostsFile knownHosts = new KnownHostsFile(file);
            for (int i = 0; i < 1_000; i++) {
                assertEquals(HostKeyVerdict.ACCEPTED, knownHosts.index().decide("db1.example.org", 22, key));
            }
            assertEquals(1, knownHosts.loads(), "one parse for a thousand lookups");

            Files.writeString(file, line("db1.example.org", replacement) + "\n"); // same size: mtime tells
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
            assertEquals(HostKeyVerdict.CHANGED_KEY, knownHosts.index().decide("db1.example.org", 22, key));
            assertEquals(HostKeyVerdict.ACCEPTED, knownHosts.index().decide("db1.example.org", 22, replacement));
            assertEquals(2, knownHosts.loads());

            Files.delete(file);
            assertEquals(HostKeyVerdict.UNKNOWN_HOST, knownHosts.index().decide("db1.example.org", 22, replacement));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aPolicyAnswersFromTheSharedIndex() throws Exception {
        PublicKey key = newKey();
        Path file = Files.createTempFile("rb-known_hosts", "");
        try {
            Files.writeString(
                    file,
                    line("[db1.example.org]:2222", key) + "\n@revoked * "
                            + line("", newKey()).trim());
            HostKeyPolicy policy = HostKeyPolicy.knownHosts(file);
            assertEquals(HostKeyVerdict.ACCEPTED, verdict(policy, "db1.example.org", 2222, key));
            assertEquals(HostKeyVerdict.UNKNOWN_HOST, verdict(policy, "db2.example.org", 2222, key));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void pinnedFingerprintsAreCheckedWhenBuilt() throws Exception {
        PublicKey key = newKey();
        byte[] blob = HostKeys.blob(key);
        String sha256 = HostKeys.sha256Fingerprint(blob);
        String md5 = HostKeys.md5Fingerprint(blob);
        assertEquals(HostKeyVerdict.ACCEPTED, verdict(HostKeyPolicy.pinnedFingerprint(sha256), "h", 22, key));
        assertEquals(HostKeyVerdict.ACCEPTED, verdict(HostKeyPolicy.pinnedFingerprint(sha256 + "="), "h", 22, key));
        assertEquals(HostKeyVerdict.ACCEPTED, verdict(HostKeyPolicy.pinnedFingerprint(md5), "h", 22, key));
        assertEquals(
                HostKeyVerdict.ACCEPTED,
                verdict(HostKeyPolicy.pinnedFingerprint(md5.substring(4).toUpperCase()), "h", 22, key));
        assertEquals(HostKeyVerdict.CHANGED_KEY, verdict(HostKeyPolicy.pinnedFingerprint(sha256), "h", 22, newKey()));

        for (String bad : new String[] {
            sha256.substring(7),
            "SHA1:" + sha256.substring(7),
            "SHA256:abc",
            "",
            "MD5:" + md5.substring(4, 20),
            "sha256 " + sha256,
            "SHA256:" + "!".repeat(43)
        }) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> HostKeyPolicy.pinnedFingerprint(bad), bad);
            assertTrue(
                    e.getMessage().contains("SHA256:<43 base64 characters>")
                            && e.getMessage().contains("MD5:"),
                    e.getMessage());
        }
    }

    /** The index's verdict on {@code key} for each {@code host:port}, in order. */
    private static List<HostKeyVerdict> verdicts(KnownHostsIndex index, PublicKey key, String... hostPorts) {
        List<HostKeyVerdict> verdicts = new ArrayList<>();
        for (String hostPort : hostPorts) {
            int colon = hostPort.lastIndexOf(':');
            int port = Integer.parseInt(hostPort.substring(colon + 1));
            verdicts.add(index.decide(hostPort.substring(0, colon), port, key));
        }
        return verdicts;
    }

    /** What {@code policy} decides about {@code key}, asked as a connection asks it: through its verifier. */
    private static HostKeyVerdict verdict(HostKeyPolicy policy, String host, int port, PublicKey key) {
        HostKeyCheck check = (HostKeyCheck) policy.verifier(SshConfigs.shared());
        assertEquals(check.verify(host, port, key), check.verdict() == HostKeyVerdict.ACCEPTED);
        return check.verdict();
    }
}
