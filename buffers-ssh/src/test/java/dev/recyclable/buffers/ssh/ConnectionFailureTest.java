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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fixtures.CapturedLog;
import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import dev.recyclable.buffers.ssh.fixtures.ThrowingHostKeyPolicy;
import dev.recyclable.buffers.ssh.runner.RunningCommand;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.userauth.UserAuthException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Refused host keys, refused logins and servers that die mid-command, against both servers. */
class ConnectionFailureTest {

    private BufferPool pool;
    private SshTestServer server;

    @BeforeEach
    void newPool() {
        pool = BufferPool.builder().zeroOnRelease(true).build();
    }

    @AfterEach
    void stopServer() throws IOException {
        if (server != null) {
            server.close();
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    private SshTestServer start(String kind) throws Exception {
        server = kind.equals("openssh") ? OpenSshServer.start() : EmbeddedSshServer.start();
        return server;
    }

    private SshRunner.Builder builder(SshTestServer s) {
        return SshRunner.builder(s.host()).port(s.port()).pool(pool).connectTimeout(Duration.ofSeconds(5));
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void refusesAHostMissingFromKnownHosts(String kind) throws Exception {
        SshTestServer s = start(kind);
        Path empty = Files.createTempFile("rb-empty-known_hosts", "");
        try {
            SshConnectException e = assertThrows(
                    SshConnectException.class,
                    () -> builder(s)
                            .credentials(s.credentials())
                            .hostKeys(HostKeyPolicy.knownHosts(empty))
                            .connect());
            assertEquals(SshConnectException.Reason.HOST_KEY_UNKNOWN, e.reason(), e.getMessage());
            assertMentions(e, s.host() + ":" + s.port(), "UNKNOWN", fingerprintOf(s), empty.toString());
            assertOneCause(e);
        } finally {
            Files.deleteIfExists(empty);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void refusesAChangedHostKey(String kind) throws Exception {
        SshTestServer s = start(kind);
        // the right host entry, the wrong key: what a man in the middle looks like
        Path wrong = Files.createTempFile("rb-wrong-known_hosts", "");
        try (OpenSshServer other = OpenSshServer.start()) {
            String otherLine = Files.readString(other.knownHosts()).trim();
            String keyPart = otherLine.substring(otherLine.indexOf(' ') + 1);
            Files.writeString(wrong, "[" + s.host() + "]:" + s.port() + " " + keyPart + "\n");
            SshConnectException changed = assertThrows(
                    SshConnectException.class,
                    () -> builder(s)
                            .credentials(s.credentials())
                            .hostKeys(HostKeyPolicy.knownHosts(wrong))
                            .connect());
            assertEquals(SshConnectException.Reason.HOST_KEY_CHANGED, changed.reason(), changed.getMessage());
            assertMentions(changed, s.host() + ":" + s.port(), "CHANGED", fingerprintOf(s), "man in the middle");
            assertOneCause(changed);
            SshConnectException pinned = assertThrows(
                    SshConnectException.class,
                    () -> builder(s)
                            .credentials(s.credentials())
                            .hostKeys(HostKeyPolicy.pinnedFingerprint(other.hostKeyFingerprint()))
                            .connect());
            assertEquals(SshConnectException.Reason.HOST_KEY_CHANGED, pinned.reason(), pinned.getMessage());
            assertMentions(pinned, fingerprintOf(s), other.hostKeyFingerprint());
        } finally {
            Files.deleteIfExists(wrong);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void acceptsThePinnedFingerprint(String kind) throws Exception {
        SshTestServer s = start(kind);
        assertLogsIn(
                builder(s).credentials(s.credentials()).hostKeys(HostKeyPolicy.pinnedFingerprint(fingerprintOf(s))),
                "pinned");
    }

    /** A host certificate has the fingerprint of the key inside it, as {@code ssh-keygen -l} prints it. */
    @ParameterizedTest
    @ValueSource(strings = {"openssh"})
    void acceptsThePinnedFingerprintOfAHostThatPresentsACertificate(String kind) throws Exception {
        Path ca = Files.createTempFile("rb-pinned-ca", "");
        Files.delete(ca);
        Process keygen = new ProcessBuilder(
                        OpenSshServer.SSH_KEYGEN.toString(), "-q", "-t", "ed25519", "-N", "", "-f", ca.toString())
                .redirectErrorStream(true)
                .start();
        assertEquals(0, keygen.waitFor(), new String(keygen.getInputStream().readAllBytes()));
        try {
            server = OpenSshServer.builder().hostCertificateSignedBy(ca).start();
            OpenSshServer s = (OpenSshServer) server;
            assertLogsIn(
                    builder(s)
                            .credentials(s.credentials())
                            .hostKeys(HostKeyPolicy.pinnedFingerprint(s.hostKeyFingerprint())),
                    "certified");
        } finally {
            Files.deleteIfExists(ca);
            Files.deleteIfExists(Path.of(ca + ".pub"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh"})
    void acceptsThePinnedMd5FingerprintAsOpenSshPrintsIt(String kind) throws Exception {
        OpenSshServer s = (OpenSshServer) start(kind);
        Process p = new ProcessBuilder(
                        OpenSshServer.SSH_KEYGEN.toString(),
                        "-l",
                        "-E",
                        "md5",
                        "-f",
                        s.knownHosts().toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        String md5 = out.trim().split(" ")[1]; // "256 MD5:xx:xx:... [host]:port (ED25519)"
        assertTrue(md5.startsWith("MD5:"), out);
        assertLogsIn(builder(s).credentials(s.credentials()).hostKeys(HostKeyPolicy.pinnedFingerprint(md5)), "md5");
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void connectionRefusedNamesHostAndPort(String kind) throws Exception {
        SshTestServer s = start(kind);
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName(s.host()))) {
            port = free.getLocalPort();
        }
        SshConnectException e = assertThrows(
                SshConnectException.class,
                () -> SshRunner.builder(s.host())
                        .port(port)
                        .credentials(s.credentials())
                        .hostKeys(s.hostKeys())
                        .pool(pool)
                        .connect());
        assertEquals(SshConnectException.Reason.CONNECTION_REFUSED, e.reason(), e.getMessage());
        assertMentions(e, s.host() + ":" + port, "refused");
    }

    /** A host name that does not resolve: the message names it with its port, and says only that. */
    @ParameterizedTest
    @ValueSource(ints = {22, 2222})
    void anUnresolvableHostNamesHostAndPort(int port) {
        SshConnectException e = assertThrows(
                SshConnectException.class,
                () -> SshRunner.builder("no-such-host.invalid")
                        .port(port)
                        .credentials(SshCredentials.password("nobody", new char[] {'x'}))
                        .hostKeys(HostKeyPolicy.pinnedFingerprint("SHA256:" + "A".repeat(43)))
                        .pool(pool)
                        .connect());
        assertEquals(SshConnectException.Reason.UNREACHABLE, e.reason(), e.getMessage());
        assertMentions(e, "no-such-host.invalid:" + port, "resolve");
        assertOneCause(e);
    }

    /**
     * The host-key check calls the policy during the handshake, on sshj's reader thread: whatever it throws, an
     * Error included, ends the connect at once, and an Error reaches the caller as itself.
     */
    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void aHostKeyCheckThatThrowsAnErrorEndsTheConnectAtOnce(String kind) throws Exception {
        SshTestServer s = start(kind);
        for (Throwable thrown : List.of(new StackOverflowError("in the check"), new IllegalStateException("bug"))) {
            HostKeyPolicy throwing = ThrowingHostKeyPolicy.throwing(thrown);
            long startNanos = System.nanoTime();
            Throwable caught = assertThrows(
                    Throwable.class,
                    () -> builder(s)
                            .credentials(s.credentials())
                            .hostKeys(throwing)
                            .replyTimeout(Duration.ofSeconds(20))
                            .connect());
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
            assertTrue(tookMs < 10_000, "took " + tookMs + " ms: " + caught);
            if (thrown instanceof Error) {
                assertEquals(thrown, caught);
            } else {
                SshConnectException e = assertInstanceOf(SshConnectException.class, caught);
                assertEquals(SshConnectException.Reason.HOST_KEY_UNKNOWN, e.reason(), e.getMessage());
                assertMentions(e, s.host() + ":" + s.port(), "could not be checked", "bug");
            }
            assertNoThreadLeftFor(s.port());
        }
        assertLogsIn(builder(s).credentials(s.credentials()).hostKeys(s.hostKeys()), "after");
    }

    /** A connect error names one cause: a refused host key is not a refused TCP connection. */
    private static void assertOneCause(SshConnectException e) {
        String m = e.getMessage().toLowerCase(java.util.Locale.ROOT);
        if (e.reason() != SshConnectException.Reason.CONNECTION_REFUSED) {
            assertTrue(!m.contains("connection refused"), "two causes in: " + e.getMessage());
        }
    }

    /**
     * A listener that accepts and then says nothing (a hung sshd, a proxy holding connections) answered the TCP
     * handshake: it is reachable, and the message says it went silent and which setting bounds the wait.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aServerThatAcceptsAndFallsSilentIsNotCalledUnreachable(boolean sendsBanner) throws Exception {
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            List<java.net.Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        java.net.Socket s = silent.accept();
                        held.add(s);
                        if (sendsBanner) {
                            s.getOutputStream()
                                    .write("SSH-2.0-Silent_1.0\r\n"
                                            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                        }
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            try {
                long start = System.nanoTime();
                SshConnectException e = assertThrows(
                        SshConnectException.class,
                        () -> SshRunner.builder("127.0.0.1")
                                .port(silent.getLocalPort())
                                .pool(pool)
                                .replyTimeout(Duration.ofMillis(1500))
                                .credentials(SshCredentials.password("nobody", "unused".toCharArray()))
                                .hostKeys(HostKeyPolicy.pinnedFingerprint(
                                        "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"))
                                .connect());
                long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertEquals(SshConnectException.Reason.SERVER_SILENT, e.reason(), e.getMessage());
                assertMentions(
                        e, "127.0.0.1:" + silent.getLocalPort(), "replyTimeout", sendsBanner ? "handshake" : "banner");
                assertTrue(
                        !e.getMessage().contains("unreachable")
                                && !e.getMessage().contains("firewall"),
                        e.getMessage());
                assertTrue(
                        waitedMs >= 1400 && waitedMs < 10_000, "gave up after the reply timeout: " + waitedMs + " ms");
                assertEquals(1, held.size(), "one TCP connection, accepted");
            } finally {
                for (java.net.Socket s : held) {
                    s.close();
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void runAfterCloseSaysTheRunnerWasClosed(String kind) throws Exception {
        SshTestServer s = start(kind);
        SshRunner ssh = s.connect(pool);
        ssh.close();
        SshCommandException e =
                assertThrows(SshCommandException.class, () -> ssh.run("true", CommandOptions.defaults()));
        assertMentions(e, "was closed", s.host() + ":" + s.port());
        assertThrows(SshCommandException.class, () -> ssh.launch("true", CommandOptions.defaults()));
        assertThrows(SshCommandException.class, () -> ssh.stream("true", CommandOptions.defaults(), ev -> {}));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mina"})
    void theInsecureHostKeyOptInWarnsWithoutAnyLoggingLibrary(String kind) throws Exception {
        SshTestServer s = start(kind);
        List<java.util.logging.LogRecord> records;
        // System.Logger's default backend is java.util.logging, which prints to stderr with no configuration
        try (CapturedLog log = CapturedLog.of(HostKeyPolicy.class);
                SshRunner ssh = builder(s)
                        .credentials(s.credentials())
                        .hostKeys(HostKeyPolicy.acceptAnyHostKeyInsecurely())
                        .connect()) {
            assertTrue(ssh.isConnected());
            records = log.records();
        }
        assertEquals(1, records.size(), records.toString());
        assertEquals(java.util.logging.Level.WARNING, records.get(0).getLevel());
        assertTrue(
                records.get(0).getMessage().contains("DISABLED")
                        && records.get(0).getMessage().contains(s.host() + ":" + s.port()),
                records.get(0).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mina"})
    void aBuilderWithoutCredentialsSaysSo(String kind) throws Exception {
        SshTestServer s = start(kind);
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> SshRunner.builder(s.host())
                        .port(s.port())
                        .hostKeys(s.hostKeys())
                        .connect());
        assertMentions(e, "credentials", s.host() + ":" + s.port());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void refusesAnUnknownKey(String kind) throws Exception {
        SshTestServer s = start(kind);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        String user = s instanceof OpenSshServer o ? o.user() : EmbeddedSshServer.USER;
        SshConnectException e = assertThrows(
                SshConnectException.class,
                () -> builder(s)
                        .hostKeys(s.hostKeys())
                        .credentials(SshCredentials.keyPair(user, generator.generateKeyPair()))
                        .connect());
        assertEquals(SshConnectException.Reason.AUTH_FAILED, e.reason(), e.getMessage());
        assertInstanceOf(UserAuthException.class, e.getCause());
        assertMentions(e, "as " + user, s.host() + ":" + s.port(), "tried publickey", "the server allows");
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void refusesAWrongPassword(String kind) throws Exception {
        SshTestServer s = start(kind);
        String user = s instanceof OpenSshServer o ? o.user() : EmbeddedSshServer.USER;
        SshConnectException e = assertThrows(
                SshConnectException.class,
                () -> builder(s)
                        .hostKeys(s.hostKeys())
                        .credentials(SshCredentials.password(user, "not-the-password".toCharArray()))
                        .connect());
        assertEquals(SshConnectException.Reason.AUTH_FAILED, e.reason(), e.getMessage());
        assertMentions(e, "as " + user, s.host() + ":" + s.port(), "tried password");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mina"})
    void logsInWithThePassword(String kind) throws Exception {
        EmbeddedSshServer s = (EmbeddedSshServer) start(kind);
        assertLogsIn(
                builder(s).hostKeys(s.hostKeys()).credentials(SshCredentials.password(s.user(), s.password())), "in");
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssh", "mina"})
    void serverKilledMidCommandFailsEveryRunningCommandAndLeaksNothing(String kind) throws Exception {
        SshTestServer s = start(kind);
        try (SshRunner ssh = s.connect(pool)) {
            RunningCommand sleeping = ssh.launch("sleep 30", CommandOptions.defaults());
            Thread.sleep(200); // let some output be captured and the command get going
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(300);
                    s.killHard();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            killer.start();
            long start = System.nanoTime();
            SshCommandException e = assertThrows(
                    SshCommandException.class,
                    () -> ssh.run(
                            "yes | head -c 1000000; sleep 30",
                            CommandOptions.defaults().withTimeout(Duration.ofSeconds(20))));
            killer.join();
            assertInstanceOf(ConnectionLostException.class, e, "should fail on the connection, not the timeout");
            assertMentions(e, s.host() + ":" + s.port(), "lost");
            assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) < 15);
            ExecutionException launched = assertThrows(
                    ExecutionException.class, () -> sleeping.completion().get(10, TimeUnit.SECONDS));
            assertInstanceOf(ConnectionLostException.class, launched.getCause());
        }
        assertNoThreadLeftFor(s.port());
    }

    /** Connects with {@code builder} and runs {@code echo word}: the login worked and the connection carries commands. */
    private static void assertLogsIn(SshRunner.Builder builder, String word) throws IOException {
        try (SshRunner ssh = builder.connect();
                CommandResult r = ssh.run("echo " + word, CommandOptions.defaults())) {
            assertEquals(word + "\n", r.stdoutText());
        }
    }

    private static String fingerprintOf(SshTestServer s) {
        return s instanceof OpenSshServer o ? o.hostKeyFingerprint() : ((EmbeddedSshServer) s).hostKeyFingerprint();
    }

    private static void assertMentions(Exception e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
    }

    /** sshj names its reader thread {@code sshj-Reader-/host:port-...}: it must end with the dead connection. */
    private static void assertNoThreadLeftFor(int port) throws InterruptedException {
        String marker = ":" + port + "-";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            List<String> left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.isAlive() && t.getName().contains(marker))
                    .map(Thread::getName)
                    .toList();
            if (left.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                fail("threads of the dead connection are still alive: " + left);
            }
            Thread.sleep(50);
        }
    }
}
