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

import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.transfer.internal.ShellCommands;
import dev.recyclable.buffers.ssh.transfer.internal.StderrTail;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The life of a transfer's channel, shared by downloads and uploads: starting the remote command, stopping it
 * after a failure on our side, waiting for it to end, and judging how it ended (its exit, what it said on stderr,
 * the size it announced), each failure turned into a {@link TransferException} that says how many bytes moved.
 */
final class TransferChannels {

    /** After an abort: how long the server gets to confirm the close before we stop waiting. */
    private static final long ABORT_GRACE_MS = 5_000;

    private TransferChannels() {}

    /** Opens the channel and starts {@code command}, each wait bounded by the transfer's idle timeout. */
    static void start(CaptureChannel channel, String command, Object what, Duration idleTimeout) throws IOException {
        int waitMs = Durations.toSshjMillis(idleTimeout);
        try {
            channel.open(waitMs);
            channel.exec(command, waitMs);
        } catch (IOException | RuntimeException e) {
            channel.abort("start failed");
            awaitClose(channel);
            throw new TransferException("could not start the transfer of " + what + ": " + describe(e), 0, null, e);
        }
    }

    /**
     * Ends an upload that failed on our side. A file target gets a plain end of input: its shell then sees the
     * short length, exits non-zero and removes its own part file (a signal would kill the shell before its
     * cleanup trap runs). A command cannot tell a short input from a complete one, so it is killed instead.
     */
    static void stopUpload(CaptureChannel channel, RemoteTarget target, Throwable why) {
        if (target.isFile()) {
            try {
                channel.sendEof();
                awaitClose(channel);
                if (channel.isFinished()) {
                    return;
                }
            } catch (IOException | RuntimeException e) {
                why.addSuppressed(e);
            }
        }
        channel.abort("upload stopped: " + why);
        awaitClose(channel);
    }

    /** After our EOF the remote still verifies and renames, or the command finishes: wait for its exit. */
    static void awaitCompletion(CaptureChannel channel, RemoteTarget target, long moved, Duration idleTimeout)
            throws IOException {
        long idleNanos = Durations.toNanos(idleTimeout);
        try {
            if (idleNanos == Durations.UNLIMITED) {
                channel.closeFuture().get();
            } else {
                channel.closeFuture().get(idleNanos, TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            channel.abort("interrupted");
            throw new TransferException("interrupted waiting for " + target + " to finish", moved, null, e);
        } catch (TimeoutException e) {
            channel.abort("timed out");
            throw new TransferException(
                    target + " did not finish within " + idleTimeout + " after all bytes were sent", moved, null, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("closeFuture never fails", e);
        }
    }

    static void awaitClose(CaptureChannel channel) {
        try {
            channel.closeFuture().get(ABORT_GRACE_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the ring drops anything that still arrives; the connection reclaims the channel when it ends
        }
    }

    static void checkExit(CaptureChannel channel, String what, long moved, StderrTail stderr) throws TransferException {
        String said = remoteSaid(stderr);
        if (channel.exitSignal() != null) {
            throw new TransferException(
                    what + " failed after " + moved + " bytes: remote process killed by SIG" + channel.exitSignal()
                            + said,
                    moved,
                    null,
                    null);
        }
        Integer status = channel.exitStatus();
        if (status == null) {
            throw new TransferException(
                    what + " failed after " + moved + " bytes: the remote side ended without an exit status" + said,
                    moved,
                    null,
                    null);
        }
        if (status == ShellCommands.EXIT_LENGTH_MISMATCH) {
            throw new TransferException(
                    what + " failed: the server received a different length" + said, moved, status, null);
        }
        if (status != 0) {
            throw new TransferException(
                    what + " failed after " + moved + " bytes: remote exit status " + status + said,
                    moved,
                    status,
                    null);
        }
    }

    static long parseSize(StderrTail stderr, RemoteSource source, long moved) throws TransferException {
        String size = stderr.lineValue(ShellCommands.SIZE_LINE);
        try {
            return Long.parseLong(Objects.requireNonNull(size));
        } catch (RuntimeException e) {
            throw new TransferException(
                    "download of " + source + ": the server did not report the file's size" + remoteSaid(stderr),
                    moved,
                    0,
                    e);
        }
    }

    static String remoteSaid(StderrTail stderr) {
        String text = stderr.textWithout(ShellCommands.SIZE_LINE);
        return text.isEmpty() ? "" : " (remote said: " + text + ")";
    }

    static String describe(Throwable e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** The transfer failed because the connection or the channel did (not the remote command). */
    static TransferException connectionFailed(String what, long moved, Throwable failure) {
        return new TransferException(
                what + " failed after " + moved + " bytes: connection or channel failed: " + describe(failure),
                moved,
                null,
                failure);
    }
}
