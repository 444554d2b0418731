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
package dev.recyclable.buffers.ssh.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.HostKeyVerdict;
import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitExceededException;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.channel.CaptureChannel;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletionException;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.connection.ConnectionImpl;
import net.schmizz.sshj.transport.TransportImpl;

/**
 * Coverage-guided fuzz targets (Jazzer) for what a file or a server controls in the SSH module, reached without a
 * server: known_hosts text and files ({@link KnownHostsIndex}, {@link KnownHostsFile}, {@link HostPatterns}),
 * private key files ({@link PrivateKeyFile}), and the capture sinks ({@link CapturingSink}, {@link DispatchingSink})
 * fed packets of any size and order, as sshj's reader thread feeds them. Corpora:
 * {@code src/test/resources/dev/recyclable/buffers/ssh/internal/SshInputFuzzTestInputs/<target>/}.
 */
class SshInputFuzzTest {
    private static final PublicKey KEY = ecKey();
    private static final DefaultConfig CONFIG = new DefaultConfig();
    /** A connection that is never opened: the sinks' channels only count their window against it. */
    private static final ConnectionImpl CONNECTION =
            new ConnectionImpl(new TransportImpl(CONFIG), CONFIG.getKeepAliveProvider());

    private static final BufferPool POOL = BufferPool.builder()
            .minChunkSize(64)
            .maxChunkSize(1024)
            .leakDetection(LeakDetection.DISABLED)
            .idleDecay(Duration.ZERO)
            .build();

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
                KeyPair pair = new PrivateKeyFile(path, passphrase).keyPair(CONFIG);
                assertNotNull(pair.getPrivate());
            } catch (KeyFileException e) {
                assertTrue(e.getMessage().contains(path.toString()), "the message names the file: " + e.getMessage());
            }
        } finally {
            Files.deleteIfExists(path);
        }
    }

    /**
     * Packets of any size and order on stdout and stderr, under either limit policy, end in exactly the bytes the
     * limit keeps (the model: the first {@code limit} bytes of each stream; with {@code FAIL}, nothing after the
     * first byte past it, and the command fails), in a {@link CapturingSink}'s two streams and in the events a
     * {@link DispatchingSink} delivers; the counts and truncation flags match; every chunk goes back as new.
     */
    @FuzzTest(maxDuration = "5m")
    void captureSinks(FuzzedDataProvider data) throws Exception {
        long limit = data.consumeLong(0, 1 << 16);
        OutputLimitPolicy policy = data.pickValue(OutputLimitPolicy.values());
        boolean dispatching = data.consumeBoolean();
        Model model = new Model(limit, policy);
        List<Object[]> delivered = new ArrayList<>();
        List<RecyclableOutputStream> retained = new ArrayList<>();
        CommandSink sink = dispatching
                ? new DispatchingSink(POOL, "fuzz", limit, policy, Thread.currentThread())
                : new CapturingSink(POOL, "fuzz", limit, policy);
        CaptureChannel channel = new CaptureChannel(CONNECTION, sink, (1L << 32) - 1, 32 * 1024);
        try {
            dev.recyclable.buffers.ssh.OutputEventListener listener = event -> {
                ByteArrayOutputStream copy = new ByteArrayOutputStream();
                event.writeTo(copy);
                assertEquals(event.size(), copy.size());
                delivered.add(new Object[] {event.kind(), copy.toByteArray()});
                if (copy.size() % 3 == 0) {
                    retained.add(event.retain()); // the listener's to close
                }
            };
            while (data.remainingBytes() > 0) {
                OutputKind kind = data.consumeBoolean() ? OutputKind.STDOUT : OutputKind.STDERR;
                int shift = data.consumeInt(0, 7);
                byte[] packet = data.consumeBytes(data.consumeInt(0, 40_000));
                byte[] framed = new byte[packet.length + shift + 3];
                System.arraycopy(packet, 0, framed, shift, packet.length);
                sink.onData(channel, kind, framed, shift, packet.length);
                model.packet(kind, packet);
                if (dispatching && data.consumeBoolean()) {
                    ((DispatchingSink) sink).dispatch(channel, listener, System.nanoTime());
                }
            }
            sink.onClosed(channel, null);
            if (dispatching) {
                assertTrue(((DispatchingSink) sink).dispatch(channel, listener, Long.MAX_VALUE));
            }

            CommandStatus status = sink.status();
            assertEquals(model.bytes[0], status.stdoutBytes(), "stdout bytes");
            assertEquals(model.bytes[1], status.stderrBytes(), "stderr bytes");
            assertEquals(model.truncated[0], status.stdoutTruncated(), "stdout truncated");
            assertEquals(model.truncated[1], status.stderrTruncated(), "stderr truncated");
            try {
                sink.completion().join();
                assertTrue(!model.failed, "the command should have failed at the limit");
            } catch (CompletionException e) {
                assertTrue(model.failed && e.getCause() instanceof OutputLimitExceededException, e::toString);
            }
            if (dispatching) {
                assertEquals(model.kept.size(), delivered.size(), "events");
                for (int i = 0; i < delivered.size(); i++) {
                    assertEquals(model.kept.get(i)[0], delivered.get(i)[0], "event " + i + " kind");
                    assertArrayEquals(
                            (byte[]) model.kept.get(i)[1], (byte[]) delivered.get(i)[1], "event " + i);
                }
            } else {
                CapturingSink capturing = (CapturingSink) sink;
                assertArrayEquals(
                        model.joined(OutputKind.STDOUT), capturing.stdout().toByteArray(), "stdout");
                assertArrayEquals(
                        model.joined(OutputKind.STDERR), capturing.stderr().toByteArray(), "stderr");
            }
        } finally {
            sink.abandon();
            retained.forEach(RecyclableOutputStream::close);
            CONNECTION.forget(channel);
        }
        PoolAssertions.assertNothingInUse(POOL, Duration.ZERO);
        IdleChunks.assertAllAsNew(POOL);
    }

    /** The output limit as documented, applied to one packet at a time. */
    private static final class Model {
        final long limit;
        final OutputLimitPolicy policy;
        final long[] bytes = new long[2];
        final boolean[] truncated = new boolean[2];
        final List<Object[]> kept = new ArrayList<>();
        boolean failed;

        Model(long limit, OutputLimitPolicy policy) {
            this.limit = limit;
            this.policy = policy;
        }

        void packet(OutputKind kind, byte[] packet) {
            int k = kind == OutputKind.STDOUT ? 0 : 1;
            long before = bytes[k];
            bytes[k] += packet.length;
            int keep = failed ? 0 : (int) Math.min(packet.length, Math.max(0, limit - before));
            if (keep < packet.length) {
                truncated[k] = true;
                if (policy == OutputLimitPolicy.FAIL && !failed) {
                    failed = true;
                    keep = 0;
                }
            }
            if (keep > 0) {
                kept.add(new Object[] {kind, java.util.Arrays.copyOf(packet, keep)});
            }
        }

        byte[] joined(OutputKind kind) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Object[] k : kept) {
                if (k[0] == kind) {
                    out.writeBytes((byte[]) k[1]);
                }
            }
            return out.toByteArray();
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
