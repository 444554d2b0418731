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
package dev.recyclable.buffers.websocket.jdk;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.DecodedText;
import dev.recyclable.buffers.websocket.MessageLender;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import java.io.IOException;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link java.net.http.WebSocket.Listener} that assembles the JDK client's deliveries into
 * pooled messages for a {@link WebSocketListener}.
 *
 * <p><b>Binary</b> pieces are copied into pooled chunks inside the callback and never kept: the
 * JDK hands over slices of its own read buffer, which it reuses whatever the returned
 * {@code CompletionStage} says.
 *
 * <p><b>Text</b> arrives already decoded to UTF-16 (the JDK has validated the UTF-8 and fails
 * fast itself), each piece in a {@code CharBuffer} of its own. Those are kept as they are, not
 * copied, and the message is lent as {@link DecodedText} ({@link MessageLender#lendText}): its
 * {@link WebSocketMessage#text()} joins them into a {@code String}, and its UTF-8 bytes
 * ({@link WebSocketMessage#content()} and the other byte accessors) are encoded into pooled chunks
 * only when the listener asks for them. So a listener that wants a {@code String} gets it without
 * a round trip through UTF-8, and one that wants bytes pays one encoding. Keeping a piece past
 * its callback is what the JDK's listener contract provides for: the stage returned for it
 * completes when the message is released. Until then the message's text lives in those buffers,
 * on the heap (two bytes per char, as a {@code StringBuilder} of it would), not in the pool.
 *
 * <p><b>Backpressure.</b> The adapter requests one delivery at a time ({@code request(1)}) and
 * only after the previous one has been taken and, at a message's end, handled by the
 * listener: a slow listener slows the socket instead of piling up data.
 *
 * <p><b>Limits.</b> The JDK has none; this adapter enforces {@link WebSocketLimits#maxMessageSize()}
 * as data arrives (frame boundaries and fragment counts are invisible through this API), in UTF-8
 * bytes for text too, and the pool's {@link BufferPool#maxStreamSize()} if that is lower (so that a
 * text message's UTF-8 always fits a stream). On a violation the partial message is released,
 * further data is dropped, the listener gets
 * {@link WebSocketListener#onError} with a {@link WebSocketProtocolException} (code 1009), and the
 * connection is closed with 1008 (the JDK's {@code sendClose} refuses 1009). Any other failure
 * while assembling closes it with 1011. A Close that cannot be sent is logged
 * ({@code System.Logger}) and the connection aborted; once it is sent, the connection is aborted
 * if the peer's Close has not ended it within 3 seconds.
 *
 * <p><b>Violations the JDK finds.</b> The JDK client checks frames itself and reports a violation
 * to {@code onError} (forwarded to the listener) after it has already closed the socket: its own
 * Close frame usually does not reach the peer, which then sees 1006.
 *
 * <p>Messages follow {@link WebSocketMessage}'s ownership rule, through a {@link MessageLender}:
 * released when {@code onMessage} returns unless retained. The lender reuses one stream object
 * for the next message but keeps no chunk between messages.
 *
 * <p><b>Release.</b> The message being assembled goes back to the pool however the connection
 * ends: on the JDK's {@code onClose} (the peer's Close, or 1006 for a connection lost) and
 * {@code onError}; on a limit or failure found here; when the listener throws anything, an
 * {@code Error} included (the connection is then failed with 1011, and the listener's
 * {@code onError} gets what it threw; a {@link VirtualMachineError} is rethrown after that); and
 * when the JDK says nothing. It reports {@code WebSocket.abort()} to no listener, and (JDK 17)
 * sometimes misses a peer that dropped the connection in the middle of a frame. So while a
 * message is partly assembled, the adapter looks every 200 ms whether the input is closed
 * (an aborted connection's message is back in the pool within about that time), and after a
 * second without a delivery sends an empty Ping: if it cannot be sent, the connection is gone,
 * the message is released, the connection aborted and the listener's {@code onError} gets an
 * {@code IOException} saying so. A connection that only pauses answers the Ping and goes on.
 */
public final class JdkWebSocketAdapter implements WebSocket.Listener {
    private static final String STREAM_TAG = "websocket-jdk-message";
    /** How long a connection we failed waits for the peer's Close before the socket is closed. */
    private static final long CLOSE_TIMEOUT_SECONDS = 3;
    /** How often a partly assembled message looks whether its connection has ended unreported. */
    private static final long WATCH_MILLIS = 200;
    /** Looks without a delivery before a Ping asks whether the connection is still there (one second). */
    private static final int STALLED_LOOKS_BEFORE_PING = 5;

    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private static final System.Logger LOG = System.getLogger(JdkWebSocketAdapter.class.getName());

    private final MessageLender lender;
    private final WebSocketLimits limits;
    private final WebSocketListener listener;
    /** The text limit in UTF-8 bytes: the message limit, or the pool's stream cap if lower. */
    private final long maxTextBytes;
    /**
     * Guards the state below: the JDK's callbacks come one at a time, but the abort watch runs on
     * another thread, and only ever tries the lock (a slow listener never holds it up).
     */
    private final ReentrantLock lock = new ReentrantLock();
    /** The connection ended or failed: everything is released and further data is dropped. */
    private boolean released;
    /** The binary message being assembled, or null. */
    private RecyclableOutputStream assembling;
    /** The text message being assembled (pieces kept since its first); a new one after a retained message. */
    private DeliveredText text = new DeliveredText();
    /** Whether the watch is scheduled. */
    private boolean watching;
    /** Deliveries so far, and as the watch last saw them: a connection that delivers is alive. */
    private long deliveries;

    private long deliveriesSeen;
    private int stalledLooks;
    /** A Ping of the watch is on its way. */
    private volatile boolean pinging;
    /** Why the watch's Ping could not be sent: the connection is gone although the JDK said nothing. */
    private volatile Throwable pingFailure;
    /** The connection, for the watch; set by the first callback. */
    private volatile WebSocket connection;

    private final Runnable watch = this::watch;
    /** Set when the JDK reports the connection closed or failed; read by the close timeout. */
    private volatile boolean ended;

    public JdkWebSocketAdapter(BufferPool pool, WebSocketLimits limits, WebSocketListener listener) {
        this.lender = new MessageLender(pool, STREAM_TAG, false);
        this.limits = Objects.requireNonNull(limits, "limits");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.maxTextBytes = Math.min(limits.maxMessageSize(), pool.maxStreamSize());
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        connection = webSocket;
        webSocket.request(1);
    }

    /**
     * Copies {@code data} into the message being assembled, under the size limit, and delivers
     * the message on the last piece.
     */
    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        enter(webSocket);
        try {
            if (!released) {
                binary(webSocket, data, last);
            }
        } finally {
            lock.unlock();
        }
        webSocket.request(1);
        return null;
    }

    private void binary(WebSocket webSocket, ByteBuffer data, boolean last) {
        try {
            if (text.isHeld()) {
                throw new IllegalStateException("binary data in the middle of a text message");
            }
            long incoming = data.remaining();
            if (assembledLength() + incoming > limits.maxMessageSize()) {
                failTooBig(webSocket, assembledLength() + incoming);
                return;
            }
            if (assembling == null) {
                assembling = lender.newContent();
            }
            assembling.write(data);
            if (last) {
                RecyclableOutputStream content = assembling;
                assembling = null;
                lender.lend(MessageType.BINARY, content, listener);
            } else {
                watchLater();
            }
        } catch (BufferLimitExceededException e) {
            failTooBig(webSocket, e.requestedLength());
        } catch (Throwable e) {
            fail(webSocket, e);
        }
    }

    /**
     * Keeps {@code data} (no copy) for the message being assembled, under the size limit, and
     * delivers the message on the last piece. Returns the stage that completes when the message
     * lets go of {@code data}, or null when it already has.
     */
    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        CompletionStage<?> reclaimed = null;
        enter(webSocket);
        try {
            if (!released) {
                reclaimed = text(webSocket, data, last);
            }
        } finally {
            lock.unlock();
        }
        webSocket.request(1);
        return reclaimed;
    }

    private CompletionStage<?> text(WebSocket webSocket, CharSequence data, boolean last) {
        CompletionStage<?> reclaimed = null;
        try {
            if (assembling != null) {
                throw new IllegalStateException("text data in the middle of a binary message");
            }
            DeliveredText t = text;
            t.append(data);
            if (t.utf8LengthExceeds(maxTextBytes)) {
                failTooBig(webSocket, t.utf8Length());
            } else if (last) {
                try {
                    lender.lendText(t, listener);
                } finally {
                    if (t.isHeld()) { // retained (even by a listener that then threw): the message owns t now
                        text = new DeliveredText();
                        reclaimed = t.reclaimed();
                    }
                }
            } else {
                reclaimed = t.reclaimed();
                watchLater();
            }
        } catch (Throwable e) {
            fail(webSocket, e);
        }
        return reclaimed;
    }

    @Override
    public CompletionStage<?> onPing(WebSocket webSocket, ByteBuffer message) {
        // the JDK answers with a Pong itself
        control(webSocket, message, true);
        return null;
    }

    @Override
    public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
        control(webSocket, message, false);
        return null;
    }

    private void control(WebSocket webSocket, ByteBuffer message, boolean ping) {
        enter(webSocket);
        try {
            if (!released) {
                if (ping) {
                    listener.onPing(message.asReadOnlyBuffer());
                } else {
                    listener.onPong(message.asReadOnlyBuffer());
                }
            }
        } catch (Throwable e) {
            fail(webSocket, e);
        } finally {
            lock.unlock();
        }
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        ended = true;
        end(webSocket);
        listener.onClose(statusCode == -1 ? CloseCodes.NO_STATUS : statusCode, reason);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        ended = true;
        end(webSocket);
        listener.onError(error);
    }

    /** Whether the message being assembled is still open; for tests and diagnostics. */
    public boolean isAssembling() {
        lock.lock();
        try {
            return assembling != null || text.isHeld();
        } finally {
            lock.unlock();
        }
    }

    private long assembledLength() {
        return assembling == null ? 0 : assembling.length();
    }

    /** Takes the lock for a callback and notes the connection for the abort watch. */
    private void enter(WebSocket webSocket) {
        if (connection == null) {
            connection = webSocket;
        }
        lock.lock();
        deliveries++;
    }

    /** The JDK reports the end: everything is released for good. */
    private void end(WebSocket webSocket) {
        enter(webSocket);
        try {
            released = true;
            discard();
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock, with a message left partly assembled: have the watch look, unless it already does. */
    private void watchLater() {
        if (!watching) {
            watching = true;
            stalledLooks = 0;
            lookAgainLater();
        }
    }

    private void lookAgainLater() {
        CompletableFuture.delayedExecutor(WATCH_MILLIS, TimeUnit.MILLISECONDS).execute(watch);
    }

    /**
     * The watch, on a thread of the JDK's common pool, while a message is partly assembled. The
     * JDK reports {@code abort()} to no listener, and (JDK 17) sometimes misses a connection the
     * peer dropped in the middle of a frame: no {@code onClose}, no {@code onError}, and
     * {@code isInputClosed()} stays false, though a send then fails ("closed output"). So the
     * watch releases the message once the input is closed, and after a second without a delivery
     * sends an empty Ping (a peer answers it; the JDK takes the Pong): if that cannot be sent, the
     * connection is gone, and the message is released, the connection aborted and the listener
     * told. A callback holding the lock means the connection is alive, or that the next look
     * will see it gone.
     */
    private void watch() {
        if (!lock.tryLock()) {
            lookAgainLater();
            return;
        }
        try {
            WebSocket ws = connection;
            Throwable lost = pingFailure;
            if (released || !(assembling != null || text.isHeld())) {
                watching = false;
            } else if (ws.isInputClosed() || lost != null) {
                watching = false;
                released = true;
                discard();
                if (lost != null) {
                    ws.abort();
                    connectionLost(lost);
                }
            } else {
                if (deliveries != deliveriesSeen) {
                    deliveriesSeen = deliveries;
                    stalledLooks = 0;
                } else if (++stalledLooks >= STALLED_LOOKS_BEFORE_PING && !pinging && !ws.isOutputClosed()) {
                    stalledLooks = 0;
                    ping(ws);
                }
                lookAgainLater();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Asks whether the stalled connection is still there: a Ping that cannot be sent says it is not. */
    private void ping(WebSocket ws) {
        pinging = true;
        try {
            ws.sendPing(EMPTY.duplicate()).whenComplete((w, e) -> {
                if (e != null) {
                    pingFailure = e;
                }
                pinging = false;
            });
        } catch (IllegalStateException e) {
            pinging = false; // the application's own Ping is on its way: no answer from this one
        }
    }

    /** Under the lock, from the watch: the listener learns that the connection was lost, as from {@code onError}. */
    private void connectionLost(Throwable cause) {
        try {
            listener.onError(new IOException(
                    "connection lost in the middle of a message: the JDK reported nothing, and a Ping could not be"
                            + " sent",
                    cause));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "WebSocketListener.onError threw", e);
        }
    }

    /** Under the lock: a message over the limit ends the connection, released, closed with 1008, the listener told 1009. */
    private void failTooBig(WebSocket webSocket, long length) {
        released = true;
        discard();
        WebSocketProtocolException e = new WebSocketProtocolException(
                CloseCodes.MESSAGE_TOO_BIG,
                "message of at least " + length + " bytes exceeds the limit of " + limits.maxMessageSize());
        sendCloseOrAbort(webSocket, CloseCodes.POLICY_VIOLATION, "message too big");
        listener.onError(e);
    }

    /**
     * Under the lock: anything thrown while assembling or by the listener ends the connection,
     * released, closed with 1011, the listener told; a {@link VirtualMachineError} is rethrown
     * after that.
     */
    private void fail(WebSocket webSocket, Throwable error) {
        released = true;
        try {
            discard();
            sendCloseOrAbort(webSocket, CloseCodes.INTERNAL_ERROR, "internal error");
            listener.onError(error);
        } finally {
            if (error instanceof VirtualMachineError vmError) {
                throw vmError;
            }
        }
    }

    /**
     * Sends our Close so that the peer learns why (rather than seeing 1006); if it cannot be sent,
     * logs that and aborts the connection. The listener has been told of the failure already.
     */
    private void sendCloseOrAbort(WebSocket webSocket, int code, String reason) {
        CompletableFuture<WebSocket> sent;
        try {
            sent = webSocket.sendClose(code, reason);
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete((ws, error) -> {
            if (error != null) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "Close " + code + " (" + reason + ") could not be sent; aborting the connection",
                        error);
                webSocket.abort();
            } else {
                // RFC 6455 7.1.7: a failed connection need not wait for the peer's Close. The
                // JDK only closes the socket once that arrives, and it may never be recognised
                // (the peer's frame may sit inside a huge declared payload): give it a moment
                CompletableFuture.delayedExecutor(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                        .execute(() -> {
                            if (!ended) {
                                webSocket.abort();
                            }
                        });
            }
        });
    }

    /** Releases the partial message and closes the stream kept for the next one. */
    private void discard() {
        lender.close();
        RecyclableOutputStream partial = assembling;
        assembling = null;
        if (partial != null) {
            partial.close();
        }
        if (text.isHeld()) {
            text.release();
        }
    }
}
