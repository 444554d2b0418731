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
 * {@code SshRunner.close()} stops it as it stops the runner's commands (kill, close); and what the transfer's
 * caller is then told: a {@link TransferException} caused by a {@link CommandCancelledException}.
 */
final class RunnerLink implements RunningChannels.Stopper {

    private final String command;
    private volatile String cancelled;

    private RunnerLink(String command) {
        this.command = command;
    }

    /**
     * Adds {@code channel}, not yet opened, to the channels of its connection's runner, if a runner owns
     * {@code client}.
     *
     * @throws TransferException if that runner was closed (the channel is finished; nothing was sent)
     */
    static RunnerLink join(SSHClient client, CaptureChannel channel, String command, String what)
            throws TransferException {
        RunnerLink link = new RunnerLink(command);
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
        channel.abort(why);
    }

    /** Throws the cancellation if the runner stopped this transfer; call once the channel has ended. */
    void throwIfCancelled(String what, long moved) throws TransferException {
        String why = cancelled;
        if (why != null) {
            throw new TransferException(
                    what + " cancelled after " + moved + " bytes: " + why,
                    moved,
                    null,
                    new CommandCancelledException(command, why));
        }
    }
}
