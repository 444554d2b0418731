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
package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.internal.CapturingSink;
import dev.recyclable.buffers.ssh.internal.StdinPump;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.SSHException;
import net.schmizz.sshj.connection.ConnectionException;

/**
 * Starts one command on a connection the {@link Scheduler} assigned it: the part of a command's life that runs on a
 * launcher thread (creating the channel, sending its open, the occasional sync round trip, feeding stdin). It reads
 * nothing of the scheduler's books and reports back only by posting {@link Events} to the dispatch thread. No
 * thread waits for the command to end: the channel's close (on sshj's reader thread) posts the end.
 */
final class CommandLauncher {

    /** What the scheduler hears of a command, always on the dispatch thread. */
    interface Events {
        /** The server accepted the command: it runs now. */
        void started(CommandTask t);

        /**
         * The channel is closed, or never opened.
         *
         * @param startFailure why the command could not start, or {@code null}
         * @param sink         the command's output, or {@code null} if no channel was created
         */
        void ended(CommandTask t, Throwable startFailure, CapturingSink sink);
    }

    private final FanoutExecutor.Settings settings;
    private final BufferPool pool;
    private final ExecutorService launchers;
    private final DispatchThread dispatch;
    private final Events events;

    CommandLauncher(
            FanoutExecutor.Settings settings, ExecutorService launchers, DispatchThread dispatch, Events events) {
        this.settings = settings;
        this.pool = settings.pool();
        this.launchers = launchers;
        this.dispatch = dispatch;
        this.events = events;
    }

    /**
     * Dispatch thread: hands the start of {@code t} on {@code c} to a launcher. {@code syncMark} is the connection's
     * close count the server must have caught up with first, or {@code -1} (see {@link PooledConnection#closes}).
     */
    void launch(CommandTask t, PooledConnection c, long syncMark) {
        SSHClient client = c.client;
        DispatchThread.execute(
                launchers,
                () -> start(t, c, client, syncMark),
                () -> events.ended(t, new CommandCancelledException(t.command, "executor closed"), null));
    }

    /**
     * Launcher thread: creates the channel and sends its open, then lets go of the thread. The exec follows from
     * sshj's reader thread when the open is confirmed ({@link PipelinedStart}); the end arrives when the channel
     * closes. Blocks only for the occasional sync round trip.
     */
    private void start(CommandTask t, PooledConnection c, SSHClient client, long syncMark) {
        if (t.run.isCancelled()) {
            dispatch.post(
                    () -> events.ended(t, new CommandCancelledException(t.command, "run cancelled"), null), () -> {});
            return;
        }
        CommandOptions options = t.run.options();
        CapturingSink sink = new CapturingSink(pool, t.command, options.maxOutputBytes(), options.limitPolicy());
        CaptureChannel channel;
        try {
            channel = new CaptureChannel(client.getConnection(), sink, settings.windowSize(), settings.maxPacketSize());
        } catch (RuntimeException e) {
            sink.releaseUnstarted();
            dispatch.post(() -> events.ended(t, e, null), () -> {});
            return;
        }
        // part of the command: its end waits for the pump, or lets it go if it never ran (executor closed)
        StdinPump stdin = StdinPump.of(options, channel, sink, pool);
        PipelinedStart start = new PipelinedStart(client.getConnection(), channel, sink, stdin == null, () -> {
            dispatch.post(() -> events.started(t));
            if (stdin != null) {
                DispatchThread.execute(launchers, stdin, () -> {});
            }
        });
        t.sink = sink;
        t.channel = channel;
        t.start = start;
        try {
            if (syncMark >= 0) {
                roundTrip(client);
                dispatch.post(() -> c.closesSynced = Math.max(c.closesSynced, syncMark));
            }
            start.start();
        } catch (IOException | RuntimeException e) {
            t.launchFailure = e;
            // the open never went out (or the transport is dying): finish the channel ourselves
            channel.notifyError(
                    e instanceof SSHException s ? s : new ConnectionException("could not send the channel open", e));
        }
        // No thread waits for the command: the channel's close (reader thread) posts the end.
        sink.completion()
                .whenComplete(
                        (status, error) -> dispatch.post(() -> events.ended(t, t.startFailure(), sink), sink::abandon));
    }

    /**
     * A global request the server answers (OpenSSH: with failure) after it processed everything we sent before,
     * and before it reads anything we send after: once answered, the server has freed the sessions we closed.
     */
    private void roundTrip(SSHClient client) throws IOException {
        try {
            client.getConnection()
                    .sendGlobalRequest("keepalive@openssh.com", true, new byte[0])
                    .retrieve(Durations.toSshjMillis(settings.replyTimeout()), TimeUnit.MILLISECONDS); // 0: no limit
        } catch (ConnectionException answered) {
            if (!client.isConnected()) {
                throw answered;
            }
            // a refusal is an answer too: that is all we wanted
        }
    }
}
