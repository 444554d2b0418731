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
package dev.recyclable.buffers.ssh.runner;

import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.CommandTimeoutException;
import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.internal.CommandSink;
import dev.recyclable.buffers.ssh.internal.UserCodeGuard;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.internal.time.Waits;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * A command started without waiting ({@link SshRunner#launch}): await its status, or cancel it. Its output was
 * counted and dropped as it arrived, so it holds no buffers the caller must release. The waits throw the
 * command's own failure ({@link CommandTimeoutException}, {@link CommandCancelledException}, a lost connection,
 * a stdin stream that threw) as an {@link SshCommandException}, not wrapped; an {@link Error} thrown by the stdin
 * stream is rethrown as itself. Thread-safe.
 */
public final class RunningCommand {

    private final CaptureChannel channel;
    private final CommandSink sink;

    RunningCommand(CaptureChannel channel, CommandSink sink) {
        this.channel = channel;
        this.sink = sink;
    }

    /**
     * Completes when the channel has closed and the command's stdin, if any, is no longer being written: with the
     * status, or exceptionally with an {@link SshCommandException} ({@link CommandTimeoutException},
     * {@link CommandCancelledException}, connection failure, a stdin stream that threw). Dependent stages added
     * without an executor run on the thread that ends the command (sshj's reader thread, or the one writing stdin):
     * keep them short and non-blocking.
     */
    public CompletableFuture<CommandStatus> completion() {
        return sink.completion();
    }

    /** Kills the command (signal {@code KILL}) and closes its channel; returns at once. Idempotent. */
    public void cancel() {
        sink.cancel(channel, "cancel()");
    }

    public boolean isDone() {
        return sink.completion().isDone();
    }

    /** Waits for the end of the command. */
    public CommandStatus await() throws SshCommandException, InterruptedException {
        try {
            return sink.completion().get();
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    /**
     * Waits at most {@code timeout} for the end of the command; the command keeps running if it has not ended. A
     * timeout too long to count (over about 292 years, {@code ChronoUnit.FOREVER}) waits without a limit.
     *
     * @throws TimeoutException         if it has not ended in time
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public CommandStatus await(Duration timeout) throws SshCommandException, InterruptedException, TimeoutException {
        try {
            return Waits.get(sink.completion(), Durations.toNanos(Durations.check(timeout, "timeout")));
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    private SshCommandException unwrap(ExecutionException e) {
        return UserCodeGuard.rethrowError(
                e.getCause() instanceof SshCommandException s
                        ? s
                        : new SshCommandException(sink.command(), "command failed: " + e.getCause(), e.getCause()));
    }
}
