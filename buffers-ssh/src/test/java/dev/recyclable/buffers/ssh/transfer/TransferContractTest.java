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
package dev.recyclable.buffers.ssh.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What every server must show through {@link SshTransfer}: exact bytes both ways for edge sizes and every sink
 * and source kind, clear failures that leave no complete-looking file, and a pool with nothing in use afterwards.
 * Subclasses supply a real server by registering a {@link ServerPerClass}.
 */
abstract class TransferContractTest {

    private static final int[] SIZES = {0, 1, 4093, 1_000_003};

    protected BufferPool pool;
    protected SshRunner ssh;
    protected SshTransfer transfer;
    protected Path dir;

    /** The server shared by the class's tests: the one the concrete class registered ({@link ServerPerClass}). */
    protected SshTestServer server() {
        return ServerPerClass.registeredBy(getClass()).get();
    }

    /** A server of its own, like the class's one, for a test that kills it. */
    protected SshTestServer newServer() throws Exception {
        return ServerPerClass.registeredBy(getClass()).startAnother();
    }

    @BeforeEach
    void connect() throws IOException {
        pool = BufferPool.builder().zeroOnRelease(true).build();
        ssh = server().connect(pool);
        transfer = SshTransfer.over(ssh)
                .withOptions(TransferOptions.builder().syncFiles(false).build());
        dir = TestFiles.sharedDir();
    }

    @AfterEach
    void disconnectAndCheckPool() throws IOException {
        try {
            if (ssh != null) {
                ssh.close();
            }
            PoolAssertions.assertNothingInUse(pool);
        } finally {
            TestFiles.deleteTree(dir);
        }
    }

    // ------------------------------------------------------------------ integrity, downloads

    @Test
    void downloadsFilesOfEdgeSizesToPathsExactly() throws IOException {
        for (int size : SIZES) {
            Path remote = TestFiles.randomFile(dir, "src-" + size, size, size + 17);
            Path local = dir.resolve("dst-" + size);
            TransferResult r = transfer.download(RemoteSource.file(remote.toString()), local);
            assertEquals(size, r.bytes(), "size " + size);
            assertEquals(size, Files.size(local));
            assertEquals(TestFiles.crc(remote), TestFiles.crc(local), "checksum, size " + size);
        }
        assertEquals(List.of(), TestFiles.othersIn(dir, names("src-", "dst-")), "no part files left");
    }

    @Test
    void refusesToRenameOverATargetThatIsNotARegularFile() throws Exception {
        Path remote = TestFiles.randomFile(dir, "src-special", 10_000, 5);
        Path fifo = dir.resolve("fifo");
        Process mkfifo =
                new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        Path linkToFifo = Files.createSymbolicLink(dir.resolve("link-to-fifo"), fifo);
        Path directory = Files.createDirectory(dir.resolve("a-directory"));
        for (Path target : new Path[] {fifo, linkToFifo, directory}) {
            TransferException e = assertThrows(
                    TransferException.class,
                    () -> transfer.download(RemoteSource.file(remote.toString()), target),
                    target.toString());
            assertTrue(e.getMessage().contains("refusing to download into " + target), e.getMessage());
            assertEquals(0, e.bytesMoved());
        }
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "the FIFO is intact");
        assertTrue(Files.isSymbolicLink(linkToFifo));
        assertTrue(Files.isDirectory(directory));
        try (var left = Files.list(dir)) {
            assertEquals(
                    List.of(),
                    left.filter(p -> p.getFileName().toString().contains(".part-"))
                            .toList());
        }

        // a symbolic link to a regular file stays a link; the file it points to gets the content
        Path real = dir.resolve("real-file");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link-to-file"), real);
        transfer.download(RemoteSource.file(remote.toString()), link);
        assertTrue(Files.isSymbolicLink(link));
        assertArrayEquals(Files.readAllBytes(remote), Files.readAllBytes(real));
    }

    @Test
    void downloadsIntoStreamsChannelsAndPooledStreams() throws IOException {
        Path remote = TestFiles.randomFile(dir, "src", 777_777, 5);
        byte[] expected = Files.readAllBytes(remote);

        ByteArrayOutputStream viaStream = new ByteArrayOutputStream();
        transfer.download(RemoteSource.file(remote.toString()), viaStream);
        assertArrayEquals(expected, viaStream.toByteArray());

        ByteArrayOutputStream viaChannel = new ByteArrayOutputStream();
        transfer.download(RemoteSource.file(remote.toString()), Channels.newChannel(viaChannel));
        assertArrayEquals(expected, viaChannel.toByteArray());

        try (RecyclableOutputStream pooled = pool.newStream()) {
            TransferResult r = transfer.download(RemoteSource.file(remote.toString()), pooled);
            assertEquals(expected.length, r.bytes());
            assertArrayEquals(expected, pooled.toByteArray());
        }
    }

    @Test
    void downloadsCommandOutputAndChecksItsExitStatus() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TransferResult r = transfer.download(RemoteSource.commandOutput("seq 1 100000"), out);
        StringBuilder expected = new StringBuilder();
        for (int i = 1; i <= 100000; i++) {
            expected.append(i).append('\n');
        }
        assertEquals(expected.toString(), out.toString());
        assertEquals(expected.length(), r.bytes());

        TransferException failed = assertFailsSaying(
                () -> transfer.download(
                        RemoteSource.commandOutput("echo partial; echo broken >&2; exit 5"),
                        new ByteArrayOutputStream()),
                "broken");
        assertEquals(5, failed.exitStatus());

        TransferException shortOutput = assertFailsSaying(
                () -> transfer.withOptions(transfer.options().toBuilder()
                                .expectedLength(10)
                                .build())
                        .download(RemoteSource.commandOutput("printf 12345"), new ByteArrayOutputStream()),
                "expected 10");
    }

    @Test
    void missingRemoteFileFailsClearlyAndCreatesNothing() throws IOException {
        Path local = dir.resolve("never");
        TransferException e = assertFailsSaying(
                () -> transfer.download(
                        RemoteSource.file(dir.resolve("no such file").toString()), local),
                "no such file",
                "No such file");
        assertFalse(Files.exists(local));
        assertEquals(List.of(), TestFiles.othersIn(dir));
    }

    @Test
    void failedDownloadKeepsTheOldFileUnderTheTargetName() throws IOException {
        Path local = Files.writeString(dir.resolve("existing"), "old content");
        assertThrows(
                TransferException.class,
                () -> transfer.download(RemoteSource.commandOutput("head -c 100000 /dev/zero; exit 1"), local));
        assertEquals("old content", Files.readString(local));
        assertEquals(List.of(), TestFiles.othersIn(dir, "existing"));
    }

    // ------------------------------------------------------------------ integrity, uploads

    @Test
    void uploadsFilesOfEdgeSizesExactly() throws IOException {
        for (int size : SIZES) {
            Path local = TestFiles.randomFile(dir, "src-" + size, size, size + 3);
            Path remote = dir.resolve("dst-" + size);
            TransferResult r = transfer.upload(local, RemoteTarget.file(remote.toString()));
            assertEquals(size, r.bytes());
            assertEquals(TestFiles.crc(local), TestFiles.crc(remote), "checksum, size " + size);
        }
        assertEquals(List.of(), TestFiles.othersIn(dir, names("src-", "dst-")), "no part files left");
    }

    @Test
    void uploadsFromStreamsAndPooledStreams() throws IOException {
        byte[] data = TestFiles.randomBytes(654_321, 9);
        Path viaStream = dir.resolve("via-stream");
        transfer.upload(new ByteArrayInputStream(data), data.length, RemoteTarget.file(viaStream.toString()));
        assertArrayEquals(data, Files.readAllBytes(viaStream));

        // heap chunks go out as they are, direct ones through a bounce array
        BufferPool direct = BufferPool.builder().directChunks(true).build();
        for (BufferPool source : List.of(pool, direct)) {
            Path viaPooled = dir.resolve("via-pooled");
            try (RecyclableOutputStream content = source.newStream()) {
                content.write(data);
                TransferResult r = transfer.upload(content, RemoteTarget.file(viaPooled.toString()));
                assertEquals(data.length, r.bytes());
                assertEquals(data.length, content.length(), "the source stream is left as it was");
            }
            assertArrayEquals(data, Files.readAllBytes(viaPooled));
        }
        PoolAssertions.assertNothingInUse(direct);
    }

    @Test
    void uploadsIntoCommandInputOfUnknownLength() throws IOException {
        byte[] data = TestFiles.randomBytes(300_001, 11);
        Path out = dir.resolve("from-command");
        transfer.upload(
                new ByteArrayInputStream(data),
                -1,
                RemoteTarget.commandInput("cat > '" + out + "' && chmod 644 '" + out + "'"));
        assertArrayEquals(data, Files.readAllBytes(out));

        TransferException failed = assertThrows(
                TransferException.class,
                () -> transfer.upload(
                        new ByteArrayInputStream(data), -1, RemoteTarget.commandInput("cat > /dev/null; exit 3")));
        assertEquals(3, failed.exitStatus());
    }

    @Test
    void uploadOfAShortSourceLeavesNoRemoteFile() throws IOException {
        Path remote = dir.resolve("short");
        TransferException e = assertFailsSaying(
                () -> transfer.upload(
                        new ByteArrayInputStream(new byte[1000]), 5000, RemoteTarget.file(remote.toString())),
                "1000 of 5000");
        assertEquals(1000, e.bytesMoved());
        awaitNoOthers(dir);
        assertFalse(Files.exists(remote));
    }

    @Test
    void unknownLengthIsRefusedForRemoteFiles() {
        assertThrows(
                IllegalArgumentException.class,
                () -> transfer.upload(
                        new ByteArrayInputStream(new byte[1]),
                        -1,
                        RemoteTarget.file(dir.resolve("x").toString())));
    }

    @Test
    void trickyRemoteNamesAreNotInterpretedByTheShell() throws IOException {
        String name = "it's $(touch pwned) `x` \"q\" ;&|*";
        Path local = TestFiles.randomFile(dir, "src", 10_000, 1);
        Path remote = dir.resolve(name);
        transfer.upload(local, RemoteTarget.file(remote.toString()));
        Path back = dir.resolve("back");
        transfer.download(RemoteSource.file(remote.toString()), back);
        assertEquals(TestFiles.crc(local), TestFiles.crc(back));
        assertEquals(List.of(), TestFiles.othersIn(dir, "src", name, "back"));
    }

    @Test
    void anUploadToADirectoryOrOtherNonRegularFileIsRefusedAndLeavesNothing() throws Exception {
        Path directory = Files.createDirectory(dir.resolve("a-directory"));
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path linkToDirectory = Files.createSymbolicLink(dir.resolve("link-to-directory"), directory);
        Path fifo = dir.resolve("fifo");
        assertEquals(
                0,
                new ProcessBuilder("mkfifo", "-m", "666", fifo.toString())
                        .inheritIO()
                        .start()
                        .waitFor());
        Path small = TestFiles.randomFile(dir, "small", 1000, 31);
        // more than the server's window: the refusal comes while the bytes are still being sent
        Path big = TestFiles.randomFile(dir, "big", 8L << 20, 32);
        for (Path source : List.of(small, big)) {
            for (Path target : List.of(directory, linkToDirectory)) {
                TransferException e = assertFailsSaying(
                        () -> transfer.upload(source, RemoteTarget.file(target.toString())), "is a directory");
                assertTrue(e.getMessage().contains("refus"), e.getMessage());
                assertEquals(List.of(), TestFiles.othersIn(directory), "nothing left inside the directory");
            }
            assertFailsSaying(() -> transfer.upload(source, RemoteTarget.file(fifo.toString())), "not a regular file");
            assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "the FIFO is intact");
        }
        assertEquals(List.of(), TestFiles.othersIn(dir, "a-directory", "link-to-directory", "fifo", "small", "big"));

        // a directory that appears under the target name while the upload runs is refused just the same
        Path appearing = dir.resolve("appearing");
        SshTransfer racing = transfer.withOptions(transfer.options().toBuilder()
                .listener(creatingADirectory(appearing))
                .build());
        assertFailsSaying(() -> racing.upload(big, RemoteTarget.file(appearing.toString())), "is a directory");
        assertEquals(List.of(), TestFiles.othersIn(appearing), "nothing moved into the directory");
        awaitNoOthers(dir, "a-directory", "link-to-directory", "fifo", "small", "big", "appearing");
    }

    @Test
    void aDirectoryThatAppearsUnderTheTargetNameWhileDownloadingIsLeftAlone() throws IOException {
        Path remote = TestFiles.randomFile(dir, "src", 3L << 20, 33);
        Path target = dir.resolve("appearing");
        SshTransfer racing = transfer.withOptions(transfer.options().toBuilder()
                .listener(creatingADirectory(target))
                .build());
        TransferException e = assertFailsSaying(
                () -> racing.download(RemoteSource.file(remote.toString()), target), "refusing to download into");
        assertTrue(e.getMessage().contains("a directory"), e.getMessage());
        assertTrue(Files.isDirectory(target));
        assertEquals(List.of(), TestFiles.othersIn(target));
        assertEquals(List.of(), TestFiles.othersIn(dir, "src", "appearing"));
    }

    /**
     * A listener that creates a directory every user may write at {@code path} on its first report, as if someone
     * else did while the transfer runs.
     */
    private static TransferListener creatingADirectory(Path path) {
        return (moved, total) -> {
            try {
                if (!Files.exists(path)) {
                    Files.createDirectory(path);
                    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxrwxrwx"));
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
    }

    // ------------------------------------------------------------------ the progress listener

    /**
     * A listener that throws on its first, a middle or its final report (for a transfer under the progress interval
     * the final report is the only one): the transfer stops, the target keeps its old content, no part file is left,
     * and the caller gets what the listener threw: an {@link Error} as itself, anything else as the cause of a
     * {@link TransferException}. The connection stays usable.
     */
    @Test
    void aListenerThatThrowsAnythingOnAnyReportStopsTheTransferAndChangesNothing() throws Exception {
        List<java.util.function.Supplier<Throwable>> kinds = List.of(
                () -> new IllegalStateException("listener broke"),
                () -> new Exception("checked, thrown sneakily"),
                () -> new AssertionError("listener failed an assertion"),
                () -> new StackOverflowError("listener overflowed"));
        long interval = 1L << 20;
        for (long size : new long[] {1000, 2 * interval + 5}) {
            int reports = (int) (size / interval) + 1;
            Path local = TestFiles.randomFile(dir, "src", size, size);
            byte[] bytes = Files.readAllBytes(local);
            Path remote = dir.resolve("remote");
            Path back = dir.resolve("back");
            for (var kind : kinds) {
                for (int failing = 1; failing <= reports; failing++) {
                    String what = "size " + size + ", report " + failing + " of " + reports + ", " + kind.get();
                    Files.writeString(remote, "old remote");
                    Files.setPosixFilePermissions(remote, PosixFilePermissions.fromString("rw-rw-rw-"));
                    Files.writeString(back, "old local");
                    Throwable thrown = kind.get();
                    int n = failing;
                    // each transfer with a listener of its own, counting its own reports
                    java.util.function.Supplier<SshTransfer> failingOn =
                            () -> transfer.withOptions(transfer.options().toBuilder()
                                    .progressInterval(interval)
                                    .listener(throwingOn(n, thrown))
                                    .build());
                    assertFailsWith(
                            thrown, () -> failingOn.get().upload(local, RemoteTarget.file(remote.toString())), what);
                    assertFailsWith(
                            thrown, () -> failingOn.get().download(RemoteSource.file(local.toString()), back), what);
                    assertFailsWith(
                            thrown,
                            () -> failingOn
                                    .get()
                                    .upload(
                                            new ByteArrayInputStream(bytes),
                                            -1,
                                            RemoteTarget.commandInput("cat > /dev/null")),
                            what);
                    try (RecyclableOutputStream pooled = pool.newStream()) {
                        assertFailsWith(
                                thrown,
                                () -> failingOn.get().download(RemoteSource.file(local.toString()), pooled),
                                what);
                        assertEquals(0, pooled.length(), "a failed download into an empty stream leaves it empty");
                    }
                    awaitNoOthers(dir, "src", "remote", "back");
                    assertEquals("old remote", Files.readString(remote), what);
                    assertEquals("old local", Files.readString(back), what);
                }
            }
            Files.delete(local);
        }
        ByteArrayOutputStream after = new ByteArrayOutputStream();
        transfer.download(RemoteSource.commandOutput("echo still here"), after);
        assertEquals("still here\n", after.toString());
    }

    /**
     * A listener that throws an {@link InterruptedException} (sneakily) cancels its transfer as an interrupt does:
     * the caller gets it as the cause of a {@link TransferException}, with its thread's interrupt flag set again,
     * and the target keeps its old content.
     */
    @Test
    void aListenerThatThrowsInterruptedExceptionCancelsTheTransferAndKeepsTheInterrupt() throws Exception {
        Path local = TestFiles.randomFile(dir, "src", 1000, 36);
        Path remote = Files.writeString(dir.resolve("remote"), "old remote");
        Files.setPosixFilePermissions(remote, PosixFilePermissions.fromString("rw-rw-rw-"));
        Path back = Files.writeString(dir.resolve("back"), "old local");
        List<Executable> transfers = List.of(
                () -> interruptingOnFirstReport().upload(local, RemoteTarget.file(remote.toString())),
                () -> interruptingOnFirstReport().download(RemoteSource.file(local.toString()), back));
        for (Executable call : transfers) {
            try {
                TransferException e = assertThrows(TransferException.class, call);
                assertInstanceOf(InterruptedException.class, e.getCause(), e.toString());
                assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is set again: " + e);
            } finally {
                Thread.interrupted();
            }
            awaitNoOthers(dir, "src", "remote", "back");
            assertEquals("old remote", Files.readString(remote));
            assertEquals("old local", Files.readString(back));
        }
    }

    private SshTransfer interruptingOnFirstReport() {
        return transfer.withOptions(transfer.options().toBuilder()
                .listener(throwingOn(1, new InterruptedException("listener interrupted")))
                .build());
    }

    /** A listener that throws {@code thrown} on its {@code n}th call (sneakily, if it is a checked exception). */
    private static TransferListener throwingOn(int n, Throwable thrown) {
        int[] calls = {0};
        return (moved, total) -> {
            if (++calls[0] == n) {
                TransferContractTest.<RuntimeException>sneakyThrow(thrown);
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    /** An {@link Error} comes back as itself; anything else as the cause of a {@link TransferException}. */
    private static void assertFailsWith(Throwable thrown, Executable transfer, String what) {
        Throwable caught = assertThrows(Throwable.class, transfer, what);
        if (thrown instanceof Error) {
            assertSame(thrown, caught, what);
        } else {
            assertEquals(TransferException.class, caught.getClass(), what + ": " + caught);
            assertSame(thrown, caught.getCause(), what);
        }
    }

    // ------------------------------------------------------------------ the runner's close

    /**
     * Closing the runner in the middle of an upload to a file stops it as a failure does, so that the remote shell
     * removes its part file (on a server that does not pass signals on, because its input ends short), and the close
     * waits for that: when it returns, the target is as it was and nothing else is left. The transfer's caller gets
     * a cancellation.
     */
    @Test
    void closingTheRunnerDuringAnUploadLeavesTheTargetAsItWasAndNoPartFile() throws Exception {
        Path source = TestFiles.randomFile(dir, "src", 16L << 20, 35);
        Path target = Files.writeString(dir.resolve("target"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw-rw-"));
        CountDownLatch halfway = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        SshTransfer held = transfer.withOptions(transfer.options().toBuilder()
                .listener((moved, total) -> {
                    if (moved >= 4L << 20 && halfway.getCount() > 0) {
                        halfway.countDown();
                        try {
                            closed.await(60, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                })
                .build());
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread uploading = new Thread(() -> {
            try {
                held.upload(source, RemoteTarget.file(target.toString()));
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        uploading.start();
        try {
            assertTrue(halfway.await(60, TimeUnit.SECONDS), "the upload got halfway");
            ssh.close();
            assertEquals(List.of(), TestFiles.othersIn(dir, "src", "target"), "part files left after close()");
            assertEquals("old", Files.readString(target));
        } finally {
            closed.countDown();
            uploading.join(60_000);
        }
        TransferException e = assertInstanceOf(TransferException.class, outcome.get());
        assertTrue(e.getMessage().contains("SshRunner closed"), e.getMessage());
        assertInstanceOf(CommandCancelledException.class, e.getCause(), e.toString());
    }

    // ------------------------------------------------------------------ local failures

    @Test
    void failingSinkStopsTheTransferAndTheConnectionStaysUsable() throws IOException {
        Path remote = TestFiles.randomFile(dir, "big", 32L << 20, 2);
        IOException boom = new IOException("sink broke");
        AtomicLong accepted = new AtomicLong();
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (accepted.addAndGet(len) > (1 << 20)) {
                    throw boom;
                }
            }
        };
        TransferException e = assertThrows(
                TransferException.class, () -> transfer.download(RemoteSource.file(remote.toString()), failing));
        assertSame(boom, e.getCause());
        assertTrue(e.bytesMoved() <= (1 << 20), "stopped at the failure: " + e.bytesMoved());

        ByteArrayOutputStream after = new ByteArrayOutputStream();
        transfer.download(RemoteSource.commandOutput("echo still here"), after);
        assertEquals("still here\n", after.toString());
    }

    /**
     * The caller's own stream is user code too: whatever its {@code write} or {@code read} throws reaches the caller by
     * the listener's rule (an {@link Error} as itself, anything else as a {@link TransferException}'s cause), after
     * the transfer stopped and left no part file.
     */
    @Test
    void aStreamThatThrowsAnythingStopsTheTransferByTheSameRule() throws Exception {
        Path remote = TestFiles.randomFile(dir, "src", 3L << 20, 34);
        Path target = Files.writeString(dir.resolve("target"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw-rw-"));
        for (Throwable thrown :
                List.of(new IllegalStateException("stream broke"), new AssertionError("stream failed an assertion"))) {
            OutputStream failingSink = new OutputStream() {
                @Override
                public void write(int b) {
                    sneakyThrow(thrown);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    sneakyThrow(thrown);
                }
            };
            assertFailsWith(thrown, () -> transfer.download(RemoteSource.file(remote.toString()), failingSink), "sink");
            java.io.InputStream failingSource = new java.io.InputStream() {
                private int served;

                @Override
                public int read() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (served > (1 << 20)) {
                        sneakyThrow(thrown);
                    }
                    served += len;
                    return len;
                }
            };
            assertFailsWith(
                    thrown,
                    () -> transfer.upload(failingSource, 3L << 20, RemoteTarget.file(target.toString())),
                    "source");
            awaitNoOthers(dir, "src", "target");
            assertEquals("old", Files.readString(target));
        }
        ByteArrayOutputStream after = new ByteArrayOutputStream();
        transfer.download(RemoteSource.commandOutput("echo still here"), after);
        assertEquals("still here\n", after.toString());
    }

    @Test
    void fullDiskStopsTheTransferCleanly() throws IOException {
        Path remote = TestFiles.randomFile(dir, "big", 8L << 20, 4);
        try (FileOutputStream full = new FileOutputStream("/dev/full")) {
            assertFailsSaying(() -> transfer.download(RemoteSource.file(remote.toString()), full), "No space left");
        }
    }

    @Test
    void aListenerThatThrowsStopsTheTransfer() throws IOException {
        Path remote = TestFiles.randomFile(dir, "big", 8L << 20, 6);
        Path local = dir.resolve("local");
        SshTransfer stopping = transfer.withOptions(transfer.options().toBuilder()
                .listener((moved, total) -> {
                    throw new IllegalStateException("user cancelled");
                })
                .build());
        assertFailsSaying(() -> stopping.download(RemoteSource.file(remote.toString()), local), "user cancelled");
        assertFalse(Files.exists(local));
        assertEquals(List.of(), TestFiles.othersIn(dir, "big"));
    }

    @Test
    void pooledMemoryIsTheWindowWhateverTheSize() throws IOException {
        Path remote = TestFiles.randomFile(dir, "big", 96L << 20, 8);
        long bound = transfer.options().windowSize() + transfer.options().chunkSize();
        AtomicLong peak = new AtomicLong();
        SshTransfer watched = transfer.withOptions(transfer.options().toBuilder()
                .listener((moved, total) -> peak.accumulateAndGet(pool.stats().bytesInUse(), Math::max))
                .build());
        watched.download(RemoteSource.file(remote.toString()), OutputStream.nullOutputStream());
        assertTrue(peak.get() > 0, "the ring was leased from the pool");
        assertTrue(peak.get() <= bound, "pooled bytes in use " + peak.get() + " > window + chunk " + bound);
    }

    @Test
    void aStalledRemoteFailsAfterTheIdleTimeout() {
        SshTransfer impatient = transfer.withOptions(transfer.options().toBuilder()
                .idleTimeout(java.time.Duration.ofMillis(300))
                .build());
        long t0 = System.nanoTime();
        TransferException e = assertFailsSaying(
                () -> impatient.download(
                        RemoteSource.commandOutput("printf abc; sleep 30"), new ByteArrayOutputStream()),
                "no data from the server");
        assertEquals(3, e.bytesMoved());
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "gave up long before the command ended");
    }

    @Test
    void transfersRunConcurrentlyOnOneConnection() throws Exception {
        Path remote = TestFiles.randomFile(dir, "src", 5_000_001, 21);
        long crc = TestFiles.crc(remote);
        var executor = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Long>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Path local = dir.resolve("copy-" + i);
                results.add(executor.submit(() -> {
                    transfer.download(RemoteSource.file(remote.toString()), local);
                    return TestFiles.crc(local);
                }));
            }
            for (var r : results) {
                assertEquals(crc, r.get());
            }
        } finally {
            executor.shutdownNow();
        }
    }

    // ------------------------------------------------------------------ the remote dies

    @Test
    void remoteDyingMidDownloadFailsClearlyAndLeavesNoFile() throws Exception {
        Path remote = TestFiles.randomFile(dir, "big", 64L << 20, 12);
        Path local = dir.resolve("local");
        failsEarlyWhenTheRemoteDies(
                TransferOptions.builder().syncFiles(false),
                t -> t.download(RemoteSource.file(remote.toString()), local));
        assertFalse(Files.exists(local));
        assertEquals(List.of(), TestFiles.othersIn(dir, "big"));
    }

    @Test
    void remoteDyingMidUploadLeavesNoFileUnderTheTargetName() throws Exception {
        Path local = TestFiles.randomFile(dir, "big", 64L << 20, 13);
        Path remote = dir.resolve("remote");
        failsEarlyWhenTheRemoteDies(
                TransferOptions.builder(), t -> t.upload(local, RemoteTarget.file(remote.toString())));
        assertFalse(Files.exists(remote), "no complete-looking remote file");
    }

    // ------------------------------------------------------------------ helpers

    /** {@code transfer} must fail with a {@link TransferException} whose message says one of {@code expected}. */
    private static TransferException assertFailsSaying(Executable transfer, String... expected) {
        TransferException e = assertThrows(TransferException.class, transfer);
        assertTrue(Arrays.stream(expected).anyMatch(e.getMessage()::contains), e.getMessage());
        return e;
    }

    /** A transfer, for {@link #failsEarlyWhenTheRemoteDies}. */
    @FunctionalInterface
    private interface TransferCall {
        void run(SshTransfer transfer) throws Exception;
    }

    /**
     * Runs {@code call} over a server of its own that is killed once 4 MiB have moved: it must fail with a
     * {@link TransferException} well before its 64 MiB.
     */
    private void failsEarlyWhenTheRemoteDies(TransferOptions.Builder options, TransferCall call) throws Exception {
        try (SshTestServer doomed = newServer();
                SshRunner runner = doomed.connect(pool)) {
            SshTransfer t = SshTransfer.over(runner)
                    .withOptions(options.listener((moved, total) -> {
                                if (moved >= (4 << 20)) {
                                    killQuietly(doomed);
                                }
                            })
                            .build());
            TransferException e = assertThrows(TransferException.class, () -> call.run(t));
            assertTrue(e.bytesMoved() < (64L << 20), "stopped early: " + e.bytesMoved());
        }
    }

    private static void killQuietly(SshTestServer server) {
        try {
            server.killHard();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String[] names(String... prefixes) {
        List<String> all = new java.util.ArrayList<>();
        for (String p : prefixes) {
            for (int size : SIZES) {
                all.add(p + size);
            }
        }
        return all.toArray(String[]::new);
    }

    /** The remote shell removes its part file as it exits, just after the channel closed. */
    private static void awaitNoOthers(Path dir, String... expected) throws IOException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!TestFiles.othersIn(dir, expected).isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertEquals(List.of(), TestFiles.othersIn(dir, expected));
    }
}
