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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.Base64;

/**
 * Coverage-guided fuzz targets (Jazzer) for the files the SSH module reads: known_hosts text and files
 * ({@link KnownHostsIndex}, {@link KnownHostsFile}, {@link HostPatterns}) and private key files
 * ({@link PrivateKeyFile}). Corpora:
 * {@code src/test/resources/dev/recyclable/buffers/ssh/internal/keys/KeyFilesFuzzTestInputs/<target>/}.
 */
class KeyFilesFuzzTest {
    private static final PublicKey KEY = ecKey();

    private static final String[] KEY_FILE_STARTS = {
        "-----BEGIN OPENSSH PRIVATE KEY-----\n",
        "-----BEGIN RSA PRIVATE KEY-----\n",
        "-----BEGIN EC PRIVATE KEY-----\n",
        "-----BEGIN PRIVATE KEY-----\n",
        "-----BEGIN ENCRYPTED PRIVATE KEY-----\n",
        "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: x\nPublic-Lines: 1\n",
        ""
    };

    /**
     * Any known_hosts text parses, without an exception, into an index with one line per line of text, which
     * decides any host, port and key; a line listing the host's exact name with the key accepts it; and every
     * host pattern matches exactly as a plain glob matcher says.
     */
    @FuzzTest(maxDuration = "5m")
    void knownHostsText(FuzzedDataProvider data) {
        String host = data.consumeAsciiString(24);
        int port = data.consumeBoolean() ? 22 : data.consumeInt(1, 65535);
        boolean withKeyLine = data.consumeBoolean();
        String name = data.consumeAsciiString(24).toLowerCase(java.util.Locale.ROOT);
        String pattern = data.consumeAsciiString(24).toLowerCase(java.util.Locale.ROOT);
        String text = data.consumeRemainingAsString();

        assertEquals(
                globMatches(name, pattern), HostPatterns.matches(name, 0, pattern, 0), () -> name + " ~ " + pattern);

        KnownHostsIndex index = KnownHostsIndex.parse(text);
        assertEquals(lineCount(text), index.lines(), "lines");
        assertNotNull(index.decide(host, port, KEY));

        String lookup = HostPatterns.lookupName(host, port);
        if (withKeyLine && isPlainName(lookup) && !text.contains("@revoked")) {
            String keyLine =
                    lookup + " ecdsa-sha2-nistp256 " + Base64.getEncoder().encodeToString(HostKeys.blob(KEY));
            KnownHostsIndex withKey = KnownHostsIndex.parse(text + "\n" + keyLine + "\n");
            assertEquals(HostKeyVerdict.ACCEPTED, withKey.decide(host, port, KEY), () -> "listed: " + keyLine);
        }
    }

    /**
     * Any bytes in a known_hosts file read as their UTF-8 text parses (a file is read once, and again only when it
     * changes); nothing else is thrown.
     */
    @FuzzTest(maxDuration = "5m")
    void knownHostsFile(FuzzedDataProvider data) throws IOException {
        byte[] bytes = data.consumeRemainingAsBytes();
        Path file = Files.createTempFile("known_hosts", "");
        try {
            Files.write(file, bytes);
            KnownHostsFile known = new KnownHostsFile(file);
            KnownHostsIndex index = known.index();
            assertEquals(
                    KnownHostsIndex.parse(new String(bytes, StandardCharsets.UTF_8))
                            .lines(),
                    index.lines());
            known.index();
            assertEquals(1, known.loads(), "an unchanged file was read again");
            assertNotNull(index.decide("fuzz.example.org", 22, KEY));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * Any private key file (of any format's opening, any body, with or without a passphrase) gives a key pair or
     * a {@link KeyFileException} naming the file, never another exception.
     */
    @FuzzTest(maxDuration = "5m")
    void privateKeyFile(FuzzedDataProvider data) throws IOException {
        String start = data.pickValue(KEY_FILE_STARTS);
        char[] passphrase = data.consumeBoolean() ? data.consumeString(12).toCharArray() : null;
        boolean base64 = data.consumeBoolean();
        byte[] body = data.consumeRemainingAsBytes();
        String end = start.startsWith("-----BEGIN ")
                ? "\n-----END " + start.substring("-----BEGIN ".length(), start.length() - 1) + "\n"
                : "";
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(start.getBytes(StandardCharsets.US_ASCII));
        file.writeBytes(base64 ? Base64.getMimeEncoder().encode(body) : body);
        file.writeBytes(end.getBytes(StandardCharsets.US_ASCII));
        Path path = Files.createTempFile("id_fuzz", "");
        try {
            Files.write(path, file.toByteArray());
            try {
                KeyPair pair = new PrivateKeyFile(path, passphrase).keyPair();
                assertNotNull(pair.getPrivate());
            } catch (KeyFileException e) {
                assertTrue(e.getMessage().contains(path.toString()), "the message names the file: " + e.getMessage());
            }
        } finally {
            Files.deleteIfExists(path);
        }
    }

    /**
     * OpenSSH's glob ({@code *} any run, {@code ?} any one character, everything else itself), matched by dynamic
     * programming over (name prefix, pattern prefix): a regular expression backtracks exponentially on patterns
     * of many stars, which the fuzzer finds at once.
     */
    private static boolean globMatches(String name, String pattern) {
        boolean[][] m = new boolean[name.length() + 1][pattern.length() + 1];
        m[0][0] = true;
        for (int j = 1; j <= pattern.length(); j++) {
            m[0][j] = pattern.charAt(j - 1) == '*' && m[0][j - 1];
        }
        for (int i = 1; i <= name.length(); i++) {
            for (int j = 1; j <= pattern.length(); j++) {
                char p = pattern.charAt(j - 1);
                m[i][j] = p == '*'
                        ? m[i][j - 1] || m[i - 1][j]
                        : m[i - 1][j - 1] && (p == '?' || p == name.charAt(i - 1));
            }
        }
        return m[name.length()][pattern.length()];
    }

    private static boolean isPlainName(String name) {
        return !name.isEmpty() && name.chars().allMatch(c -> Character.isLetterOrDigit(c) || ".-[]:".indexOf(c) >= 0);
    }

    private static int lineCount(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int lines = 1;
        for (int i = 0; i < text.length() - 1; i++) {
            if (text.charAt(i) == '\n') {
                lines++;
            }
        }
        return lines;
    }

    private static PublicKey ecKey() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(256);
            return g.generateKeyPair().getPublic();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
