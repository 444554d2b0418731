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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.fixtures.GeneratedBytes;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stdin of any size through {@code cat}, which writes while it reads, against OpenSSH: stdin is pumped while the
 * output flows back, with backpressure both ways, so the pooled memory stays at about one window whatever the size.
 *
 * <p>The size is {@value #DEFAULT_SIZE_MIB} MiB in the test command; the gibibyte form is
 * {@code mvn -B -pl buffers-ssh -am verify -Dtest=LargeStdinTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Drb.ssh.stdinMiB=1024}. Each run also times the same round trip through OpenSSH's own client,
 * {@code ssh host cat < file > out}, and prints both (a measurement, not a target: targets live in the
 * benchmarks).
 */
class LargeStdinTest {

    static final int DEFAULT_SIZE_MIB = 128;
    private static final long SIZE = Long.getLong("rb.ssh.stdinMiB", DEFAULT_SIZE_MIB) << 20;
    /** What the stream call may hold: its receive window, plus the stdin pump's block and a packet's chunk. */
    private static final long POOLED_BOUND = (2L << 20) + (256 << 10);

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    private BufferPool pool;
    private SshRunner ssh;

    @BeforeEach
    void connect() throws IOException {
        pool = BufferPool.builder().zeroOnRelease(true).build();
        ssh = SERVER.get().connect(pool);
    }

    @AfterEach
    void close() throws IOException {
        ssh.close();
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void catRoundTripsAnyStdinExactlyWithAboutOneWindowPooled() throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        AtomicLong received = new AtomicLong();
        AtomicLong peakPooled = new AtomicLong();
        long start = System.nanoTime();
        CommandStatus status = ssh.stream(
                "cat",
                CommandOptions.defaults()
                        .withStdin(GeneratedBytes.of(SIZE, 1))
                        .withOutputLimit(Long.MAX_VALUE, OutputLimitPolicy.FAIL) // streamed: nothing is kept
                        .withTimeout(Duration.ofMinutes(10)),
                event -> {
                    received.addAndGet(event.size());
                    event.forEachSegment(digest::update);
                    peakPooled.accumulateAndGet(pool.stats().bytesInUse(), Math::max);
                });
        long nanos = System.nanoTime() - start;
        assertEquals(0, status.exitStatus());
        assertEquals(SIZE, received.get());
        assertEquals(SIZE, status.stdinBytes());
        assertFalse(status.stdinTruncated());
        assertEquals(GeneratedBytes.sha256(SIZE, 1), HexFormat.of().formatHex(digest.digest()));
        assertTrue(
                peakPooled.get() <= POOLED_BOUND,
                "pooled bytes in use during the round trip: " + peakPooled.get() + ", bound " + POOLED_BOUND);
        System.out.printf("stream(\"cat\") round trip of %d MiB: %.0f MB/s%n", SIZE >> 20, SIZE * 1e3 / nanos);
    }

    @Test
    void sha256sumReadsAnyStdinExactly() throws Exception {
        try (CommandResult r = ssh.run(
                "sha256sum",
                CommandOptions.defaults().withStdin(GeneratedBytes.of(SIZE, 2)).withTimeout(Duration.ofMinutes(10)))) {
            assertEquals(0, r.exitStatus(), r.stderrText());
            assertEquals(GeneratedBytes.sha256(SIZE, 2), r.stdoutText().split(" ")[0]);
            assertEquals(SIZE, r.status().stdinBytes());
        }
    }

    /** run() captures what cat echoes while the pump is still sending: from a pooled buffer, larger than a window. */
    @Test
    void runCapturesCatOfAPooledStdin() throws Exception {
        long size = 24L << 20;
        try (RecyclableOutputStream stdin = pool.newStream("stdin")) {
            byte[] block = new byte[1 << 16];
            try (InputStream in = GeneratedBytes.of(size, 3)) {
                int n;
                while ((n = in.read(block, 0, block.length)) > 0) {
                    stdin.write(block, 0, n);
                }
            }
            try (CommandResult r =
                    ssh.run("cat", CommandOptions.defaults().withStdin(stdin).withTimeout(Duration.ofMinutes(2)))) {
                assertEquals(0, r.exitStatus(), r.stderrText());
                assertEquals(size, r.stdout().length());
                assertEquals(GeneratedBytes.sha256(size, 3), SshRunnerContractTest.sha256(r.stdout()));
            }
        }
    }

    /**
     * The same round trip as {@link #catRoundTripsAnyStdinExactlyWithAboutOneWindowPooled}, from a file into a file,
     * through OpenSSH's own client ({@code ssh host cat < in > out}) and through ours, in the order ssh, ours, ours,
     * ssh (so that neither gains from going second); each output must be exact, and the four times are printed.
     */
    @Test
    void catRoundTripThroughOpenSshsClientAndOurs() throws Exception {
        Path dir = Files.createTempDirectory("rb-stdin-");
        try {
            Path in = dir.resolve("in");
            try (InputStream data = GeneratedBytes.of(SIZE, 4)) {
                Files.copy(data, in);
            }
            String expected = GeneratedBytes.sha256(SIZE, 4);
            Path out = dir.resolve("out");
            StringBuilder times = new StringBuilder();
            for (boolean ours : new boolean[] {false, true, true, false}) {
                long nanos = ours ? ourCat(in, out) : sshCat(in, out);
                assertEquals(expected, sha256(out), ours ? "SshRunner.stream" : "ssh");
                Files.delete(out);
                times.append(String.format(" %s %.0f MB/s,", ours ? "ours" : "ssh", SIZE * 1e3 / nanos));
            }
            System.out.printf(
                    "cat round trip of %d MiB, file to file, aes128-gcm on both:%s%n",
                    SIZE >> 20, times.substring(0, times.length() - 1));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    /** {@code ssh host cat < in > out}, timed: OpenSSH's client with the cipher our default config picks first. */
    private static long sshCat(Path in, Path out) throws Exception {
        OpenSshServer server = SERVER.get();
        long start = System.nanoTime();
        Process ssh = new ProcessBuilder(
                        "ssh",
                        "-F",
                        "/dev/null",
                        "-o",
                        "UserKnownHostsFile=" + server.knownHosts(),
                        "-o",
                        "GlobalKnownHostsFile=/dev/null",
                        "-o",
                        "StrictHostKeyChecking=yes",
                        "-o",
                        "BatchMode=yes",
                        "-o",
                        "IdentitiesOnly=yes",
                        "-c",
                        "aes128-gcm@openssh.com",
                        "-i",
                        server.clientKey().toString(),
                        "-p",
                        Integer.toString(server.port()),
                        server.user() + "@" + server.host(),
                        "cat")
                .redirectInput(in.toFile())
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(ssh.waitFor(10, TimeUnit.MINUTES), "ssh did not finish");
        long nanos = System.nanoTime() - start;
        assertEquals(0, ssh.exitValue());
        return nanos;
    }

    /** The same through {@code SshRunner.stream}, on this test's connection, timed. */
    private long ourCat(Path in, Path out) throws Exception {
        long start = System.nanoTime();
        CommandStatus status;
        try (InputStream stdin = Files.newInputStream(in);
                OutputStream sink = Files.newOutputStream(out)) {
            status = ssh.stream(
                    "cat",
                    CommandOptions.defaults().withStdin(stdin).withOutputLimit(Long.MAX_VALUE, OutputLimitPolicy.FAIL),
                    event -> event.writeTo(sink));
        }
        long nanos = System.nanoTime() - start;
        assertEquals(0, status.exitStatus());
        assertEquals(SIZE, status.stdinBytes());
        return nanos;
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] block = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(block)) > 0) {
                digest.update(block, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
