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
package dev.recyclable.buffers.ssh.internal.channel;

import static dev.recyclable.buffers.ssh.internal.channel.PacketFields.readBoolean;
import static dev.recyclable.buffers.ssh.internal.channel.PacketFields.readInt;
import static dev.recyclable.buffers.ssh.internal.channel.PacketFields.readString;
import static dev.recyclable.buffers.ssh.internal.channel.PacketFields.readUInt32;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import net.schmizz.sshj.common.DisconnectReason;
import net.schmizz.sshj.common.LoggerFactory;
import net.schmizz.sshj.common.Message;
import net.schmizz.sshj.common.SSHException;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.connection.Connection;
import net.schmizz.sshj.connection.ConnectionException;
import net.schmizz.sshj.connection.channel.Channel;
import net.schmizz.sshj.connection.channel.OpenFailException;
import net.schmizz.sshj.transport.Transport;
import net.schmizz.sshj.transport.TransportException;

/**
 * An SSH {@code session} channel that runs one command and hands its output straight from sshj's packet
 * buffer to a {@link ChannelSink}: no {@code ChannelInputStream}, no circular buffers, no extra copy.
 *
 * <p>It implements sshj's {@link Channel.Direct} itself instead of subclassing {@code SessionChannel}, which
 * would allocate two 32&nbsp;KiB stream buffers per command and top the window up only inside
 * {@code InputStream.read()}. Here the receive window is granted explicitly with {@link #grant(long)}, by
 * whoever consumes the bytes, so a slow consumer slows the remote command instead of filling memory, and a
 * sink that discards output keeps the command running at full speed.
 *
 * <p>Threading: {@link ChannelSink} calls and exit-status updates happen on sshj's reader thread.
 * {@link #grant}, {@link #abort}, {@link #signal}, {@link #sendEof} and {@link #close} may be called from any
 * thread. {@link #exec} is for the thread that drives the command, {@link #writeStdin} for the one thread that
 * writes its stdin.
 *
 * <p>Use: {@code new CaptureChannel(connection, sink, window, packet)}, {@link #open()},
 * {@link #exec(String)}, optionally {@link #writeStdin}, then {@link #sendEof()} and {@link #join}.
 * Relies on sshj 0.40.0 internals (message routing by channel id, {@code Transport.write} being thread-safe);
 * {@code SshjInternalsTest} pins them.
 */
public final class CaptureChannel implements Channel.Direct {

    private static final int SSH_EXTENDED_DATA_STDERR = 1;

    private final Connection conn;
    private final Transport trans;
    private final LoggerFactory loggerFactory;
    private final ChannelSink sink;
    private final int id;
    private final int maxPacketSize;
    /** What the server may send us; consumed on the reader thread, released by whoever consumes the output. */
    private final ReceiveWindow localWindow;
    /** What we may send the server (stdin). */
    private final RemoteWindow remoteWindow = new RemoteWindow();

    private final CompletableFuture<Void> opened = new CompletableFuture<>();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();
    /** Everything we send, serialized against our CLOSE; carries the window grants. */
    private final OutboundGate out;

    private volatile CompletableFuture<Boolean> pendingReply;
    private final AtomicBoolean finished = new AtomicBoolean();

    private volatile boolean eofReceived;
    private volatile Integer exitStatus;
    private volatile String exitSignal;
    private volatile boolean coreDumped;
    private volatile String exitErrorMessage;
    private volatile String abortReason;

    private final ReusablePacket stdinPacket = new ReusablePacket(); // by the one thread that writes stdin

    /**
     * Creates the channel and registers it with the connection (so replies to our open reach it).
     *
     * @param windowSize    receive window in bytes: at most this much output is ever in flight or unconsumed
     * @param maxPacketSize largest data packet the server may send us (sshj's decoder accepts up to 256 KiB)
     */
    public CaptureChannel(Connection conn, ChannelSink sink, long windowSize, int maxPacketSize) {
        this.localWindow = new ReceiveWindow(windowSize);
        if (maxPacketSize < 1 || maxPacketSize > 256 * 1024) {
            throw new IllegalArgumentException("maxPacketSize must be in [1, 256 KiB]: " + maxPacketSize);
        }
        this.conn = conn;
        this.trans = conn.getTransport();
        this.loggerFactory = trans.getConfig().getLoggerFactory();
        this.sink = sink;
        this.maxPacketSize = maxPacketSize;
        this.out = new OutboundGate(trans, localWindow, opened, closed, this::finish);
        this.id = conn.nextID();
        conn.attach(this);
    }

    // ---------------------------------------------------------------- driving the command

    /**
     * Sends {@code CHANNEL_OPEN "session"} and waits for the server's answer (one round trip), at most the
     * connection's timeout.
     */
    @Override
    public void open() throws ConnectionException, TransportException {
        open(conn.getTimeoutMs());
    }

    /**
     * Sends {@code CHANNEL_OPEN "session"} and waits for the server's answer, at most {@code timeoutMs} (0: no
     * limit, as sshj's timeouts).
     */
    public void open(int timeoutMs) throws ConnectionException, TransportException {
        try {
            trans.write(new SSHPacket(Message.CHANNEL_OPEN)
                    .putString("session")
                    .putUInt32FromInt(id)
                    .putUInt32(localWindow.size())
                    .putUInt32(maxPacketSize));
            ChannelWaits.reply(opened, "open", id, timeoutMs);
        } catch (ConnectionException | TransportException | RuntimeException e) {
            finish(e);
            throw e;
        }
    }

    /** Asks the server to run {@code command} (UTF-8) and waits for its acceptance, at most the connection's timeout. */
    public void exec(String command) throws ConnectionException, TransportException {
        exec(command, conn.getTimeoutMs());
    }

    /** Asks the server to run {@code command} (UTF-8) and waits for its acceptance, at most {@code timeoutMs} (0: no limit). */
    public void exec(String command, int timeoutMs) throws ConnectionException, TransportException {
        CompletableFuture<Boolean> reply = new CompletableFuture<>();
        pendingReply = reply;
        if (!out.sendIfOpen(request("exec", true).putString(command, StandardCharsets.UTF_8))) {
            throw new ConnectionException("channel #" + id + " closed before exec");
        }
        if (!ChannelWaits.reply(reply, "exec", id, timeoutMs)) {
            throw new ConnectionException("server refused to execute the command on channel #" + id);
        }
    }

    /**
     * Sends stdin bytes, waiting for the server's window as needed, until all were handed to the transport or the
     * channel stopped taking stdin: the command ended, its input was ended ({@link #sendEof}) or it is being stopped
     * (our {@code CHANNEL_CLOSE} went out), which ends a wait for window at once. What went out is counted in
     * {@link #stdinBytes()}.
     *
     * @param waitNanos the longest to wait for the server's window at a time ({@code Durations.UNLIMITED}: no
     *                  limit, for a command, which its own timeout stops; a transfer's idle timeout)
     * @return {@code true} if all were sent, {@code false} if the channel stopped taking stdin first
     * @throws ConnectionException if the server grants no window for {@code waitNanos}, or the thread is interrupted
     *                             (its interrupt flag is set again)
     * @throws TransportException  if the connection failed
     */
    public boolean writeStdin(byte[] data, int offset, int length, long waitNanos)
            throws ConnectionException, TransportException {
        while (length > 0) {
            int n = remoteWindow.take(length, waitNanos, id);
            if (n == 0) {
                return false;
            }
            SSHPacket packet = stdinPacket.begin(Message.CHANNEL_DATA);
            packet.putUInt32FromInt(out.recipient());
            packet.putString(data, offset, n);
            if (!out.sendStdin(packet, n)) {
                return false;
            }
            offset += n;
            length -= n;
        }
        return true;
    }

    /**
     * Stdin bytes handed to the transport so far; exact and final once the channel is finished (what a command
     * got of its stdin, as far as the server took it).
     */
    public long stdinBytes() {
        return out.stdinBytes();
    }

    /**
     * Tells the command that stdin is finished ({@code CHANNEL_EOF}), once; does nothing once the channel is
     * closing. From any thread: no stdin goes out after it, and a writer waiting for window returns at once (its
     * {@link #writeStdin} returns {@code false}).
     */
    public void sendEof() throws TransportException {
        try {
            out.sendEof();
        } finally {
            remoteWindow.stop();
        }
    }

    /**
     * Sends a signal to the remote command ({@code "KILL"}, {@code "TERM"}, ... without {@code SIG}). Servers
     * may ignore it (OpenSSH honours it for commands without a terminal); there is no reply.
     */
    public void signal(String signalName) throws TransportException {
        out.sendIfOpen(request("signal", false).putString(signalName));
    }

    /**
     * Stops the command now, from any thread, without waiting: signals {@code KILL} and closes the channel.
     * The sink still gets {@link ChannelSink#onClosed} once the server confirms the close or the connection ends.
     *
     * @param reason kept for {@link #abortReason()}; the first reason wins
     */
    public void abort(String reason) {
        abort(reason, "KILL");
    }

    /**
     * Like {@link #abort(String)}, with another signal ({@code null}: none), for a command that must get to run its
     * own cleanup (a shell's trap does not run on {@code KILL}).
     */
    public void abort(String reason, String signalName) {
        if (abortReason == null) {
            abortReason = reason;
        }
        try {
            if (signalName != null) {
                signal(signalName);
            }
            sendClose();
        } catch (TransportException e) {
            finish(e); // the connection is gone: nothing will confirm the close
        }
    }

    /**
     * Returns {@code bytes} of consumed output to the server's window. Adjustments are batched (a quarter of the
     * window at a time). Safe from any thread, including the reader thread inside {@link ChannelSink#onData}.
     */
    public void grant(long bytes) {
        out.grant(bytes);
    }

    // ---------------------------------------------------------------- state

    /** Exit status reported by the server, or {@code null} if none was (yet) reported. */
    public Integer exitStatus() {
        return exitStatus;
    }

    /** Name of the signal that killed the command ({@code "KILL"}, ...), or {@code null}. */
    public String exitSignal() {
        return exitSignal;
    }

    public boolean exitCoreDumped() {
        return coreDumped;
    }

    /** The server's message accompanying an exit signal, or {@code null}. */
    public String exitErrorMessage() {
        return exitErrorMessage;
    }

    /** Why {@link #abort} was called, or {@code null}. */
    public String abortReason() {
        return abortReason;
    }

    /** Whether the server sent {@code CHANNEL_EOF} (no more output). */
    public boolean isEofReceived() {
        return eofReceived;
    }

    /** Whether the channel is finished: {@link ChannelSink#onClosed} has been called. */
    public boolean isFinished() {
        return closed.isDone();
    }

    /** Completes (never exceptionally) after {@link ChannelSink#onClosed} returned. */
    public CompletableFuture<Void> closeFuture() {
        return closed;
    }

    /** {@code host:port} of the server this channel's connection goes to (for messages). */
    public String remote() {
        String host = trans.getRemoteHost();
        return (host != null && host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + trans.getRemotePort();
    }

    /** Output bytes the server may still send before it waits for us. */
    public long localWindowRemaining() {
        return localWindow.available();
    }

    // ---------------------------------------------------------------- sshj's Channel

    @Override
    public void handle(Message msg, SSHPacket buf) throws SSHException {
        switch (msg) {
            case CHANNEL_DATA:
                received(false, buf);
                break;
            case CHANNEL_EXTENDED_DATA:
                int dataType = readInt(buf);
                if (dataType != SSH_EXTENDED_DATA_STDERR) {
                    throw new ConnectionException(
                            DisconnectReason.PROTOCOL_ERROR,
                            "Bad extended data type " + dataType + " on channel #" + id);
                }
                received(true, buf);
                break;
            case CHANNEL_WINDOW_ADJUST:
                remoteWindow.expand(readUInt32(buf));
                break;
            case CHANNEL_REQUEST:
                gotRequest(buf);
                break;
            case CHANNEL_SUCCESS:
            case CHANNEL_FAILURE:
                CompletableFuture<Boolean> reply = pendingReply;
                if (reply == null || reply.isDone()) {
                    throw new ConnectionException(
                            DisconnectReason.PROTOCOL_ERROR, "Unexpected channel request reply on channel #" + id);
                }
                reply.complete(msg == Message.CHANNEL_SUCCESS);
                break;
            case CHANNEL_EOF:
                eofReceived = true;
                break;
            case CHANNEL_CLOSE:
                try {
                    sendClose();
                } finally {
                    finish(null);
                }
                break;
            case CHANNEL_OPEN_CONFIRMATION:
                out.recipient(readInt(buf));
                long initialRemoteWindow = readUInt32(buf);
                remoteWindow.opened(initialRemoteWindow, readUInt32(buf));
                opened.complete(null);
                break;
            case CHANNEL_OPEN_FAILURE:
                int reasonCode = readInt(buf);
                String message = readString(buf);
                OpenFailException failure = new OpenFailException("session", reasonCode, message);
                opened.completeExceptionally(failure);
                finish(failure);
                break;
            default:
                throw new ConnectionException(
                        DisconnectReason.PROTOCOL_ERROR, "Unexpected " + msg + " on channel #" + id);
        }
    }

    private void received(boolean stderr, SSHPacket buf) throws ConnectionException {
        int length = readInt(buf);
        if (length < 0 || length > maxPacketSize || length > buf.available()) {
            throw new ConnectionException(
                    DisconnectReason.PROTOCOL_ERROR, "Bad data length " + length + " on channel #" + id);
        }
        if (!localWindow.consume(length)) {
            throw new ConnectionException(
                    DisconnectReason.PROTOCOL_ERROR, "Server overran the window of channel #" + id);
        }
        if (length > 0) {
            sink.onData(this, stderr, buf.array(), buf.rpos(), length);
        }
    }

    private void gotRequest(SSHPacket buf) throws SSHException {
        String type = readString(buf);
        boolean wantReply = readBoolean(buf);
        switch (type) {
            case "exit-status":
                exitStatus = readInt(buf);
                break;
            case "exit-signal":
                exitSignal = readString(buf);
                coreDumped = readBoolean(buf);
                exitErrorMessage = readString(buf);
                break;
            default:
                // e.g. OpenSSH's keepalive@openssh.com: must be answered or the server drops us
                if (wantReply) {
                    out.sendIfOpen(new SSHPacket(Message.CHANNEL_FAILURE).putUInt32FromInt(out.recipient()));
                }
                return;
        }
        if (wantReply) {
            out.sendIfOpen(new SSHPacket(Message.CHANNEL_SUCCESS).putUInt32FromInt(out.recipient()));
        }
    }

    @Override
    public void notifyError(SSHException error) {
        finish(error);
    }

    /** Sends {@code CHANNEL_CLOSE} if not yet sent, and waits up to the connection timeout for the server's. */
    @Override
    public void close() throws ConnectionException, TransportException {
        sendClose();
        join(conn.getTimeoutMs(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void join() {
        closed.join();
    }

    @Override
    public void join(long timeout, TimeUnit unit) throws ConnectionException {
        ChannelWaits.close(closed, id, timeout, unit);
    }

    @Override
    public boolean isOpen() {
        return out.isOpen();
    }

    @Override
    public boolean isEOF() {
        return eofReceived;
    }

    @Override
    public int getID() {
        return id;
    }

    @Override
    public int getRecipient() {
        return out.recipient();
    }

    @Override
    public String getType() {
        return "session";
    }

    @Override
    public int getLocalMaxPacketSize() {
        return maxPacketSize;
    }

    @Override
    public long getLocalWinSize() {
        return localWindow.available();
    }

    @Override
    public int getRemoteMaxPacketSize() {
        return remoteWindow.maxPacket();
    }

    @Override
    public long getRemoteWinSize() {
        return remoteWindow.size();
    }

    @Override
    public Charset getRemoteCharset() {
        return StandardCharsets.UTF_8;
    }

    /** Window management is explicit ({@link #grant}); auto-expansion does not apply. */
    @Override
    public boolean getAutoExpand() {
        return false;
    }

    @Override
    public void setAutoExpand(boolean autoExpand) {
        if (autoExpand) {
            throw new UnsupportedOperationException("CaptureChannel's window is granted by its sink, see grant(long)");
        }
    }

    /** Output goes to the {@link ChannelSink}; there is no stream. */
    @Override
    public InputStream getInputStream() {
        throw new UnsupportedOperationException("CaptureChannel delivers output to its ChannelSink");
    }

    /** Use {@link #writeStdin} and {@link #sendEof}. */
    @Override
    public OutputStream getOutputStream() {
        throw new UnsupportedOperationException("use CaptureChannel.writeStdin and sendEof");
    }

    @Override
    public LoggerFactory getLoggerFactory() {
        return loggerFactory;
    }

    @Override
    public String toString() {
        return "CaptureChannel#" + id + "(recipient=" + out.recipient() + ", localWindow=" + localWindow.available()
                + ")";
    }

    // ---------------------------------------------------------------- internals

    private SSHPacket request(String type, boolean wantReply) {
        return new SSHPacket(Message.CHANNEL_REQUEST)
                .putUInt32FromInt(out.recipient())
                .putString(type)
                .putBoolean(wantReply);
    }

    /** Our {@code CHANNEL_CLOSE}, once: nothing may follow it, so stdin stops here too. */
    private void sendClose() throws TransportException {
        try {
            out.sendClose();
        } finally {
            remoteWindow.stop();
        }
    }

    private void finish(Throwable failure) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        conn.forget(this);
        CompletableFuture<Boolean> reply = pendingReply;
        if (!opened.isDone() || (reply != null && !reply.isDone())) {
            // only a waiter needs an exception: a normal close must not pay for one (stack trace, ~1 KB)
            Throwable cause = failure != null ? failure : new ConnectionException("channel #" + id + " closed");
            opened.completeExceptionally(cause);
            if (reply != null) {
                reply.completeExceptionally(cause);
            }
        }
        remoteWindow.stop();
        try {
            sink.onClosed(this, failure);
        } finally {
            closed.complete(null);
        }
    }
}
