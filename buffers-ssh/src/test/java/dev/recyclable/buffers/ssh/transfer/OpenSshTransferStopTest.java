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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.RunnerPerTest;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every way a transfer can stop early (an interrupt, a listener that cancels, a server that stops reading or
 * answering, a connection lost while the server lives on) leaves no part file on either side and the target as it
 * was, against a real OpenSSH server whose shell runs the remote half. Where our side can wait for the server, the
 * part file is gone when the transfer throws; where the server is stopped, once it runs again.
 */
class OpenSshTransferStopTest {

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    @RegisterExtension
    final RunnerPerTest connection = RunnerPerTest.on(SERVER);

    @RegisterExtension
    final SharedDirPerTest files = new SharedDirPerTest();

    private static final long BIG = 64L << 20;
    private static final long STOP_AT = 4L << 20;
    /** Just over 3 MiB, so that the final report is the only one with all bytes moved. */
    private static final long ODD = (3L << 20) + 5;

    // ------------------------------------------------------------------ uploads: the remote part file

    @Test
    void anInterruptedUploadHasRemovedItsRemotePartFileWhenItThrows() throws Exception {
        Path source = source(BIG);
        Outcome outcome = interruptedAt(STOP_AT, t -> t.upload(source, RemoteTarget.file(target().toString())));
        assertInstanceOf(TransferException.class, outcome.failure);
        assertTrue(outcome.stillInterrupted, "the caller's interrupt is kept");
        assertUntouchedAndAlone(false);
    }

    @Test
    void aCancelledUploadHasRemovedItsRemotePartFileWhenItThrows() throws Exception {
        Path source = source(BIG);
        TransferException e = assertThrows(
                TransferException.class,
                () -> with(cancellingAt(STOP_AT)).upload(source, RemoteTarget.file(target().toString())));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertUntouchedAndAlone(false);
    }

    /**
     * The remote {@code cat} is stopped ({@code SIGSTOP}) mid-upload, so the server stops reading and the upload
     * times out: after the transfer's idle timeout (1 s), not the connection's reply timeout (30 s). Once the remote
     * side runs again, the stop we sent must make the shell remove its part file.
     */
    @Test
    void anUploadThatTimesOutLeavesNoRemotePartFileOnceTheServerRunsAgain() throws Exception {
        Path source = source(BIG);
        List<ProcessHandle> stopped = new ArrayList<>();
        try {
            SshTransfer stalling = transfer()
                    .withOptions(transfer().options().toBuilder()
                            .idleTimeout(Duration.ofSeconds(1))
                            .listener((moved, total) -> {
                                if (stopped.isEmpty()) {
                                    // the server buffers a window's worth before the shell has started cat
                                    stopped.addAll(awaitRemoteProcesses("cat", ""));
                                    signal("STOP", stopped);
                                }
                            })
                            .build());
            TransferException e = assertThrows(
                    TransferException.class, () -> stalling.upload(source, RemoteTarget.file(target().toString())));
            assertTrue(
                    e.getMessage().contains("no stdin window") && e.getMessage().contains("within 1000 ms"),
                    e.toString());
            assertEquals(1, stopped.size(), "the remote cat was found and stopped");
            signal("CONT", stopped);
            assertUntouchedAndAlone(true);
        } finally {
            signal("CONT", stopped);
        }
    }

    /**
     * Closing the runner during an upload stops it the way a failure does: the remote shell gets {@code TERM} and the
     * end of its input, never {@code KILL}, so that its trap removes the part file, and the close waits for that. So
     * when {@code close()} returns, no part file is left and nothing runs on the host; the transfer's caller gets a
     * cancellation that says the runner closed.
     */
    @Test
    void closingTheRunnerDuringAnUploadLeavesNoRemotePartFileAndNothingRunning() throws Exception {
        Path source = source(BIG);
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        connection.ssh().close(); // the test's only connection is the one it closes: then nothing may run at all
        SshRunner closing = SERVER.get().connect(connection.pool());
        try {
            SshTransfer transfer = SshTransfer.over(closing)
                    .withOptions(TransferOptions.builder()
                            .syncFiles(false)
                            .listener((moved, total) -> {
                                if (moved >= STOP_AT && reached.getCount() > 0) {
                                    reached.countDown();
                                    awaitQuietly(closed); // the close comes while the upload is half done
                                }
                            })
                            .build());
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread uploading = new Thread(() -> {
                try {
                    transfer.upload(source, RemoteTarget.file(target().toString()));
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            uploading.start();
            assertTrue(reached.await(60, TimeUnit.SECONDS), "the upload reached " + STOP_AT + " bytes");
            assertEquals(1, awaitRemoteProcesses("sh", ".part-").size(), "the remote shell runs");
            closing.close();
            assertUntouchedAndAlone(false);
            closed.countDown();
            uploading.join(60_000);
            TransferException e = assertInstanceOf(TransferException.class, failure.get());
            assertTrue(e.getMessage().contains("SshRunner closed"), e.getMessage());
            assertInstanceOf(CommandCancelledException.class, e.getCause(), e.toString());
            SERVER.get().awaitNoSessionProcesses(Duration.ofSeconds(10));
        } finally {
            closed.countDown();
            closing.close();
        }
    }

    /**
     * The remote shell is stopped ({@code SIGSTOP}) during the final report, so it receives every byte and the end
     * of input but cannot verify or rename: the upload times out waiting for its verdict. The stop we send must
     * let the shell remove its part file once it runs again (a {@code KILL} would end it before its trap runs).
     */
    @Test
    void anUploadThatTimesOutWaitingForTheVerdictLeavesNoRemotePartFile() throws Exception {
        TransferException e = stoppedWhileTheServerVerifies(false);
        assertTrue(e.getMessage().contains("did not finish within"), e.getMessage());
        assertTrue(e.getMessage().contains("may still complete it"), e.getMessage());
    }

    /** As above, interrupted instead of timing out. */
    @Test
    void anUploadInterruptedWhileWaitingForTheVerdictLeavesNoRemotePartFile() throws Exception {
        stoppedWhileTheServerVerifies(true);
    }

    @Test
    void anUploadWhoseConnectionIsLostLeavesNoPartFileOnTheServerThatLivesOn() throws Exception {
        Path source = source(BIG);
        assertThrows(
                TransferException.class,
                () -> with(cutConnectionAt(STOP_AT)).upload(source, RemoteTarget.file(target().toString())));
        assertUntouchedAndAlone(true);
        assertServerLivesOn();
    }

    // ------------------------------------------------------------------ downloads: the local part file

    @Test
    void anInterruptedDownloadHasRemovedItsLocalPartFileWhenItThrows() throws Exception {
        Path source = source(BIG);
        Outcome outcome = interruptedAt(STOP_AT, t -> t.download(RemoteSource.file(source.toString()), target()));
        assertInstanceOf(TransferException.class, outcome.failure);
        assertTrue(outcome.stillInterrupted, "the caller's interrupt is kept");
        assertUntouchedAndAlone(false);
    }

    @Test
    void aCancelledDownloadHasRemovedItsLocalPartFileWhenItThrows() throws Exception {
        Path source = source(BIG);
        assertThrows(
                TransferException.class,
                () -> with(cancellingAt(STOP_AT)).download(RemoteSource.file(source.toString()), target()));
        assertUntouchedAndAlone(false);
    }

    @Test
    void aDownloadThatTimesOutHasRemovedItsLocalPartFileWhenItThrows() throws Exception {
        source(0);
        SshTransfer impatient = transfer()
                .withOptions(transfer().options().toBuilder()
                        .idleTimeout(Duration.ofMillis(500))
                        .build());
        TransferException e = assertThrows(
                TransferException.class,
                () -> impatient.download(RemoteSource.commandOutput("head -c 3000000 /dev/zero; sleep 30"), target()));
        assertTrue(e.getMessage().contains("no data from the server"), e.getMessage());
        assertEquals(3_000_000, e.bytesMoved());
        assertUntouchedAndAlone(false);
    }

    @Test
    void aDownloadWhoseConnectionIsLostHasRemovedItsLocalPartFileWhenItThrows() throws Exception {
        Path source = source(BIG);
        assertThrows(
                TransferException.class,
                () -> with(cutConnectionAt(STOP_AT)).download(RemoteSource.file(source.toString()), target()));
        assertUntouchedAndAlone(false);
        assertServerLivesOn();
    }

    // ------------------------------------------------------------------ helpers

    /** A transfer, run on a thread of its own by {@link #interruptedAt}. */
    @FunctionalInterface
    private interface TransferCall {
        void run(SshTransfer transfer) throws Exception;
    }

    private record Outcome(Throwable failure, boolean stillInterrupted) {}

    private SshTransfer transfer() {
        return SshTransfer.over(connection.ssh())
                .withOptions(TransferOptions.builder().syncFiles(false).build());
    }

    private SshTransfer with(TransferListener listener) {
        return transfer()
                .withOptions(transfer().options().toBuilder().listener(listener).build());
    }

    /**
     * {@code src}, {@code size} pseudo-random bytes, and {@code target}, a file every user may replace holding
     * {@code old}.
     */
    private Path source(long size) throws IOException {
        Files.setPosixFilePermissions(Files.writeString(target(), "old"), PosixFilePermissions.fromString("rw-rw-rw-"));
        return TestFiles.randomFile(files.dir(), "src", size, size);
    }

    private Path target() {
        return files.dir().resolve("target");
    }

    /**
     * The target holds its old content and nothing but it and the source is left: at once, or, {@code eventually},
     * once the server's shell has run (it cleans up as it ends, which may come after our side gave up).
     */
    private void assertUntouchedAndAlone(boolean eventually) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(eventually ? 10 : 0);
        while (!TestFiles.othersIn(files.dir(), "src", "target").isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(List.of(), TestFiles.othersIn(files.dir(), "src", "target"), "part files left");
        assertEquals("old", Files.readString(target()));
    }

    /**
     * Uploads {@link #ODD} bytes, stopping the remote shell on the final report (and then, if {@code interrupt},
     * interrupting the transferring thread), with a 1 s idle timeout; returns how the upload failed once the part
     * file was removed after the shell ran again.
     */
    private TransferException stoppedWhileTheServerVerifies(boolean interrupt) throws Exception {
        Path source = source(ODD);
        List<ProcessHandle> stopped = new ArrayList<>();
        try {
            SshTransfer stalling = transfer()
                    .withOptions(transfer().options().toBuilder()
                            .idleTimeout(Duration.ofSeconds(1))
                            .listener((moved, total) -> {
                                if (moved == total && stopped.isEmpty()) {
                                    stopped.addAll(awaitRemoteProcesses("sh", ".part-"));
                                    signal("STOP", stopped);
                                    if (interrupt) {
                                        Thread.currentThread().interrupt();
                                    }
                                }
                            })
                            .build());
            TransferException e = assertThrows(
                    TransferException.class, () -> stalling.upload(source, RemoteTarget.file(target().toString())));
            assertEquals(interrupt, Thread.interrupted(), "the interrupt is kept: " + e);
            assertEquals(1, stopped.size(), "the remote shell was found and stopped");
            signal("CONT", stopped);
            assertUntouchedAndAlone(true);
            return e;
        } finally {
            Thread.interrupted();
            signal("CONT", stopped);
        }
    }

    /**
     * Runs {@code call} on a thread of its own and interrupts that thread once {@code at} bytes have moved (its
     * listener then waits for the interrupt, so the transfer cannot finish first).
     */
    private Outcome interruptedAt(long at, TransferCall call) throws Exception {
        CountDownLatch reached = new CountDownLatch(1);
        SshTransfer waiting = with((moved, total) -> {
            if (moved >= at && reached.getCount() > 0) {
                reached.countDown();
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        AtomicReference<Outcome> outcome = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            Throwable failure = null;
            try {
                call.run(waiting);
            } catch (Throwable t) {
                failure = t;
            }
            outcome.set(new Outcome(failure, Thread.currentThread().isInterrupted()));
        });
        worker.start();
        assertTrue(reached.await(60, TimeUnit.SECONDS), "the transfer reached " + at + " bytes");
        worker.interrupt();
        worker.join(60_000);
        assertNotNull(outcome.get(), "the transfer returned");
        return outcome.get();
    }

    /** A listener that cancels the transfer by throwing once {@code at} bytes have moved. */
    private static TransferListener cancellingAt(long at) {
        return (moved, total) -> {
            if (moved >= at) {
                throw new IllegalStateException("cancelled by the user");
            }
        };
    }

    /** A listener that closes the connection's socket under the transfer once {@code at} bytes have moved. */
    private TransferListener cutConnectionAt(long at) {
        AtomicBoolean cut = new AtomicBoolean();
        return (moved, total) -> {
            if (moved >= at && cut.compareAndSet(false, true)) {
                try {
                    connection.ssh().client().getSocket().close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    private void assertServerLivesOn() throws IOException {
        try (SshRunner again = SERVER.get().connect(connection.pool())) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            SshTransfer.over(again).download(RemoteSource.commandOutput("echo alive"), out);
            assertEquals("alive\n", out.toString());
        }
    }

    /**
     * The commands whose file's name ends with {@code name} ({@code sh} finds {@code dash}) and whose command line
     * holds {@code argument}, among those the class's server runs for its sessions, once there are any.
     */
    private static List<ProcessHandle> awaitRemoteProcesses(String name, String argument) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            List<ProcessHandle> found = ProcessHandle.of(SERVER.get().pid())
                    .orElseThrow()
                    .descendants()
                    .filter(p -> p.info().command().map(c -> c.endsWith(name)).orElse(false))
                    .filter(p -> p.info().commandLine().orElse("").contains(argument))
                    .toList();
            if (!found.isEmpty() || System.nanoTime() > deadline) {
                return found;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return found;
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void signal(String signal, List<ProcessHandle> processes) {
        for (ProcessHandle p : processes) {
            try {
                // a process that just ended makes kill say "no such process": harmless, and not for the console
                Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                        .redirectErrorStream(true)
                        .start();
                kill.getInputStream().readAllBytes();
                kill.waitFor();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
