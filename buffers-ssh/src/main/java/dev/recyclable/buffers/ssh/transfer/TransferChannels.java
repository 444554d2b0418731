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

import dev.recyclable.buffers.ssh.internal.UserCodeGuard;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.internal.time.Waits;
import dev.recyclable.buffers.ssh.transfer.internal.ShellCommands;
import dev.recyclable.buffers.ssh.transfer.internal.StderrTail;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * The life of a transfer's channel, shared by downloads and uploads: starting the remote command, stopping it
 * after a failure on our side or when its runner closes, waiting for it to end, and judging how it ended (its exit,
 * what it said on stderr, the size it announced), each failure turned into what the caller gets ({@link #failure}).
 */
final class TransferChannels {

    private TransferChannels() {}

    /**
     * How long a transfer whose idle timeout is {@code idleTimeoutNanos} waits for a stop to be confirmed: the
     * module's {@link Waits#STOP_GRACE_NANOS}, never longer than the idle timeout.
     */
    static long stopGrace(long idleTimeoutNanos) {
        return Math.min(Waits.STOP_GRACE_NANOS, idleTimeoutNanos);
    }

    /**
     * What the caller gets for a failure on its thread, whatever threw it (the progress listener, the caller's own
     * stream or channel, the JDK, the connection), once the transfer has been stopped and cleaned up: by the rule of
     * {@link UserCodeGuard#asCause}, an {@link Error} is thrown as itself; anything else becomes the cause of a
     * {@link TransferException} that says how far the transfer got.
     */
    static TransferException failure(String message, long moved, Integer exitStatus, Throwable cause) {
        return new TransferException(message, moved, exitStatus, UserCodeGuard.asCause(cause));
    }

    /**
     * Opens the channel and starts {@code command}, each wait for the server bounded by the transfer's idle timeout.
     * If that fails, the caller learns why: the runner's close ({@link RunnerLink#throwIfCancelled}) or the failure.
     */
    static void start(
            CaptureChannel channel,
            RunnerLink runner,
            String command,
            String what,
            Duration idleTimeout,
            long graceNanos)
            throws IOException {
        int waitMs = Durations.toSshjMillis(idleTimeout); // 0: no limit, as sshj's timeouts
        try {
            channel.open(waitMs);
            channel.exec(command, waitMs);
        } catch (Throwable e) {
            channel.abort("start failed");
            awaitClose(channel, graceNanos);
            runner.throwIfCancelled(channel, what, 0, e);
            throw failure("could not start the " + what + ": " + describe(e), 0, null, e);
        }
    }

    /**
     * Starts to stop a transfer's remote side, without waiting, from any thread: the transferring thread after a
     * failure on our side ({@link #stopUpload}), or the runner's close ({@link RunnerLink}).
     *
     * <p>An upload to a file: its shell gets {@code TERM}, which reaches the shell's process group, so {@code cat}
     * ends at once and the shell's trap removes the part file ({@code KILL} would end the shell before its trap
     * runs); during its final rename the shell ignores it, so a stop then lets the upload complete, which its exit
     * status tells. An end of input follows (nothing more of the upload goes out after it), for servers that do not
     * pass signals on: the shell then sees a short length (the last byte is held back until the final report, see
     * {@code UploadFeed}) and removes the part file itself. Anything else (a download, an upload to a command,
     * which cannot tell a short input from a complete one) is killed and its channel closed.
     *
     * @param target the upload's target, {@code null} for a download
     */
    static void beginStop(CaptureChannel channel, RemoteTarget target, String why) {
        if (target == null || !target.isFile()) {
            channel.abort(why);
            return;
        }
        try {
            channel.signal("TERM");
            channel.sendEof();
        } catch (IOException | RuntimeException e) {
            // the connection is gone: the channel ends with it, and the server's shell sees its input end
        }
    }

    /**
     * Stops an upload's remote side after a failure, an interrupt or a timeout on our side ({@link #beginStop}), and
     * waits (at most {@code graceNanos}) until it has ended. If a file target's server confirms nothing in time, the
     * channel is closed without a signal, which ends the shell's input just the same.
     */
    static void stopUpload(CaptureChannel channel, RemoteTarget target, String why, long graceNanos) {
        beginStop(channel, target, why);
        if (!awaitClose(channel, graceNanos)) {
            channel.abort(why, null);
            awaitClose(channel, graceNanos);
        }
    }

    /**
     * After our end of input the remote side verifies and renames, or the command finishes: waits up to {@code
     * timeoutNanos} for it to end.
     *
     * @return {@code null} once it ended, or why we stopped waiting: an {@link InterruptedException} (the interrupt
     *         stays set) or a {@link TimeoutException}
     */
    static Exception awaitCompletion(CaptureChannel channel, long timeoutNanos) {
        try {
            Waits.get(channel.closeFuture(), timeoutNanos);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        } catch (TimeoutException e) {
            return e;
        } catch (ExecutionException e) {
            throw new IllegalStateException("closeFuture never fails", e);
        }
    }

    /**
     * Waits until the channel has ended, at most {@code graceNanos}, even if the thread is interrupted: a stop is
     * seen through before the transfer returns (an upload's part file is gone by then). The interrupt stays set.
     *
     * @return whether the channel ended
     */
    static boolean awaitClose(CaptureChannel channel, long graceNanos) {
        return Waits.awaitKeepingInterrupt(channel.closeFuture(), graceNanos);
    }

    /**
     * Judges how the remote side ended: throws unless it reported exit status 0. What it reported counts even if
     * the connection failed afterwards (the server reports the exit after all output).
     *
     * @param channelFailure why the channel failed (the connection, usually), or {@code null}
     * @param cause          our side's failure that this judgement explains, or {@code null}
     */
    static void checkEnd(
            CaptureChannel channel,
            String what,
            long moved,
            StderrTail stderr,
            Throwable channelFailure,
            Throwable cause)
            throws TransferException {
        if (channelFailure != null && !reportedExit(channel)) {
            throw connectionFailed(what, moved, channelFailure);
        }
        String said = remoteSaid(stderr);
        if (channel.exitSignal() != null) {
            throw new TransferException(
                    what + " failed after " + moved + " bytes: remote process killed by SIG" + channel.exitSignal()
                            + said,
                    moved,
                    null,
                    cause);
        }
        Integer status = channel.exitStatus();
        if (status == null) {
            throw new TransferException(
                    what + " failed after " + moved + " bytes: the remote side ended without an exit status" + said,
                    moved,
                    null,
                    cause);
        }
        if (status == ShellCommands.EXIT_LENGTH_MISMATCH) {
            throw new TransferException(
                    what + " failed: the server received a different length" + said, moved, status, cause);
        }
        if (status == ShellCommands.EXIT_TARGET_IS_DIRECTORY || status == ShellCommands.EXIT_TARGET_NOT_REGULAR) {
            throw new TransferException(
                    "refusing the " + what + ": it is "
                            + (status == ShellCommands.EXIT_TARGET_IS_DIRECTORY
                                    ? "a directory"
                                    : "not a regular file (a FIFO, device or socket)")
                            + ", and an upload replaces its target by renaming a complete file over it" + said,
                    moved,
                    status,
                    cause);
        }
        if (status != 0) {
            throw new TransferException(
                    what + " failed after " + moved + " bytes: remote exit status " + status + said,
                    moved,
                    status,
                    cause);
        }
    }

    /** Whether the remote side reported exit status 0. */
    static boolean succeeded(CaptureChannel channel) {
        Integer status = channel.exitStatus();
        return channel.exitSignal() == null && status != null && status == 0;
    }

    /** Whether the remote side reported how it ended (an exit status or the signal that killed it). */
    static boolean reportedExit(CaptureChannel channel) {
        return channel.exitStatus() != null || channel.exitSignal() != null;
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
        String text = stderr.textWithout(ShellCommands.SIZE_LINE, ShellCommands.MODE_LINE);
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
