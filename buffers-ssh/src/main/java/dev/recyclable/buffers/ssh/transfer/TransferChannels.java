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
import dev.recyclable.buffers.ssh.transfer.internal.ShellCommands;
import dev.recyclable.buffers.ssh.transfer.internal.StderrTail;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The life of a transfer's channel, shared by downloads and uploads: starting the remote command, stopping it
 * after a failure on our side, waiting for it to end, and judging how it ended (its exit, what it said on stderr,
 * the size it announced), each failure turned into what the caller gets ({@link #failure}).
 */
final class TransferChannels {

    /**
     * After a stop: the longest we wait for the server to confirm it (never longer than the transfer's idle
     * timeout). The remote side cleans up whether or not we wait; waiting lets the caller find it done.
     */
    private static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(5);

    private TransferChannels() {}

    /** How long a transfer whose idle timeout is {@code idleTimeoutNanos} waits for a stop to be confirmed. */
    static long stopGrace(long idleTimeoutNanos) {
        return Math.min(STOP_GRACE_NANOS, idleTimeoutNanos);
    }

    /**
     * What the caller gets for a failure on its thread, whatever threw it (the progress listener, the caller's own
     * stream or channel, the JDK, the connection): an {@link Error} is thrown as itself (the transfer has been stopped
     * and cleaned up by then), anything else becomes the cause of a {@link TransferException} that says how far
     * the transfer got.
     */
    static TransferException failure(String message, long moved, Integer exitStatus, Throwable cause) {
        if (cause instanceof Error error) {
            throw error;
        }
        return new TransferException(message, moved, exitStatus, cause);
    }

    static void start(CaptureChannel channel, String command, Object what, long graceNanos) throws IOException {
        try {
            channel.open();
            channel.exec(command);
        } catch (Throwable e) {
            channel.abort("start failed");
            awaitClose(channel, graceNanos);
            throw failure("could not start the transfer of " + what + ": " + describe(e), 0, null, e);
        }
    }

    /**
     * Stops an upload's remote side after a failure, an interrupt or a timeout on our side, and waits (at most
     * {@code graceNanos}) until it has ended.
     *
     * <p>A file target's shell gets {@code TERM}: it reaches the shell's process group, so {@code cat} ends at once
     * and the shell's trap removes the part file ({@code KILL} would end the shell before its trap runs); during its
     * final rename the shell ignores it, so a stop then lets the upload complete, which its exit status tells. An
     * end of input follows, for servers that do not pass signals on: the shell then sees a short length (the last
     * byte is held back until the final report, see {@code UploadFeed}) and removes the part file itself. If the
     * server confirms nothing in time, the channel is closed without a signal, which ends the shell's input just the
     * same. A command cannot tell a short input from a complete one, so it is killed instead.
     *
     * @param inputEnded whether its end of input was sent already (then the shell may be verifying or renaming)
     */
    static void stopUpload(
            CaptureChannel channel, RemoteTarget target, boolean inputEnded, String why, long graceNanos) {
        if (!target.isFile()) {
            channel.abort(why);
            awaitClose(channel, graceNanos);
            return;
        }
        try {
            channel.signal("TERM");
            if (!inputEnded) {
                channel.sendEof();
            }
        } catch (IOException | RuntimeException e) {
            // the connection is gone: the channel ends with it, and the server's shell sees its input end
        }
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
            channel.closeFuture().get(timeoutNanos, TimeUnit.NANOSECONDS);
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
        boolean interrupted = Thread.interrupted();
        long deadline = System.nanoTime() + graceNanos;
        try {
            while (true) {
                try {
                    channel.closeFuture().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    return true;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (TimeoutException e) {
                    return false;
                } catch (ExecutionException e) {
                    throw new IllegalStateException("closeFuture never fails", e);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
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
