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

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import net.schmizz.sshj.common.Message;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.transport.Transport;
import net.schmizz.sshj.transport.TransportException;

/**
 * Everything one channel sends goes through here, serialized against our {@code CHANNEL_CLOSE}: nothing may follow
 * it, nothing goes out before the server confirmed the open or after the channel finished, and no stdin follows our
 * {@code CHANNEL_EOF}. The receive window's
 * grants ride along: whichever thread holds the lock sends one when it is due ({@link ReceiveWindow#grantDue()}),
 * so a grant from the reader thread never waits behind a stdin writer. Any thread.
 */
final class OutboundGate {

    private final Transport trans;
    private final ReceiveWindow window;
    private final CompletableFuture<Void> opened;
    private final CompletableFuture<Void> closed;
    /** Told when a grant could not be written: the connection is gone. */
    private final Consumer<TransportException> grantFailed;

    private final ReentrantLock lock = new ReentrantLock();
    private final ReusablePacket windowAdjustPacket = new ReusablePacket(); // under lock
    private boolean closeSent; // guarded by lock
    private boolean eofSent; // guarded by lock
    /** Written under lock, read anywhere. */
    private volatile long stdinBytes;
    /** The server's id of the channel, which every message we send carries; set when the open is confirmed. */
    private volatile int recipient;

    OutboundGate(
            Transport trans,
            ReceiveWindow window,
            CompletableFuture<Void> opened,
            CompletableFuture<Void> closed,
            Consumer<TransportException> grantFailed) {
        this.trans = trans;
        this.window = window;
        this.opened = opened;
        this.closed = closed;
        this.grantFailed = grantFailed;
    }

    int recipient() {
        return recipient;
    }

    void recipient(int id) {
        recipient = id;
    }

    /** Writes {@code packet} unless the channel is not open or we already sent CLOSE; false if not written. */
    boolean sendIfOpen(SSHPacket packet) throws TransportException {
        return send(packet, false, 0);
    }

    /**
     * Writes a stdin packet carrying {@code dataBytes} as {@link #sendIfOpen} does, unless our EOF went out, and
     * counts them as sent in the same step: once our EOF or CLOSE is sent, {@link #stdinBytes()} is final and says
     * exactly what went out.
     */
    boolean sendStdin(SSHPacket packet, int dataBytes) throws TransportException {
        return send(packet, true, dataBytes);
    }

    /**
     * Sends {@code CHANNEL_EOF} once, if the channel is open and we sent no CLOSE; no stdin goes out after it, so
     * any thread may end the input while another writes it.
     */
    void sendEof() throws TransportException {
        lock.lock();
        try {
            if (!eofSent && !closeSent && open()) {
                eofSent = true;
                trans.write(new SSHPacket(Message.CHANNEL_EOF).putUInt32FromInt(recipient));
            }
        } finally {
            lock.unlock();
            flushGrantIfDue();
        }
    }

    /** Stdin bytes handed to the transport so far. */
    long stdinBytes() {
        return stdinBytes;
    }

    private boolean send(SSHPacket packet, boolean stdin, int dataBytes) throws TransportException {
        lock.lock();
        try {
            if (closeSent || !open() || (stdin && eofSent)) {
                return false;
            }
            trans.write(packet);
            stdinBytes += dataBytes;
            flushGrantLocked();
            return true;
        } finally {
            lock.unlock();
            flushGrantIfDue();
        }
    }

    /** Sends {@code CHANNEL_CLOSE} once, if the channel is open. */
    void sendClose() throws TransportException {
        lock.lock();
        try {
            if (!closeSent && open()) {
                closeSent = true;
                trans.write(new SSHPacket(Message.CHANNEL_CLOSE).putUInt32FromInt(recipient));
            }
        } finally {
            lock.unlock();
            flushGrantIfDue();
        }
    }

    /** Returns {@code bytes} of consumed output to the window; sends the grant now if one is due. */
    void grant(long bytes) {
        window.release(bytes);
        flushGrantIfDue();
    }

    /** Open, and no CLOSE sent yet. */
    boolean isOpen() {
        lock.lock();
        try {
            return !closeSent && open();
        } finally {
            lock.unlock();
            flushGrantIfDue();
        }
    }

    private boolean open() {
        return opened.isDone() && !opened.isCompletedExceptionally() && !closed.isDone();
    }

    /**
     * tryLock: the reader thread must not wait behind a stdin writer. A failed tryLock is safe because every
     * lock holder calls this again after unlocking, and so sees the grant added before our attempt.
     */
    private void flushGrantIfDue() {
        while (window.grantDue() && lock.tryLock()) {
            try {
                flushGrantLocked();
            } finally {
                lock.unlock();
            }
        }
    }

    private void flushGrantLocked() {
        if (closeSent || closed.isDone()) {
            window.dropReleased(); // no window matters once we closed; and nothing may follow our CLOSE
            return;
        }
        if (!window.grantDue()) {
            return;
        }
        long grant = window.takeGrant();
        try {
            trans.write(windowAdjustPacket
                    .begin(Message.CHANNEL_WINDOW_ADJUST)
                    .putUInt32FromInt(recipient)
                    .putUInt32(grant));
        } catch (TransportException e) {
            grantFailed.accept(e);
        }
    }
}
