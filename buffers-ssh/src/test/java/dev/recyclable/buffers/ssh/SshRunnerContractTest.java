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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.fixtures.GeneratedBytes;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import dev.recyclable.buffers.ssh.runner.RunningCommand;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every server must show through {@link SshRunner}. Subclasses supply a real server (OpenSSH,
 * Apache MINA SSHD) by registering a {@link ServerPerClass}. Every test ends with the pool holding nothing.
 */
abstract class SshRunnerContractTest {

    private static final long HUNDRED_MIB = 100L << 20;

    protected BufferPool pool;
    protected SshRunner ssh;

    /** The server the concrete class registered ({@link ServerPerClass}). */
    protected SshTestServer server() {
        return ServerPerClass.registeredBy(getClass()).get();
    }

    @BeforeEach
    void connect() throws IOException {
        pool = BufferPool.builder().zeroOnRelease(true).build();
        ssh = server().connect(pool);
    }

    @AfterEach
    void disconnectAndCheckPool() throws IOException {
        if (ssh != null) {
            ssh.close();
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    // ------------------------------------------------------------------ exit

    @Test
    void reportsExitStatus() throws IOException {
        try (CommandResult ok = ssh.run("true", CommandOptions.defaults());
                CommandResult three = ssh.run("exit 3", CommandOptions.defaults())) {
            assertEquals(0, ok.exitStatus());
            assertTrue(ok.status().succeeded());
            assertEquals(3, three.exitStatus());
            assertFalse(three.status().succeeded());
            assertNull(three.exitSignal());
        }
    }

    @Test
    void reportsDeathBySignal() throws IOException {
        try (CommandResult r = ssh.run("kill -KILL $$", CommandOptions.defaults())) {
            if (server().reportsExitSignals()) {
                assertEquals("KILL", r.exitSignal());
                assertNull(r.exitStatus());
            } else {
                assertEquals(128 + 9, r.exitStatus());
            }
            assertFalse(r.status().succeeded());
        }
    }

    // ------------------------------------------------------------------ output shapes

    @Test
    void emptyAndTinyOutput() throws IOException {
        try (CommandResult empty = ssh.run("true", CommandOptions.defaults());
                CommandResult tiny = ssh.run("printf x", CommandOptions.defaults())) {
            assertEquals(0, empty.stdout().length());
            assertEquals(0, empty.stderr().length());
            assertEquals("x", tiny.stdoutText());
            assertEquals(0, tiny.stderr().length());
        }
    }

    @Test
    void separatesStdoutAndStderr() throws IOException {
        try (CommandResult r = ssh.run("echo to-out; echo to-err >&2; echo more-out", CommandOptions.defaults())) {
            assertEquals("to-out\nmore-out\n", r.stdoutText());
            assertEquals("to-err\n", r.stderrText());
            assertEquals(16, r.status().stdoutBytes());
            assertEquals(7, r.status().stderrBytes());
        }
    }

    @Test
    void streamsEventsInWireOrder() throws IOException {
        List<String> events = new ArrayList<>();
        CommandStatus status = ssh.stream(
                "printf a; sleep 0.2; printf b >&2; sleep 0.2; printf c",
                CommandOptions.defaults(),
                event -> events.add(event.kind() + ":" + event.toString(StandardCharsets.UTF_8)));
        assertEquals(List.of("STDOUT:a", "STDERR:b", "STDOUT:c"), events);
        assertEquals(0, status.exitStatus());
    }

    @Test
    void binaryOutputSurvivesByteForByte() throws IOException {
        // every byte value, in a pattern that is not text: printf with octal escapes, repeated
        try (CommandResult r = ssh.run(
                "i=0; while [ $i -lt 64 ]; do printf '\\000\\001\\177\\200\\377\\n\\r\\033'; " + "i=$((i+1)); done",
                CommandOptions.defaults())) {
            byte[] unit = {0, 1, 0x7f, (byte) 0x80, (byte) 0xff, '\n', '\r', 0x1b};
            byte[] expected = new byte[unit.length * 64];
            for (int i = 0; i < 64; i++) {
                System.arraycopy(unit, 0, expected, i * unit.length, unit.length);
            }
            assertArrayEquals(expected, r.stdout().toByteArray());
        }
    }

    @Test
    void capturesHundredMebibytesIntact() throws Exception {
        String command = "yes 0123456789abcdef | head -c " + HUNDRED_MIB;
        try (CommandResult r = ssh.run(command, CommandOptions.defaults().withTimeout(Duration.ofSeconds(60)))) {
            assertEquals(0, r.exitStatus());
            assertEquals(HUNDRED_MIB, r.stdout().length());
            assertEquals(expectedYesDigest(HUNDRED_MIB), sha256(r.stdout()));
        }
    }

    @Test
    void streamsHundredMebibytesIntactWithBackpressure() throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        long[] received = new long[1];
        CommandStatus status = ssh.stream(
                "yes 0123456789abcdef | head -c " + HUNDRED_MIB,
                CommandOptions.defaults().withTimeout(Duration.ofSeconds(60)),
                event -> {
                    assertEquals(OutputKind.STDOUT, event.kind());
                    received[0] += event.size();
                    event.forEachSegment(digest::update);
                });
        assertEquals(0, status.exitStatus());
        assertEquals(HUNDRED_MIB, received[0]);
        assertEquals(expectedYesDigest(HUNDRED_MIB), HexFormat.of().formatHex(digest.digest()));
    }

    // ------------------------------------------------------------------ limits and floods

    @Test
    void truncatesAtTheLimitAndFlagsIt() throws IOException {
        long limit = 1 << 20;
        try (CommandResult r = ssh.run(
                "head -c 30000000 /dev/zero; echo tail >&2",
                CommandOptions.defaults()
                        .withOutputLimit(limit, OutputLimitPolicy.TRUNCATE)
                        .withTimeout(Duration.ofSeconds(60)))) {
            assertEquals(0, r.exitStatus());
            assertEquals(limit, r.stdout().length());
            assertTrue(r.status().stdoutTruncated());
            assertEquals(30_000_000L, r.status().stdoutBytes());
            assertFalse(r.status().stderrTruncated());
            assertEquals("tail\n", r.stderrText());
        }
    }

    @Test
    void failsAndKillsAnEndlessFloodAtTheLimit() {
        OutputLimitExceededException e = assertThrows(
                OutputLimitExceededException.class,
                () -> ssh.run(
                        "yes",
                        CommandOptions.defaults()
                                .withOutputLimit(4 << 20, OutputLimitPolicy.FAIL)
                                .withTimeout(Duration.ofSeconds(30))));
        assertEquals(OutputKind.STDOUT, e.stream());
        assertEquals(4 << 20, e.limit());
    }

    @Test
    void stderrFloodDoesNotStallStdoutReader() throws IOException {
        // sshj's own streams die here (stderr buffer overflow kills the connection); we only read stdout
        List<String> stdout = new ArrayList<>();
        long[] stderrSeen = new long[1];
        CommandStatus status = ssh.stream(
                "head -c 20000000 /dev/zero >&2; echo done",
                CommandOptions.defaults().withTimeout(Duration.ofSeconds(60)),
                event -> {
                    if (event.kind() == OutputKind.STDOUT) {
                        stdout.add(event.toString(StandardCharsets.UTF_8));
                    } else {
                        stderrSeen[0] += event.size();
                    }
                });
        assertEquals(List.of("done\n"), stdout);
        assertEquals(20_000_000L, status.stderrBytes());
        assertEquals(20_000_000L, stderrSeen[0]);
        assertEquals(0, status.exitStatus());
    }

    @Test
    void unreadFloodStillCompletesWhenDiscarded() throws Exception {
        RunningCommand running =
                ssh.launch("head -c 50000000 /dev/zero; head -c 1000 /dev/zero >&2; exit 4", CommandOptions.defaults());
        CommandStatus status = running.await(Duration.ofSeconds(60));
        assertEquals(4, status.exitStatus());
        assertEquals(50_000_000L, status.stdoutBytes());
        assertEquals(1000L, status.stderrBytes());
    }

    // ------------------------------------------------------------------ timeouts, cancellation

    @Test
    void timesOutKillsAndReleases() {
        long start = System.nanoTime();
        CommandTimeoutException e = assertThrows(
                CommandTimeoutException.class,
                () -> ssh.run(
                        "echo started; sleep 30", CommandOptions.defaults().withTimeout(Duration.ofMillis(500))));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMs < 10_000, "timeout took " + tookMs + " ms");
        assertEquals(Duration.ofMillis(500), e.timeout());
    }

    @Test
    void streamingRunTimesOutToo() {
        assertThrows(
                CommandTimeoutException.class,
                () -> ssh.stream(
                        "yes | head -c 100000; sleep 30",
                        CommandOptions.defaults().withTimeout(Duration.ofMillis(500)),
                        event -> {}));
    }

    @Test
    void cancelStopsALaunchedCommand() throws Exception {
        RunningCommand running = ssh.launch("sleep 30", CommandOptions.defaults());
        Thread.sleep(100);
        running.cancel();
        ExecutionException e = assertThrows(
                ExecutionException.class, () -> running.completion().get(10, TimeUnit.SECONDS));
        assertInstanceOf(CommandCancelledException.class, e.getCause());
    }

    @Test
    void launchedCommandTimesOut() {
        RunningCommand running = assertDoesNotThrowIo(
                () -> ssh.launch("sleep 30", CommandOptions.defaults().withTimeout(Duration.ofMillis(300))));
        ExecutionException e = assertThrows(
                ExecutionException.class, () -> running.completion().get(10, TimeUnit.SECONDS));
        assertInstanceOf(CommandTimeoutException.class, e.getCause());
    }

    @Test
    void interruptCancelsARun() throws Exception {
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException ignored) {
                return;
            }
            caller.interrupt();
        });
        interrupter.start();
        try {
            assertThrows(CommandCancelledException.class, () -> ssh.run("sleep 30", CommandOptions.defaults()));
            assertTrue(Thread.interrupted(), "interrupt flag restored");
        } finally {
            interrupter.join();
            Thread.interrupted();
        }
    }

    @Test
    void listenerFailureStopsTheCommand() {
        SshCommandException e = assertThrows(
                SshCommandException.class,
                () -> ssh.stream("yes", CommandOptions.defaults().withTimeout(Duration.ofSeconds(30)), event -> {
                    throw new IllegalStateException("listener gives up");
                }));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    // ------------------------------------------------------------------ stdin, views, concurrency

    @Test
    void feedsStdinFromPooledBuffer() throws Exception {
        // sha256sum reads all input before writing: MINA's InvertedShellWrapper pumps every pipe with one thread
        // and deadlocks on a command like cat that writes while its stdin is still being fed
        byte[] data = new byte[3 << 20];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + (i >>> 11));
        }
        String expected =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        // heap chunks go out as they are, direct ones through a bounce array
        BufferPool direct = BufferPool.builder().directChunks(true).build();
        for (BufferPool source : List.of(pool, direct)) {
            try (RecyclableOutputStream stdin = source.newStream()) {
                stdin.write(data, 0, data.length);
                try (CommandResult r = ssh.run(
                        "sha256sum", CommandOptions.defaults().withStdin(stdin).withTimeout(Duration.ofSeconds(30)))) {
                    assertEquals(expected, r.stdoutText().split(" ")[0]);
                }
            }
        }
        PoolAssertions.assertNothingInUse(direct);
    }

    @Test
    void feedsStdinFromInputStream() throws IOException {
        byte[] data = "line one\nline two\n".getBytes(StandardCharsets.UTF_8);
        try (CommandResult r = ssh.run("wc -l", CommandOptions.defaults().withStdin(new ByteArrayInputStream(data)))) {
            assertEquals("2", r.stdoutText().trim());
        }
    }

    @Test
    void commandReadingStdinGetsEndOfFile() throws IOException {
        try (CommandResult r = ssh.run("cat; echo eof-seen", CommandOptions.defaults())) {
            assertEquals("eof-seen\n", r.stdoutText());
        }
    }

    @Test
    void listenerMayRetainAChunkBeyondTheCallback() throws IOException {
        List<ByteBufferView> kept = new ArrayList<>();
        ssh.stream("printf hello", CommandOptions.defaults(), event -> {
            try (RecyclableOutputStream retained = event.retain()) {
                kept.add(retained.byteBuffers()); // the view outlives the stream it was taken of
            }
        });
        try {
            StringBuilder text = new StringBuilder();
            for (ByteBufferView view : kept) {
                for (ByteBuffer b : view.buffers()) {
                    text.append(StandardCharsets.UTF_8.decode(b.duplicate()));
                }
            }
            assertEquals("hello", text.toString());
            assertTrue(pool.stats().bytesInUse() > 0, "the view holds the chunk");
        } finally {
            kept.forEach(ByteBufferView::close);
        }
    }

    @Test
    void runsCommandsConcurrentlyOnOneConnection() throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                int n = i;
                results.add(executor.submit(() -> {
                    try (CommandResult r = ssh.run(
                            "yes " + n + " | head -c 200000; echo end-" + n + " >&2", CommandOptions.defaults())) {
                        assertEquals(200_000, r.stdout().length());
                        return r.stderrText();
                    }
                }));
            }
            for (int i = 0; i < 8; i++) {
                assertEquals("end-" + i + "\n", results.get(i).get(60, TimeUnit.SECONDS));
            }
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void socketHasTcpNoDelay() throws IOException {
        assertTrue(ssh.client().getSocket().getTcpNoDelay());
    }

    // ------------------------------------------------------------------ stdin of any size

    /** Ten MiB of stdin to a command that never reads it: more than any window, as {@code ssh host true < file}. */
    @Test
    void aCommandThatExitsWithoutReadingItsStdinReportsItsExitStatus() throws Exception {
        long size = 10L << 20;
        try (RecyclableOutputStream stdin = pool.newStream()) {
            stdin.write(new byte[(int) size]);
            CommandOptions options = CommandOptions.defaults().withStdin(stdin).withTimeout(Duration.ofSeconds(30));
            try (CommandResult r = ssh.run("exit 3", options)) {
                assertEquals(3, r.exitStatus());
                assertStdinCutShort(r.status(), size);
            }
            CommandStatus streamed = ssh.stream("exit 4", options, event -> {});
            assertEquals(4, streamed.exitStatus());
            assertStdinCutShort(streamed, size);
            CommandStatus launched = ssh.launch("exit 5", options).await(Duration.ofSeconds(30));
            assertEquals(5, launched.exitStatus());
            assertStdinCutShort(launched, size);
        }
        try (CommandResult r = ssh.run(
                "exit 6",
                CommandOptions.defaults().withStdin(GeneratedBytes.of(size, 6)).withTimeout(Duration.ofSeconds(30)))) {
            assertEquals(6, r.exitStatus());
            assertStdinCutShort(r.status(), size);
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    private static void assertStdinCutShort(CommandStatus status, long size) {
        assertTrue(status.stdinTruncated(), status.toString());
        assertTrue(status.stdinBytes() < size, status.toString());
    }

    /**
     * Waiting for the server to take more stdin is part of running the command: with no command timeout it may
     * take longer than the reply timeout, which bounds only the server's replies.
     */
    @Test
    void stdinWaitsForASlowReaderLongerThanTheReplyTimeout() throws Exception {
        long size = 8L << 20;
        try (SshRunner impatient = SshRunner.builder(server().host())
                        .port(server().port())
                        .credentials(server().credentials())
                        .hostKeys(server().hostKeys())
                        .pool(pool)
                        .replyTimeout(Duration.ofSeconds(1))
                        .connect();
                CommandResult r = impatient.run(
                        "sleep 3; wc -c", CommandOptions.defaults().withStdin(GeneratedBytes.of(size, 7)))) {
            assertEquals(0, r.exitStatus(), r.stderrText());
            assertEquals(Long.toString(size), r.stdoutText().trim());
            assertEquals(size, r.status().stdinBytes());
            assertFalse(r.status().stdinTruncated());
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    /**
     * sha256sum reads all its input before it writes: a large stdin from a stream, generated as it is read, so the
     * heap holds none of it. (MINA's process shell pumps a command's pipes with one thread, so a command that
     * writes while it reads, such as cat, is OpenSSH's test: {@code LargeStdinTest}.)
     */
    @Test
    void largeStdinFromAStreamReachesTheCommandIntact() throws Exception {
        long size = 48L << 20;
        CommandOptions options =
                CommandOptions.defaults().withStdin(GeneratedBytes.of(size, 11)).withTimeout(Duration.ofSeconds(120));
        try (CommandResult r = ssh.run("sha256sum", options)) {
            assertEquals(0, r.exitStatus(), r.stderrText());
            assertEquals(GeneratedBytes.sha256(size, 11), r.stdoutText().split(" ")[0]);
            assertEquals(size, r.status().stdinBytes());
            assertFalse(r.status().stdinTruncated());
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    // ------------------------------------------------------------------ the caller's code fails

    /**
     * A listener that throws anything, an Error included: the command is stopped, its channel closed, every chunk
     * returned before the call returns, and an Error reaches the caller as itself; the runner keeps working.
     */
    @Test
    void aListenerThatThrowsAnErrorStopsTheCommandAndReturnsEveryChunk() throws Exception {
        RunningCommand other = ssh.launch("sleep 2; exit 9", CommandOptions.defaults());
        List<Throwable> thrown = List.of(
                new AssertionError("a failed assertion"),
                new OutOfMemoryError("as if the heap ran out"),
                new StackOverflowError("as if the stack ran out"),
                new IllegalStateException("a bug"));
        for (Throwable t : thrown) {
            int[] calls = new int[1];
            Throwable caught = assertThrows(
                    Throwable.class,
                    () -> ssh.stream("yes", CommandOptions.defaults(), event -> {
                        if (++calls[0] == 3) {
                            throw sneaky(t);
                        }
                    }));
            if (t instanceof Error) {
                assertSame(t, caught);
            } else {
                assertInstanceOf(SshCommandException.class, caught);
                assertSame(t, caught.getCause());
            }
            PoolAssertions.assertNothingInUse(pool);
            assertRunnerStillWorks();
        }
        assertEquals(9, other.await(Duration.ofSeconds(30)).exitStatus(), "a command beside them runs on");
    }

    /** A real stack overflow inside the listener, not a thrown instance. */
    @Test
    void aListenerThatOverflowsItsStackStopsTheCommand() throws Exception {
        assertThrows(
                StackOverflowError.class,
                () -> ssh.stream("yes", CommandOptions.defaults(), event -> recurse(event.size())));
        PoolAssertions.assertNothingInUse(pool);
        assertRunnerStillWorks();
    }

    /** The listener fails on output delivered after the command ended (queued while it was slow). */
    @Test
    void aListenerThatFailsOnTheLastQueuedOutputStillFailsTheCall() throws Exception {
        AssertionError bug = new AssertionError("on the last event");
        AssertionError caught = assertThrows(
                AssertionError.class,
                () -> ssh.stream("head -c 1000000 /dev/zero; printf end", CommandOptions.defaults(), event -> {
                    Thread.sleep(1);
                    if (event.toString(StandardCharsets.UTF_8).endsWith("end")) {
                        throw bug;
                    }
                }));
        assertSame(bug, caught);
        PoolAssertions.assertNothingInUse(pool);
        assertRunnerStillWorks();
    }

    /** A stdin stream that throws, in each way of running a command. */
    @Test
    void aStdinStreamThatThrowsFailsTheCommandWithItAsTheCause() throws Exception {
        List<Throwable> thrown = List.of(
                new IOException("disk gone"), new IllegalStateException("a bug"), new AssertionError("an error"));
        for (Throwable t : thrown) {
            for (int mode = 0; mode < 3; mode++) {
                CommandOptions options = CommandOptions.defaults()
                        .withStdin(failingAfter(1 << 20, t))
                        .withTimeout(Duration.ofSeconds(30));
                int m = mode;
                Throwable caught = assertThrows(Throwable.class, () -> {
                    switch (m) {
                        case 0 -> ssh.run("cat > /dev/null; sleep 30", options).close();
                        case 1 -> ssh.stream("cat > /dev/null; sleep 30", options, event -> {});
                        default ->
                            ssh.launch("cat > /dev/null; sleep 30", options).await();
                    }
                });
                if (t instanceof Error) {
                    assertSame(t, caught, "mode " + m);
                } else {
                    assertInstanceOf(SshCommandException.class, caught, "mode " + m);
                    assertSame(t, caught.getCause(), "mode " + m);
                }
                PoolAssertions.assertNothingInUse(pool);
            }
        }
        assertRunnerStillWorks();
    }

    /**
     * A slow listener with output queued: the timeout and an interrupt still end the command, and the queued
     * chunks go back.
     */
    @Test
    void aSlowListenerDoesNotHoldTheCommandPastItsTimeout() throws Exception {
        long start = System.nanoTime();
        assertThrows(
                CommandTimeoutException.class,
                () -> ssh.stream(
                        "yes | head -c 50000000",
                        CommandOptions.defaults().withTimeout(Duration.ofSeconds(2)),
                        event -> Thread.sleep(50)));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMs < 8_000, "the 2 s timeout took " + tookMs + " ms");
        PoolAssertions.assertNothingInUse(pool);

        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException ignored) {
                return;
            }
            caller.interrupt();
        });
        start = System.nanoTime();
        interrupter.start();
        try {
            assertThrows(
                    CommandCancelledException.class,
                    () -> ssh.stream("yes | head -c 50000000", CommandOptions.defaults(), event -> Thread.sleep(50)));
            assertTrue(Thread.interrupted(), "interrupt flag restored");
        } finally {
            interrupter.join();
            Thread.interrupted();
        }
        tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMs < 8_000, "the interrupt after 1 s took " + tookMs + " ms");
        PoolAssertions.assertNothingInUse(pool);
        assertRunnerStillWorks();
    }

    private void assertRunnerStillWorks() throws IOException {
        try (CommandResult r = ssh.run("echo still here", CommandOptions.defaults())) {
            assertEquals("still here\n", r.stdoutText());
        }
    }

    private static int recurse(int n) {
        return recurse(n + 1) + 1;
    }

    /** Throws {@code t} from a lambda that may only throw IOException. */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /** A stdin that delivers {@code good} bytes and then throws {@code t} (a checked exception too). */
    static java.io.InputStream failingAfter(long good, Throwable t) {
        GeneratedBytes data = GeneratedBytes.of(good, 3);
        return new java.io.InputStream() {
            @Override
            public int read() throws IOException {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = data.read(b, off, len);
                if (n < 0) {
                    throw SshRunnerContractTest.<IOException>sneaky(t);
                }
                return n;
            }
        };
    }

    // ------------------------------------------------------------------ helpers

    static String expectedYesDigest(long length) throws NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] line = "0123456789abcdef\n".getBytes(StandardCharsets.US_ASCII);
        byte[] block = new byte[line.length * 4096];
        for (int i = 0; i < 4096; i++) {
            System.arraycopy(line, 0, block, i * line.length, line.length);
        }
        long left = length;
        while (left > 0) {
            int n = (int) Math.min(left, block.length);
            digest.update(block, 0, n);
            left -= n;
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    static String sha256(RecyclableOutputStream content) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        content.forEachSegment(digest::update);
        return HexFormat.of().formatHex(digest.digest());
    }

    interface IoSupplier<T> {
        T get() throws IOException;
    }

    static <T> T assertDoesNotThrowIo(IoSupplier<T> supplier) {
        try {
            return supplier.get();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
