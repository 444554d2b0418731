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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.internal.keys.KeyFileException;
import dev.recyclable.buffers.ssh.internal.keys.PrivateKeyFile;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.schmizz.sshj.userauth.UserAuthException;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SshCredentials#privateKey} reads its key file once per credentials object and again only when the file
 * changes: logins against the in-process server, with key files written by {@code ssh-keygen}.
 */
class SshCredentialsKeyFileTest {

    private static final String PASSPHRASE = "open sesame 17";

    @TempDir
    Path dir;

    private BufferPool pool;
    private EmbeddedSshServer server;
    /** An authorised ECDSA key file (OpenSSH format, no passphrase), and credentials reading it. */
    private Path key;

    private SshCredentials credentials;

    @BeforeEach
    void start() throws Exception {
        pool = BufferPool.builder().zeroOnRelease(true).build();
        server = EmbeddedSshServer.start();
        server.authorizedKeys().clear(); // only the key files the tests authorise
        key = authorized(newKey("id_ecdsa", "", "ecdsa"));
        credentials = SshCredentials.privateKey(server.user(), key);
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void manyConcurrentLoginsParseTheKeyFileOnce() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> logins = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                logins.add(threads.submit(() -> {
                    try (SshRunner ssh = builder(credentials).connect()) {
                        return ssh.isConnected();
                    }
                }));
            }
            for (Future<Boolean> login : logins) {
                assertTrue(login.get());
            }
        } finally {
            threads.shutdownNow();
        }
        assertEquals(1, loads(credentials), "one parse for forty logins");
        assertLogsIn(credentials);
        assertEquals(1, loads(credentials));
    }

    @Test
    void aFileRewrittenInPlaceIsReadAgainOnlyWhenItsStampChanges() throws Exception {
        assertLogsIn(credentials);
        byte[] original = Files.readAllBytes(key);
        BasicFileAttributes before = Files.readAttributes(key, BasicFileAttributes.class);

        // same inode, same size, same mtime: not read again, so the garbage now in it goes unnoticed
        byte[] garbage = new byte[original.length];
        Arrays.fill(garbage, (byte) 'x');
        Files.write(key, garbage);
        Files.setLastModifiedTime(key, before.lastModifiedTime());
        assertEquals(
                before.fileKey(),
                Files.readAttributes(key, BasicFileAttributes.class).fileKey());
        assertLogsIn(credentials);
        assertEquals(1, loads(credentials));

        // a new mtime: read again, and the garbage fails the login, naming the file
        Files.setLastModifiedTime(
                key, FileTime.fromMillis(before.lastModifiedTime().toMillis() + 5_000));
        SshConnectException e = assertThrows(SshConnectException.class, () -> assertLogsIn(credentials));
        assertKeyFileFailure(e, key, "not a ");

        Files.write(key, original);
        Files.setLastModifiedTime(
                key, FileTime.fromMillis(before.lastModifiedTime().toMillis() + 10_000));
        assertLogsIn(credentials);
        assertEquals(2, loads(credentials));
    }

    @Test
    void aReplacedKeyFileIsUsedFromTheNextLogin() throws Exception {
        assertLogsIn(credentials);

        Path replacement = newKey("id_ed25519", "", "ed25519");
        server.authorizedKeys().clear(); // the old key no longer logs in: only the new one can
        authorized(replacement);
        install(replacement, key);
        assertLogsIn(credentials);
        assertLogsIn(credentials);
        assertEquals(2, loads(credentials));
    }

    @Test
    void aReplacementKeyTheServerRefusesFailsTheNextLogin() throws Exception {
        assertLogsIn(credentials);

        install(newKey("other_ecdsa", "", "ecdsa"), key);
        SshConnectException e = assertThrows(SshConnectException.class, () -> assertLogsIn(credentials));
        assertEquals(SshConnectException.Reason.AUTH_FAILED, e.reason(), e.getMessage());
        assertNotNull(causeOf(e, UserAuthException.class), "refused by the server: " + e);
        assertTrue(e.getMessage().contains("refused"), e.getMessage());
    }

    @Test
    void aDeletedKeyFileFailsTheNextLogin() throws Exception {
        assertLogsIn(credentials);

        Files.delete(key);
        Files.delete(Path.of(key + ".pub"));
        for (int i = 0; i < 2; i++) { // and every login after, not just the first
            SshConnectException e = assertThrows(SshConnectException.class, () -> assertLogsIn(credentials));
            assertKeyFileFailure(e, key, "missing");
        }
        assertEquals(1, loads(credentials));
    }

    /** ssh-keygen's formats: OpenSSH's own (the default), PEM and PKCS#8, each with and without a passphrase. */
    @ParameterizedTest
    @ValueSource(strings = {"RFC4716", "PEM", "PKCS8"})
    void everyFormatLogsInWithItsPassphraseAndAWrongOneFailsNamingTheFile(String format) throws Exception {
        Path plain = authorized(newKey("plain", "", "ecdsa", "-m", format));
        assertLogsIn(SshCredentials.privateKey(server.user(), plain));

        Path encrypted = authorized(newKey("encrypted", PASSPHRASE, "ecdsa", "-m", format));
        SshCredentials right = SshCredentials.privateKey(server.user(), encrypted, PASSPHRASE.toCharArray());
        assertLogsIn(right);
        assertLogsIn(right);
        assertEquals(1, loads(right));

        SshCredentials wrong = SshCredentials.privateKey(server.user(), encrypted, "not it".toCharArray());
        SshConnectException e = assertThrows(SshConnectException.class, () -> assertLogsIn(wrong));
        assertKeyFileFailure(e, encrypted, "wrong passphrase");
        for (Object shown : List.of(e.getMessage(), wrong.toString(), wrong.method(), right.toString())) {
            assertFalse(shown.toString().contains("not it") || shown.toString().contains(PASSPHRASE), shown::toString);
        }
        SshConnectException none = assertThrows(
                SshConnectException.class, () -> assertLogsIn(SshCredentials.privateKey(server.user(), encrypted)));
        assertKeyFileFailure(none, encrypted, "");
    }

    @Test
    void anEcdsaKeyFileIsHeldInTheFormThatSignsCheaply() throws Exception {
        PrivateKeyFile file = new PrivateKeyFile(key, null);
        String type = file.keyPair().getPrivate().getClass().getName();
        assertTrue(type.startsWith("org.bouncycastle."), type); // as SigningKeys.forSigning makes it
        assertEquals(1, file.loads());
    }

    private SshRunner.Builder builder(SshCredentials credentials) {
        return SshRunner.builder(server.host())
                .port(server.port())
                .pool(pool)
                .hostKeys(server.hostKeys())
                .credentials(credentials)
                .connectTimeout(Duration.ofSeconds(5));
    }

    private void assertLogsIn(SshCredentials credentials) throws IOException {
        try (SshRunner ssh = builder(credentials).connect();
                CommandResult r = ssh.run("echo ok", CommandOptions.defaults())) {
            assertEquals("ok\n", r.stdoutText());
        }
    }

    private static int loads(SshCredentials credentials) {
        return ((SshCredentials.KeyFileCredentials) credentials).loads();
    }

    /** Refused before asking the server, an IOException naming the file, and not a lost connection. */
    private static void assertKeyFileFailure(SshConnectException e, Path key, String problem) {
        assertEquals(SshConnectException.Reason.AUTH_FAILED, e.reason(), e.getMessage());
        KeyFileException cause = causeOf(e, KeyFileException.class);
        assertNotNull(cause, "the key file's own failure: " + e);
        assertEquals(key, cause.path());
        assertTrue(e.getMessage().contains(key.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().contains("not attempted"), e.getMessage());
    }

    /** A new key pair from {@code ssh-keygen}, in a directory of its own: {@code name} and {@code name.pub}. */
    private Path newKey(String name, String passphrase, String type, String... options) throws Exception {
        Path key = Files.createTempDirectory(dir, "key").resolve(name);
        List<String> command = new ArrayList<>(List.of(
                OpenSshServer.SSH_KEYGEN.toString(),
                "-q",
                "-t",
                type,
                "-N",
                passphrase,
                "-C",
                "",
                "-f",
                key.toString()));
        command.addAll(List.of(options));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "ssh-keygen: " + out);
        return key;
    }

    /** {@code key}, with its public key put in the server's authorized keys. */
    private Path authorized(Path key) throws Exception {
        String line = Files.readString(Path.of(key + ".pub")).trim();
        PublicKey pub = PublicKeyEntry.parsePublicKeyEntry(line)
                .resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING);
        server.authorizedKeys().add(pub);
        return key;
    }

    /** Moves {@code key} and its {@code .pub} over {@code target}'s, as a key rotation would: new files. */
    private static void install(Path key, Path target) throws IOException {
        Files.move(Path.of(key + ".pub"), Path.of(target + ".pub"), StandardCopyOption.REPLACE_EXISTING);
        Files.move(key, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static <T extends Throwable> T causeOf(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
