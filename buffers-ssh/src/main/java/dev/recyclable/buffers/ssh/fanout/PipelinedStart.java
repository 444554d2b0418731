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

import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.internal.CommandSink;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.common.LoggerFactory;
import net.schmizz.sshj.common.Message;
import net.schmizz.sshj.common.SSHException;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.connection.Connection;
import net.schmizz.sshj.connection.ConnectionException;
import net.schmizz.sshj.connection.channel.Channel;
import net.schmizz.sshj.transport.Transport;
import net.schmizz.sshj.transport.TransportException;

/**
 * Starts a command on a {@link CaptureChannel} without any thread waiting: sends {@code CHANNEL_OPEN}, sends
 * {@code exec} from sshj's reader thread when the open is confirmed, and reports the server's answer through
 * {@link Listener}. ({@code CaptureChannel.open()} and {@code exec()} each block their caller for a round trip:
 * with thousands of commands that made a handful of launcher threads the bottleneck.)
 *
 * <p>How: it registers itself with the connection under the capture channel's id, so sshj routes that channel's
 * messages here; it forwards all of them to the capture channel except the reply to its own exec request. From
 * the open confirmation on, the capture channel is in the state its own {@code open()} would have left it in.
 * Relies on sshj routing by id through {@code Connection.attach} ({@code PipelinedStartTest} pins it).
 *
 * <p>Nothing may be sent on a channel after our {@code CLOSE}: {@link #cancel} and the exec write are serialized,
 * and a cancel that comes before the exec makes the confirmation close the channel instead.
 */
final class PipelinedStart implements Channel.Direct {

    /** Told on sshj's reader thread: keep it short. */
    interface Listener {
        /** The server accepted the command: it runs now. */
        void execAccepted();
    }

    private final CaptureChannel capture;
    private final CommandSink sink;
    private final Transport trans;
    private final boolean sendEofWithExec;
    private final Listener listener;

    private boolean execSent; // guarded by this
    private SshCommandException cancelled; // guarded by this
    private boolean awaitingExecReply; // reader thread only
    private volatile Throwable startFailure;

    /**
     * @param capture         a channel not yet opened: its window and packet size go into the open, the sink's
     *                        command into the exec
     * @param sendEofWithExec no stdin: EOF goes out right after the exec
     */
    PipelinedStart(
            Connection conn, CaptureChannel capture, CommandSink sink, boolean sendEofWithExec, Listener listener) {
        this.capture = capture;
        this.sink = sink;
        this.trans = conn.getTransport();
        this.sendEofWithExec = sendEofWithExec;
        this.listener = listener;
        conn.attach(this); // replaces the capture channel in the routing table: same id
    }

    /** Sends {@code CHANNEL_OPEN} with the capture channel's initial window and packet size; returns without waiting. */
    void start() throws TransportException {
        trans.write(new SSHPacket(Message.CHANNEL_OPEN)
                .putString("session")
                .putUInt32FromInt(capture.getID())
                .putUInt32(capture.getLocalWinSize())
                .putUInt32(capture.getLocalMaxPacketSize()));
    }

    /**
     * Stops the command with {@code reason} as its outcome, from any thread: at once if it was sent, else as soon as
     * the open is confirmed (the channel is then closed without running anything).
     */
    synchronized void cancel(SshCommandException reason) {
        if (cancelled == null) {
            cancelled = reason;
        }
        if (execSent) {
            sink.terminate(capture, reason);
        }
    }

    /** Whether {@code exec} went out: from then on the command may have run. */
    synchronized boolean execSent() {
        return execSent;
    }

    /** Why the start failed before the command ran ({@code OpenFailException}, exec refused), or {@code null}. */
    Throwable startFailure() {
        return startFailure;
    }

    @Override
    public void handle(Message msg, SSHPacket buf) throws SSHException {
        switch (msg) {
            case CHANNEL_OPEN_CONFIRMATION:
                capture.handle(msg, buf);
                confirmed();
                break;
            case CHANNEL_OPEN_FAILURE:
                startFailure = openFailure(buf);
                capture.handle(msg, buf);
                break;
            case CHANNEL_SUCCESS:
            case CHANNEL_FAILURE:
                if (awaitingExecReply) {
                    awaitingExecReply = false;
                    if (msg == Message.CHANNEL_SUCCESS) {
                        listener.execAccepted();
                    } else {
                        startFailure = new ConnectionException("server refused to execute the command");
                        capture.abort("server refused to execute the command");
                    }
                    break;
                }
                capture.handle(msg, buf);
                break;
            default:
                capture.handle(msg, buf);
        }
    }

    private synchronized void confirmed() throws TransportException {
        if (cancelled != null) {
            sink.terminate(capture, cancelled);
            return;
        }
        awaitingExecReply = true;
        trans.write(new SSHPacket(Message.CHANNEL_REQUEST)
                .putUInt32FromInt(capture.getRecipient())
                .putString("exec")
                .putBoolean(true)
                .putString(sink.command(), StandardCharsets.UTF_8));
        execSent = true;
        if (sendEofWithExec) {
            capture.sendEof(); // no stdin: the command must not wait for any
        }
    }

    private static Throwable openFailure(SSHPacket buf) {
        int rpos = buf.rpos();
        try {
            int reason = buf.readUInt32AsInt();
            String message = buf.readString();
            return new net.schmizz.sshj.connection.channel.OpenFailException("session", reason, message);
        } catch (Buffer.BufferException e) {
            return new ConnectionException("malformed CHANNEL_OPEN_FAILURE", e);
        } finally {
            buf.rpos(rpos);
        }
    }

    // ---------------------------------------------------------------- everything else is the capture channel's

    @Override
    public void notifyError(SSHException error) {
        capture.notifyError(error);
    }

    @Override
    public void open() {
        throw new UnsupportedOperationException("PipelinedStart opens with start()");
    }

    @Override
    public void close() throws ConnectionException, TransportException {
        capture.close();
    }

    @Override
    public void join() throws ConnectionException {
        capture.join();
    }

    @Override
    public void join(long timeout, TimeUnit unit) throws ConnectionException {
        capture.join(timeout, unit);
    }

    @Override
    public boolean isOpen() {
        return capture.isOpen();
    }

    @Override
    public boolean isEOF() {
        return capture.isEOF();
    }

    @Override
    public int getID() {
        return capture.getID();
    }

    @Override
    public int getRecipient() {
        return capture.getRecipient();
    }

    @Override
    public String getType() {
        return capture.getType();
    }

    @Override
    public int getLocalMaxPacketSize() {
        return capture.getLocalMaxPacketSize();
    }

    @Override
    public long getLocalWinSize() {
        return capture.getLocalWinSize();
    }

    @Override
    public int getRemoteMaxPacketSize() {
        return capture.getRemoteMaxPacketSize();
    }

    @Override
    public long getRemoteWinSize() {
        return capture.getRemoteWinSize();
    }

    @Override
    public Charset getRemoteCharset() {
        return capture.getRemoteCharset();
    }

    @Override
    public boolean getAutoExpand() {
        return capture.getAutoExpand();
    }

    @Override
    public void setAutoExpand(boolean autoExpand) {
        capture.setAutoExpand(autoExpand);
    }

    @Override
    public InputStream getInputStream() {
        return capture.getInputStream();
    }

    @Override
    public OutputStream getOutputStream() {
        return capture.getOutputStream();
    }

    @Override
    public LoggerFactory getLoggerFactory() {
        return capture.getLoggerFactory();
    }

    @Override
    public String toString() {
        return "PipelinedStart(" + capture + ")";
    }
}
