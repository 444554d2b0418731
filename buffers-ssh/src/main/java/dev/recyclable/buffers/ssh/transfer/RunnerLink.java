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

import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.internal.RunningChannels;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.ConnectionException;

/**
 * A transfer's channel among the running channels of the runner that owns its connection, so that
 * {@code SshRunner.close()} stops it as it stops the runner's commands, the transfer's way
 * ({@link TransferChannels#beginStop}: an upload's shell gets to remove its part file, and the runner's close waits
 * for that, up to the transfer's stop grace); and what the transfer's caller is then told: a
 * {@link TransferException} caused by a {@link CommandCancelledException}.
 */
final class RunnerLink implements RunningChannels.Stopper {

    private final String command;
    private final RemoteTarget target;
    private final long graceNanos;
    private volatile String cancelled;

    private RunnerLink(String command, RemoteTarget target, long graceNanos) {
        this.command = command;
        this.target = target;
        this.graceNanos = graceNanos;
    }

    /**
     * Adds {@code channel}, not yet opened, to the channels of its connection's runner, if a runner owns
     * {@code client}.
     *
     * @param target     the upload's target, {@code null} for a download
     * @param graceNanos how long the runner's close lets an upload's shell clean up
     * @throws TransferException if that runner was closed (the channel is finished; nothing was sent)
     */
    static RunnerLink join(
            SSHClient client, CaptureChannel channel, String command, String what, RemoteTarget target, long graceNanos)
            throws TransferException {
        RunnerLink link = new RunnerLink(command, target, graceNanos);
        RunningChannels running = RunningChannels.of(client);
        if (running != null && !running.add(channel, link)) {
            String why = running.closedWhy();
            channel.notifyError(new ConnectionException(why));
            throw new TransferException(
                    what + " not started: " + why, 0, null, new CommandCancelledException(command, why));
        }
        return link;
    }

    @Override
    public void cancel(CaptureChannel channel, String why) {
        cancelled = why;
        TransferChannels.beginStop(channel, target, why);
    }

    @Override
    public long stopGraceNanos() {
        return target != null && target.isFile() ? graceNanos : 0;
    }

    /**
     * Once the channel has ended: throws the cancellation if the runner stopped this transfer and that is what
     * ended it; not if the remote side completed after all (exit status 0), nor over an {@link Error} our side threw
     * ({@code stoppedBy}), which the caller gets as itself.
     *
     * @param stoppedBy what stopped the transfer on our side, or {@code null}
     */
    void throwIfCancelled(CaptureChannel channel, String what, long moved, Throwable stoppedBy)
            throws TransferException {
        String why = cancelled;
        if (why == null || stoppedBy instanceof Error || TransferChannels.succeeded(channel)) {
            return;
        }
        TransferException e = new TransferException(
                what + " cancelled after " + moved + " bytes: " + why,
                moved,
                null,
                new CommandCancelledException(command, why));
        if (stoppedBy != null) {
            e.addSuppressed(stoppedBy);
        }
        throw e;
    }
}
