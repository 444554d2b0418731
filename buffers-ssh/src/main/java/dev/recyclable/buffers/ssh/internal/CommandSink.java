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

import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitExceededException;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.channel.ChannelSink;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every way of running a command shares: output accounting against the limit, the outcome, and
 * shared ownership of the buffers between the channel (reader thread) and the caller.
 *
 * <p>The command's end, {@link #completion()}, is its channel's close and, if it has stdin, its
 * {@link StdinPump}'s stop (see there): whoever of the two comes last completes it.
 *
 * <p>Ownership: the buffers have two owners, the channel until {@link #onClosed} and the caller until it
 * takes the result or {@link #abandon() abandons} it. Whoever lets go last releases them, so a caller that
 * gives up while the reader thread may still be writing (a timeout with an unresponsive server) leaks nothing
 * and never races the writer.
 */
public abstract class CommandSink implements ChannelSink, RunningChannels.Stopper {

    protected final String command;
    private final long limit;
    private final OutputLimitPolicy policy;

    // Written on the reader thread only; read by others after closeFuture/completion (happens-before).
    private long stdoutBytes;
    private long stderrBytes;
    private boolean stdoutTruncated;
    private boolean stderrTruncated;
    private boolean discardAll;

    private final long startNanos = System.nanoTime();
    private volatile SshCommandException outcome;
    private volatile CommandStatus status;
    private final CompletableFuture<CommandStatus> completion = new CompletableFuture<>();
    private final AtomicInteger owners = new AtomicInteger(2);
    /** What the command's end waits for: its channel, and its stdin pump if any. */
    private final AtomicInteger unfinished = new AtomicInteger(1);

    private volatile StdinPump stdin;
    private volatile boolean channelEnded;

    protected CommandSink(String command, long limit, OutputLimitPolicy policy) {
        this.command = command;
        this.limit = limit;
        this.policy = policy;
    }

    @Override
    public final void onData(CaptureChannel channel, boolean stderr, byte[] data, int offset, int length) {
        OutputKind kind = stderr ? OutputKind.STDERR : OutputKind.STDOUT;
        long before;
        if (!stderr) {
            before = stdoutBytes;
            stdoutBytes += length;
        } else {
            before = stderrBytes;
            stderrBytes += length;
        }
        int keep = discardAll ? 0 : (int) Math.min(length, Math.max(0, limit - before));
        if (keep < length) {
            if (!stderr) {
                stdoutTruncated = true;
            } else {
                stderrTruncated = true;
            }
            if (policy == OutputLimitPolicy.FAIL && !discardAll) {
                discardAll = true;
                keep = 0;
                terminate(channel, new OutputLimitExceededException(command, kind, limit));
            }
        }
        accept(channel, kind, data, offset, keep, length);
    }

    /**
     * Takes output on the reader thread: keep the first {@code keep} bytes, and see that all {@code length} bytes
     * are eventually {@link CaptureChannel#grant granted}. Must not block or throw.
     */
    protected abstract void accept(
            CaptureChannel channel, OutputKind kind, byte[] data, int offset, int keep, int length);

    /** Returns every buffer still held to the pool. Called once, by the last owner. */
    protected abstract void releaseBuffers();

    /** For subclasses whose storage fails (e.g. the pool's stream size cap): stop keeping output. */
    protected final void storageFailed(CaptureChannel channel, OutputKind kind, Throwable cause) {
        discardAll = true;
        SshCommandException e = new OutputLimitExceededException(command, kind, limit);
        e.addSuppressed(cause);
        terminate(channel, e);
    }

    /** Ends the command with a {@link CommandCancelledException} saying {@code why}: see {@link #terminate}. */
    @Override
    public final void cancel(CaptureChannel channel, String why) {
        terminate(channel, new CommandCancelledException(command, why));
    }

    /** Ends the command with {@code reason} as its outcome (first reason wins) and aborts the channel. */
    public final void terminate(CaptureChannel channel, SshCommandException reason) {
        if (outcome == null) {
            outcome = reason;
        }
        channel.abort(reason.getMessage());
    }

    /** The command has stdin: its end waits for {@code pump} too. Call before the channel can close. */
    final void feedsStdin(StdinPump pump) {
        stdin = pump;
        unfinished.incrementAndGet();
    }

    /** The stdin pump stopped: called once by it, unless the command let it go. */
    final void stdinDone() {
        partDone();
    }

    /** Whether the channel has finished (set before its stdin pump is let go of). */
    final boolean channelEnded() {
        return channelEnded;
    }

    @Override
    public final void onClosed(CaptureChannel channel, Throwable failure) {
        channelEnded = true;
        StdinPump pump = stdin;
        CommandStatus s = new CommandStatus(
                command,
                channel.exitStatus(),
                channel.exitSignal(),
                channel.exitCoreDumped(),
                stdoutBytes,
                stderrBytes,
                stdoutTruncated,
                stderrTruncated,
                pump != null ? pump.bytesSent() : 0,
                pump != null && !pump.complete(),
                Duration.ofNanos(System.nanoTime() - startNanos));
        status = s;
        // The outcome is settled BEFORE closed(): a consumer woken by closed() reads it at once, and must never
        // see a dead connection's close without its failure (that returned a normal status for a lost command).
        SshCommandException o = outcome;
        if (o == null && failure != null) {
            o = SshErrors.channelFailed(command, channel, failure);
            outcome = o;
        }
        try {
            closed(channel);
        } finally {
            release();
        }
        if (pump != null && pump.letGoIfIdle()) {
            partDone();
        }
        partDone();
    }

    private void partDone() {
        if (unfinished.decrementAndGet() == 0) {
            SshCommandException o = outcome; // a stdin failure after the close counts too
            if (o != null) {
                completion.completeExceptionally(o);
            } else {
                completion.complete(status);
            }
        }
    }

    /** Hook on the reader thread after the channel closed, before the channel lets go of the buffers. */
    protected void closed(CaptureChannel channel) {}

    /**
     * Completes after the channel closed and the stdin pump, if any, stopped: with the status, or exceptionally
     * with the reason it failed.
     */
    public final CompletableFuture<CommandStatus> completion() {
        return completion;
    }

    /** The command line. */
    public final String command() {
        return command;
    }

    /** The status once closed, else {@code null}. */
    public final CommandStatus status() {
        return status;
    }

    /** Why the command failed (set by {@link #terminate} or on close), or {@code null}. */
    public final SshCommandException outcome() {
        return outcome;
    }

    /** The caller lets go of the buffers without taking them. */
    public final void abandon() {
        release();
    }

    /** For a sink whose channel could not even be created: no channel will ever call {@link #onClosed}. */
    public final void releaseUnstarted() {
        release();
        release();
    }

    private void release() {
        if (owners.decrementAndGet() == 0) {
            releaseBuffers();
        }
    }
}
