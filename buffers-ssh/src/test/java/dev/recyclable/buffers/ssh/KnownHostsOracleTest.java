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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fixtures.KexInitRecorder;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * known_hosts decisions with OpenSSH's own {@code ssh} client as the oracle: for each layout, {@code ssh -o
 * StrictHostKeyChecking=yes -o UserKnownHostsFile=<layout>} accepts a private sshd's host key (and goes on to
 * authentication), or refuses it (and says whether the host is unknown, its key changed or is revoked);
 * {@link HostKeyPolicy#knownHosts} must decide the same on every row, connecting to the same server.
 */
class KnownHostsOracleTest {

    private static OpenSshServer sshd;
    private static Path dir;
    /** The server's key, another ed25519 key, and a key of another type, each as "type base64". */
    private static String key;

    private static String other;
    private static String ecdsa;
    private static String hostPort;

    @BeforeAll
    static void start() throws Exception {
        sshd = OpenSshServer.start();
        dir = Files.createTempDirectory("rb-known-hosts-oracle");
        String[] line = Files.readString(sshd.knownHosts()).trim().split(" ");
        hostPort = line[0];
        key = line[1] + " " + line[2];
        other = keygen("ed25519");
        ecdsa = keygen("ecdsa");
    }

    @AfterAll
    static void stop() throws IOException {
        if (sshd != null) {
            sshd.close();
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The layouts: name -> known_hosts text ({@code H} = [127.0.0.1]:port, {@code K} = the server's key). */
    private static Map<String, String> layouts() throws Exception {
        String h = hostPort;
        String port = Integer.toString(sshd.port());
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("plain", h + " " + key);
        rows.put("empty file", "");
        rows.put("another key for the host (changed)", h + " " + other);
        rows.put("several keys, the right one second", h + " " + other + "\n" + h + " " + key);
        rows.put("several keys, the right one first", h + " " + key + "\n" + h + " " + other);
        rows.put("several hosts on one line", "[127.0.0.9]:" + port + ",otherhost," + h + " " + key);
        rows.put("hashed", hashed(h + " " + key));
        rows.put("hashed, another key", hashed(h + " " + other));
        rows.put("hashed among others", hashed("a.example " + other + "\n" + h + " " + key + "\nb.example " + key));
        rows.put("wildcard host and port", "[127.0.0.*]:* " + key);
        rows.put("star alone", "* " + key);
        rows.put("question marks", "[127.0.0.?]:" + port + " " + key);
        rows.put("wildcard that does not match", "[10.0.0.*]:* " + key);
        rows.put("host without port (port is not 22)", "127.0.0.1 " + key);
        rows.put("port 22 form", "[127.0.0.1]:22 " + key);
        rows.put("without port, another key", "127.0.0.1 " + other);
        rows.put("without port, revoked", "127.0.0.1 " + key + "\n@revoked 127.0.0.1 " + key);
        rows.put("without port, and another key with port", h + " " + other + "\n127.0.0.1 " + key);
        rows.put("hashed without port", hashed("127.0.0.1 " + key));
        rows.put("negated: everything but this host", "*,!" + h + " " + key);
        rows.put("negated: everything but another host", "*,!127.0.0.9 " + key);
        rows.put("negated before positive", "!" + h + "," + h + " " + key);
        rows.put("negated wildcard", "*,![127.0.0.*]:* " + key);
        rows.put("only a negated pattern", "!otherhost " + key);
        rows.put("revoked, then listed", "@revoked " + h + " " + key + "\n" + h + " " + key);
        rows.put("listed, then revoked", h + " " + key + "\n@revoked " + h + " " + key);
        rows.put("revoked for every host, listed", h + " " + key + "\n@revoked * " + key);
        rows.put("revoked for another host, listed", h + " " + key + "\n@revoked otherhost " + key);
        rows.put("listed under a wildcard, revoked exactly", "* " + key + "\n@revoked " + h + " " + key);
        rows.put("hashed listed, hashed revoked", hashed(h + " " + key + "\n@revoked " + h + " " + key));
        rows.put("another key revoked", h + " " + key + "\n@revoked " + h + " " + other);
        rows.put("revoked only", "@revoked " + h + " " + key);
        rows.put("cert-authority with the plain key", "@cert-authority " + h + " " + key);
        rows.put("cert-authority, another key listed", "@cert-authority * " + key + "\n" + h + " " + other);
        rows.put("only a key of another type", h + " " + ecdsa);
        rows.put("keys of two types", h + " " + ecdsa + "\n" + h + " " + key);
        rows.put(
                "comments, blank and broken lines",
                "# known hosts\n\n" + h + " ssh-ed25519 not-base64!\n" + h + "\n   \n" + h + " " + key + " a comment");
        rows.put("unknown marker", "@trusted " + h + " " + key);
        rows.put("type field names another type", h + " ssh-rsa " + key.split(" ")[1]);
        rows.put("tab separated", h + "\t" + key.replace(' ', '\t'));
        return rows;
    }

    @Test
    void decidesAsTheOpenSshClientOnEveryLayout() throws Exception {
        String table = assertAgree(sshd, layouts());
        long accepted = table.lines().filter(l -> l.contains("ssh: ACCEPTED")).count();
        long refused = table.lines().count() - accepted;
        assertTrue(accepted >= 10 && refused >= 10, "the matrix covers both outcomes:\n" + table);
    }

    /**
     * The same oracle for a server offering a host certificate: {@code @cert-authority} accepts it for the hosts
     * its pattern matches, {@code @revoked} on the CA refuses it, and without a CA the plain key decides.
     */
    @Test
    void decidesAsTheOpenSshClientOnHostCertificates() throws Exception {
        Path caKey = dir.resolve("ca");
        String ca = keygenAt(caKey, "ed25519");
        String otherCa = keygen("ed25519-ca2");
        OpenSshServer certified =
                OpenSshServer.builder().hostCertificateSignedBy(caKey).start();
        try {
            String[] line = Files.readString(certified.knownHosts()).trim().split(" ");
            String h = line[0];
            String plainKey = line[1] + " " + line[2];
            Map<String, String> rows = new LinkedHashMap<>();
            rows.put("cert-authority for the host", "@cert-authority " + h + " " + ca);
            rows.put("cert-authority for every host", "@cert-authority * " + ca);
            rows.put("cert-authority for another host", "@cert-authority otherhost " + ca);
            rows.put("another CA", "@cert-authority * " + otherCa);
            rows.put("CA without the marker", h + " " + ca);
            rows.put("CA trusted and revoked", "@cert-authority * " + ca + "\n@revoked * " + ca);
            rows.put("CA trusted, host key revoked", "@cert-authority * " + ca + "\n@revoked * " + plainKey);
            rows.put("no CA, plain key listed", h + " " + plainKey);
            rows.put("another CA, plain key listed", "@cert-authority * " + otherCa + "\n" + h + " " + plainKey);
            rows.put("CA trusted, another plain key listed", "@cert-authority * " + ca + "\n" + h + " " + other);
            rows.put("CA revoked (no CA line), plain key listed", h + " " + plainKey + "\n@revoked * " + ca);
            rows.put("CA for the host without port only", "@cert-authority " + certified.host() + " " + ca);
            rows.put(
                    "another CA for host and port, the CA without port",
                    "@cert-authority " + h + " " + otherCa + "\n@cert-authority " + certified.host() + " " + ca);
            String table = assertAgree(certified, rows);
            assertTrue(table.contains("ssh: ACCEPTED") && table.contains("ssh: UNKNOWN"), table);
        } finally {
            certified.close();
        }
    }

    /**
     * A server with ed25519, ECDSA and RSA host keys presents the one the client asks for first; {@code ssh} asks
     * for the key types known_hosts holds for {@code [host]:port} first (all of its default order when the
     * ed25519 type is among them), so a file listing only the ECDSA or RSA key is no changed key.
     */
    @Test
    void decidesAsTheOpenSshClientOnAServerWithSeveralHostKeys() throws Exception {
        OpenSshServer multi =
                OpenSshServer.builder().extraHostKeys("ecdsa", "rsa").start();
        try {
            List<String> keys = multi.hostPublicKeys();
            String ed = keys.get(0);
            String ec = keys.get(1);
            String rsa = keys.get(2);
            String h = "[" + multi.host() + "]:" + multi.port();
            Map<String, String> rows = new LinkedHashMap<>();
            rows.put("ECDSA only", h + " " + ec);
            rows.put("RSA only", h + " " + rsa);
            rows.put("ed25519 revoked, ECDSA listed", "@revoked " + h + " " + ed + "\n" + h + " " + ec);
            rows.put(
                    "ed25519 listed and revoked, ECDSA listed",
                    h + " " + ed + "\n@revoked * " + ed + "\n" + h + " " + ec);
            rows.put("ECDSA and RSA", h + " " + rsa + "\n" + h + " " + ec);
            rows.put("all three", h + " " + rsa + "\n" + h + " " + ec + "\n" + h + " " + ed);
            rows.put("another ed25519, the right ECDSA", h + " " + other + "\n" + h + " " + ec);
            rows.put("another ECDSA, the right RSA", h + " " + ecdsa + "\n" + h + " " + rsa);
            rows.put("another ECDSA only", h + " " + ecdsa);
            rows.put("ECDSA revoked, RSA listed", h + " " + rsa + "\n@revoked " + h + " " + ec);
            rows.put(
                    "ECDSA listed and revoked, RSA listed",
                    h + " " + ec + "\n" + h + " " + rsa + "\n@revoked " + h + " " + ec);
            rows.put("ECDSA under a wildcard", "[127.0.0.*]:* " + ec);
            rows.put("ECDSA hashed", hashed(h + " " + ec));
            rows.put("ECDSA without port", multi.host() + " " + ec);
            rows.put("ECDSA without port, RSA with port", multi.host() + " " + ec + "\n" + h + " " + rsa);
            rows.put("a CA (no certificate offered), RSA listed", "@cert-authority * " + other + "\n" + h + " " + rsa);
            String table = assertAgree(multi, rows);
            assertTrue(table.contains("ssh: ACCEPTED") && table.contains("ssh: CHANGED"), table);
        } finally {
            multi.close();
        }
    }

    /**
     * A host certificate that fails {@code ssh}'s checks (expired, for another name, a wildcard principal, which
     * {@code ssh} does not expand) is not the end: {@code ssh} retries with the plain key inside it, so a listed
     * plain key is accepted, and a CA alone is not enough.
     */
    @Test
    void fallsBackToThePlainKeyAsTheOpenSshClientDoesWhenTheHostCertificateIsInvalid() throws Exception {
        Path caKey = dir.resolve("ca-invalid");
        String ca = keygenAt(caKey, "ed25519");
        Map<String, OpenSshServer.Builder> servers = new LinkedHashMap<>();
        servers.put(
                "expired",
                OpenSshServer.builder().hostCertificateSignedBy(caKey).hostCertificateValidity("20200101:20200102"));
        servers.put(
                "not yet valid",
                OpenSshServer.builder().hostCertificateSignedBy(caKey).hostCertificateValidity("+520w:+530w"));
        servers.put(
                "another principal",
                OpenSshServer.builder().hostCertificateSignedBy(caKey).hostCertificatePrincipals("otherhost"));
        servers.put(
                "wildcard principal",
                OpenSshServer.builder().hostCertificateSignedBy(caKey).hostCertificatePrincipals("127.0.0.*"));
        List<String> disagreements = new ArrayList<>();
        StringBuilder tables = new StringBuilder();
        for (Map.Entry<String, OpenSshServer.Builder> s : servers.entrySet()) {
            OpenSshServer certified = s.getValue().extraHostKeys("ecdsa").start();
            try {
                String h = "[" + certified.host() + "]:" + certified.port();
                String plainKey = certified.hostPublicKeys().get(0);
                String ec = certified.hostPublicKeys().get(1);
                String n = s.getKey() + ": ";
                Map<String, String> rows = new LinkedHashMap<>();
                rows.put(n + "plain key listed", h + " " + plainKey);
                rows.put(n + "CA and plain key listed", "@cert-authority * " + ca + "\n" + h + " " + plainKey);
                rows.put(n + "CA only", "@cert-authority * " + ca);
                rows.put(n + "CA, another plain key", "@cert-authority * " + ca + "\n" + h + " " + other);
                rows.put(n + "CA, ECDSA listed", "@cert-authority * " + ca + "\n" + h + " " + ec);
                rows.put(n + "plain key without port", certified.host() + " " + plainKey);
                Agreement a = agreement(certified, rows);
                tables.append(a.table());
                disagreements.addAll(a.disagreements());
            } finally {
                certified.close();
            }
        }
        assertEquals(List.of(), disagreements, tables.toString());
    }

    /**
     * The differential run, part one: several hundred generated layouts ({@link KnownHostsLayouts}: whitespace of
     * every kind, markers, hashed, wildcard and negated host fields, base64 padded, unpadded and corrupt, blobs of
     * every type, CRLF files, comments, NUL bytes, long patterns and lines, several keys per host, a last line
     * without LF) against a server with one host key: {@code ssh} and we decide the same on every one. With
     * {@code -Drb.knownHostsCorpus=<dir>} the layouts of all three parts are also written there, as fuzz inputs.
     */
    @Test
    void decidesAsTheOpenSshClientOnSeveralHundredGeneratedLayouts() throws Exception {
        try (OpenSshServer single = OpenSshServer.builder().maxStartups("100").start()) {
            KnownHostsLayouts.Key key =
                    KnownHostsLayouts.Key.of(single.hostPublicKeys().get(0));
            Path hostKeyFile = dir.resolve("layouts-host-key.pub");
            Files.writeString(hostKeyFile, key.text() + "\n");
            KnownHostsLayouts.Key serverCertificate =
                    KnownHostsLayouts.Key.of(certify(layoutsCa(), hostKeyFile.toString(), single.host()));
            Map<String, byte[]> layouts = KnownHostsLayouts.forServer(
                    single.host(), single.port(), key, serverCertificate, otherKeysForLayouts());
            Map<String, Integer> outcomes = assertAgreeOnGenerated(single, layouts);
            assertTrue(layouts.size() >= 500, "layouts: " + layouts.size());
            for (String outcome : List.of("ACCEPTED", "UNKNOWN", "CHANGED", "REVOKED")) {
                assertTrue(outcomes.getOrDefault(outcome, 0) >= 20, "each outcome many times: " + outcomes);
            }
        }
    }

    /**
     * Part two: on a server with ed25519, ECDSA and RSA host keys the line a file lists decides which key the
     * server presents, so an ECDSA or RSA line (the blobs that need base64 padding) that {@code ssh} cannot read
     * leaves the host unknown, and one it reads is accepted.
     */
    @Test
    void decidesAsTheOpenSshClientOnGeneratedLayoutsForSeveralHostKeys() throws Exception {
        try (OpenSshServer multi = OpenSshServer.builder()
                .extraHostKeys("ecdsa", "rsa")
                .maxStartups("100")
                .start()) {
            List<String> keys = multi.hostPublicKeys();
            Map<String, Integer> outcomes = assertAgreeOnGenerated(
                    multi,
                    KnownHostsLayouts.forServerWithSeveralKeys(
                            multi.host(),
                            multi.port(),
                            KnownHostsLayouts.Key.of(keys.get(0)),
                            KnownHostsLayouts.Key.of(keys.get(1)),
                            KnownHostsLayouts.Key.of(keys.get(2))));
            assertTrue(
                    outcomes.getOrDefault("ACCEPTED", 0) >= 20 && outcomes.getOrDefault("UNKNOWN", 0) >= 20,
                    outcomes::toString);
        }
    }

    /** Part three: {@code @cert-authority} lines of every layout, for a server presenting a host certificate. */
    @Test
    void decidesAsTheOpenSshClientOnGeneratedLayoutsForAHostCertificate() throws Exception {
        try (OpenSshServer certified = OpenSshServer.builder()
                .hostCertificateSignedBy(layoutsCa())
                .maxStartups("100")
                .start()) {
            Map<String, Integer> outcomes = assertAgreeOnGenerated(
                    certified,
                    KnownHostsLayouts.forCertifiedServer(
                            certified.host(),
                            certified.port(),
                            KnownHostsLayouts.Key.of(Files.readString(Path.of(layoutsCa() + ".pub"))),
                            KnownHostsLayouts.Key.of(certified.hostPublicKeys().get(0))));
            assertTrue(
                    outcomes.getOrDefault("ACCEPTED", 0) >= 20 && outcomes.getOrDefault("UNKNOWN", 0) >= 20,
                    outcomes::toString);
        }
    }

    /** Runs the layouts, fails listing every one where we differ, and returns how often ssh decided what. */
    private static Map<String, Integer> assertAgreeOnGenerated(OpenSshServer server, Map<String, byte[]> layouts)
            throws Exception {
        long started = System.nanoTime();
        Agreement a = agreement(server, layouts, 6);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        Map<String, Integer> outcomes = new java.util.TreeMap<>();
        a.table()
                .lines()
                .forEach(l -> outcomes.merge(
                        l.substring(l.indexOf(" ssh: ") + 6, l.indexOf(" ours: "))
                                .trim(),
                        1,
                        Integer::sum));
        String corpus = System.getProperty("rb.knownHostsCorpus");
        if (corpus != null) {
            writeCorpus(Path.of(corpus), layouts.values());
        }
        assertEquals(
                List.of(),
                a.disagreements(),
                a.disagreements().size() + " of " + layouts.size() + " differ\n" + a.table());
        System.out.println("known_hosts differential: " + layouts.size() + " layouts, ssh decided " + outcomes
                + ", we the same on each, " + millis + " ms");
        return outcomes;
    }

    /** The CA private key the generated layouts' certificates are signed with (made on first use). */
    private static synchronized Path layoutsCa() throws Exception {
        Path caKey = dir.resolve("layouts-ca");
        if (!Files.exists(caKey)) {
            keygenAt(caKey, "ed25519");
        }
        return caKey;
    }

    private static KnownHostsLayouts.OtherKeys otherKeysForLayouts() throws Exception {
        KnownHostsLayouts.Key certificate =
                KnownHostsLayouts.Key.of(certify(layoutsCa(), dir.resolve("key-ed25519") + ".pub", "otherhost"));
        Path rsa = dir.resolve("layouts-rsa");
        byte[] broken = certificate.blob();
        broken[broken.length - 10] ^= 1; // inside the CA's signature
        return new KnownHostsLayouts.OtherKeys(
                KnownHostsLayouts.Key.of(other),
                KnownHostsLayouts.Key.of(ecdsa),
                KnownHostsLayouts.Key.of(
                        Files.exists(rsa) ? Files.readString(Path.of(rsa + ".pub")) : keygenAt(rsa, "rsa")),
                certificate,
                KnownHostsLayouts.Key.ofBlob(broken));
    }

    /** Each layout as a file named by its SHA-1, as Jazzer names its inputs. */
    private static void writeCorpus(Path corpus, java.util.Collection<byte[]> files) throws Exception {
        Files.createDirectories(corpus);
        java.security.MessageDigest sha1 = java.security.MessageDigest.getInstance("SHA-1");
        for (byte[] file : files) {
            if (file.length <= 16 * 1024) { // the long-line layouts stay out: the fuzzer grows its own
                Files.write(corpus.resolve(java.util.HexFormat.of().formatHex(sha1.digest(file))), file);
            }
        }
    }

    /** A host certificate for {@code publicKeyFile}, signed by {@code caKey}, as its known_hosts text. */
    private static String certify(Path caKey, String publicKeyFile, String principal) throws Exception {
        Process p = new ProcessBuilder(
                        OpenSshServer.SSH_KEYGEN.toString(),
                        "-q",
                        "-s",
                        caKey.toString(),
                        "-I",
                        "rb-layouts",
                        "-h",
                        "-n",
                        principal,
                        publicKeyFile)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("ssh-keygen -s failed: " + out);
        }
        String certFile = publicKeyFile.substring(0, publicKeyFile.length() - ".pub".length()) + "-cert.pub";
        String[] f = Files.readString(Path.of(certFile)).trim().split(" ");
        return f[0] + " " + f[1];
    }

    /**
     * The other half of a decision on a server with several host keys: which one it presents, its first choice
     * among the client's host-key algorithms. For each layout, the proposal we send (recorded from the wire)
     * equals {@code ssh}'s, in order, over the algorithms both clients have.
     */
    @Test
    void proposesTheHostKeyAlgorithmsTheOpenSshClientProposes() throws Exception {
        String rsa = keygen("rsa");
        try (KexInitRecorder recorder = KexInitRecorder.start()) {
            String h = "[127.0.0.1]:" + recorder.port();
            Map<String, String> rows = new LinkedHashMap<>();
            rows.put("nothing known", "");
            rows.put("ed25519", h + " " + key);
            rows.put("ECDSA only", h + " " + ecdsa);
            rows.put("RSA only", h + " " + rsa);
            rows.put("RSA and ECDSA", h + " " + rsa + "\n" + h + " " + ecdsa);
            rows.put("ed25519 revoked, ECDSA listed", "@revoked " + h + " " + key + "\n" + h + " " + ecdsa);
            rows.put(
                    "ed25519 listed and revoked, RSA listed",
                    h + " " + key + "\n@revoked * " + key + "\n" + h + " " + rsa);
            rows.put(
                    "ed25519 listed twice, the first revoked",
                    h + " " + other + "\n" + h + " " + key + "\n@revoked * " + other);
            rows.put("a CA and RSA", "@cert-authority * " + key + "\n" + h + " " + rsa);
            rows.put("a CA only", "@cert-authority " + h + " " + key);
            rows.put("ECDSA without port", "127.0.0.1 " + ecdsa);
            rows.put("ECDSA hashed", hashed(h + " " + ecdsa));
            rows.put("RSA under a wildcard, ECDSA for another host", "[127.0.0.*]:* " + rsa + "\notherhost " + ecdsa);
            List<String> disagreements = new ArrayList<>();
            StringBuilder table = new StringBuilder();
            int i = 0;
            for (Map.Entry<String, String> row : rows.entrySet()) {
                Path file = dir.resolve("known_hosts-proposal-" + i++);
                Files.writeString(file, row.getValue().isEmpty() ? "" : row.getValue() + "\n");
                List<String> ssh = recorder.hostKeyAlgorithms(port -> runSsh(port, file));
                List<String> ours = recorder.hostKeyAlgorithms(port -> {
                    try (SshRunner unused = SshRunner.builder("127.0.0.1")
                            .port(port)
                            .credentials(sshd.credentials())
                            .hostKeys(HostKeyPolicy.knownHosts(file))
                            .connect()) {
                        throw new AssertionError("the recorder hangs up before any host key");
                    }
                });
                List<String> sshShared = ssh.stream().filter(ours::contains).toList();
                List<String> oursShared = ours.stream().filter(ssh::contains).toList();
                table.append(String.format("%-45s ssh: %s%n%-45s ours: %s%n", row.getKey(), ssh, "", ours));
                if (!sshShared.equals(oursShared) || oursShared.size() < 6) {
                    disagreements.add(row.getKey() + ": ssh " + sshShared + ", ours " + oursShared);
                }
            }
            assertEquals(List.of(), disagreements, table.toString());
        }
    }

    /** Runs {@code ssh} with {@code knownHosts} against 127.0.0.1:{@code port} until it gives up. */
    private static void runSsh(int port, Path knownHosts) throws Exception {
        Process p = new ProcessBuilder(
                        "ssh",
                        "-F",
                        "/dev/null",
                        "-o",
                        "StrictHostKeyChecking=yes",
                        "-o",
                        "UserKnownHostsFile=" + knownHosts,
                        "-o",
                        "GlobalKnownHostsFile=/dev/null",
                        "-o",
                        "BatchMode=yes",
                        "-p",
                        Integer.toString(port),
                        "127.0.0.1",
                        "true")
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
    }

    /** What {@code ssh} and we decided on a set of layouts: the table, and the rows where we differ. */
    private record Agreement(String table, List<String> disagreements) {}

    /**
     * Asks {@code ssh} and us about every layout (four rows at a time: each is a few process starts and
     * handshakes) and fails listing every row where we disagree; returns the table.
     */
    private static String assertAgree(OpenSshServer server, Map<String, String> layouts) throws Exception {
        Agreement a = agreement(server, layouts);
        assertEquals(List.of(), a.disagreements(), a.table());
        return a.table();
    }

    private static Agreement agreement(OpenSshServer server, Map<String, String> layouts) throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>();
        layouts.forEach(
                (name, text) -> files.put(name, (text.isEmpty() ? "" : text + "\n").getBytes(StandardCharsets.UTF_8)));
        return agreement(server, files, 4);
    }

    /** Asks {@code ssh} and us about each file ({@code threads} rows at a time). */
    private static Agreement agreement(OpenSshServer server, Map<String, byte[]> layouts, int threads)
            throws Exception {
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        List<Map.Entry<String, byte[]>> rows = new ArrayList<>(layouts.entrySet());
        List<java.util.concurrent.Future<String[]>> decisions = new ArrayList<>();
        java.util.concurrent.ExecutorService workers = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            for (int i = 0; i < rows.size(); i++) {
                Path file = dir.resolve("known_hosts-" + server.port() + "-" + i);
                Files.write(file, rows.get(i).getValue());
                decisions.add(workers.submit(
                        () -> new String[] {openSshDecision(server, file), ourDecision(server, file, pool)}));
            }
            List<String> disagreements = new ArrayList<>();
            StringBuilder table = new StringBuilder();
            for (int i = 0; i < rows.size(); i++) {
                String[] d = decisions.get(i).get(120, TimeUnit.SECONDS);
                String name = rows.get(i).getKey();
                table.append(String.format("%-55s ssh: %-8s ours: %s%n", name, d[0], d[1]));
                if (!d[0].equals(d[1])) {
                    disagreements.add(name + ": ssh " + d[0] + ", ours " + d[1] + "\n"
                            + KnownHostsLayouts.visible(
                                    new String(rows.get(i).getValue(), StandardCharsets.ISO_8859_1), 400));
                }
            }
            PoolAssertions.assertNothingInUse(pool);
            server.awaitNoSessionProcesses(Duration.ofSeconds(5));
            return new Agreement(table.toString(), disagreements);
        } finally {
            workers.shutdownNow();
        }
    }

    /** What {@code ssh} decides: ACCEPTED, or the refusal it printed (UNKNOWN, CHANGED, REVOKED, REFUSED). */
    private static String openSshDecision(OpenSshServer sshd, Path knownHosts) throws Exception {
        Process p = new ProcessBuilder(
                        "ssh",
                        "-F",
                        "/dev/null",
                        "-o",
                        "StrictHostKeyChecking=yes",
                        "-o",
                        "UserKnownHostsFile=" + knownHosts,
                        "-o",
                        "GlobalKnownHostsFile=/dev/null",
                        "-o",
                        "BatchMode=yes",
                        "-o",
                        "CheckHostIP=no",
                        "-o",
                        "UpdateHostKeys=no",
                        "-o",
                        "IdentitiesOnly=yes",
                        "-o",
                        "ConnectTimeout=20",
                        // the default's sntrup761 costs ten times the rest of a connection; the key exchange has
                        // no say in host key checking
                        "-o",
                        "KexAlgorithms=curve25519-sha256",
                        // no login: ssh gets to authentication only once it accepted the host key, which is all we ask
                        "-o",
                        "PreferredAuthentications=none",
                        "-i",
                        sshd.clientKey().toString(),
                        "-p",
                        Integer.toString(sshd.port()),
                        sshd.user() + "@" + sshd.host(),
                        "true")
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("ssh hung");
        }
        if (out.contains("Permission denied") && !out.contains("Host key verification failed")) {
            return "ACCEPTED"; // past the host key, refused at login (no method offered): the key was accepted
        }
        if (!out.contains("Host key verification failed")) {
            throw new AssertionError("ssh failed for another reason than the host key: " + out);
        }
        if (out.contains("REVOKED HOST KEY")) {
            return "REVOKED";
        }
        if (out.contains("REMOTE HOST IDENTIFICATION HAS CHANGED")) {
            return "CHANGED";
        }
        if (out.contains("host key is known for")) {
            return "UNKNOWN";
        }
        return "REFUSED: " + out.trim();
    }

    private static String ourDecision(OpenSshServer sshd, Path knownHosts, BufferPool pool) throws IOException {
        try (SshRunner ssh = SshRunner.builder(sshd.host())
                .port(sshd.port())
                .credentials(sshd.credentials())
                .hostKeys(HostKeyPolicy.knownHosts(knownHosts))
                .pool(pool)
                .connect()) {
            return ssh.isConnected() ? "ACCEPTED" : "ACCEPTED but disconnected";
        } catch (SshConnectException e) {
            return switch (e.reason()) {
                case HOST_KEY_REVOKED -> "REVOKED";
                case HOST_KEY_CHANGED -> "CHANGED";
                case HOST_KEY_UNKNOWN -> "UNKNOWN";
                default -> "failed otherwise: " + e.getMessage();
            };
        }
    }

    private static String hashed(String plain) throws Exception {
        Path file = Files.createTempFile(dir, "to-hash", "");
        Files.writeString(file, plain + "\n");
        Process p = new ProcessBuilder(OpenSshServer.SSH_KEYGEN.toString(), "-H", "-f", file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("ssh-keygen -H failed: " + out);
        }
        String text = Files.readString(file).trim();
        assertTrue(text.contains("|1|"), "hashed: " + text);
        return text;
    }

    private static String keygen(String type) throws Exception {
        return keygenAt(dir.resolve("key-" + type), type.replace("-ca2", ""));
    }

    private static String keygenAt(Path file, String type) throws Exception {
        Process p = new ProcessBuilder(
                        OpenSshServer.SSH_KEYGEN.toString(), "-q", "-t", type, "-N", "", "-f", file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("ssh-keygen failed: " + out);
        }
        String[] pub = Files.readString(file.resolveSibling(file.getFileName() + ".pub"))
                .trim()
                .split(" ");
        return pub[0] + " " + pub[1];
    }
}
