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
 * for the next message but keeps no chunk between messages, since the JDK does not tell a
 * listener of {@code abort()}. Every chunk is released on error, close and abort.
 */
public final class JdkWebSocketAdapter implements WebSocket.Listener {
    private static final String STREAM_TAG = "websocket-jdk-message";
    /** How long a connection we failed waits for the peer's Close before the socket is closed. */
    private static final long CLOSE_TIMEOUT_SECONDS = 3;

    private static final System.Logger LOG = System.getLogger(JdkWebSocketAdapter.class.getName());

    private final MessageLender lender;
    private final WebSocketLimits limits;
    private final WebSocketListener listener;
    /** The text limit in UTF-8 bytes: the message limit, or the pool's stream cap if lower. */
    private final long maxTextBytes;
    /** The binary message being assembled, or null. */
    private RecyclableOutputStream assembling;
    /** The text message being assembled (pieces kept since its first); a new one after a retained message. */
    private DeliveredText text = new DeliveredText();

    private boolean failed;
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
        webSocket.request(1);
    }

    /**
     * Copies {@code data} into the message being assembled, under the size limit, and delivers
     * the message on the last piece.
     */
    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        if (!failed) {
            try {
                if (text.isHeld()) {
                    throw new IllegalStateException("binary data in the middle of a text message");
                }
                long incoming = data.remaining();
                if (assembledLength() + incoming > limits.maxMessageSize()) {
                    failTooBig(webSocket, assembledLength() + incoming);
                } else {
                    if (assembling == null) {
                        assembling = lender.newContent();
                    }
                    assembling.write(data);
                    if (last) {
                        RecyclableOutputStream content = assembling;
                        assembling = null;
                        lender.lend(MessageType.BINARY, content, listener);
                    }
                }
            } catch (BufferLimitExceededException e) {
                failTooBig(webSocket, e.requestedLength());
            } catch (IOException | RuntimeException e) {
                fail(webSocket, e);
            }
        }
        webSocket.request(1);
        return null;
    }

    /**
     * Keeps {@code data} (no copy) for the message being assembled, under the size limit, and
     * delivers the message on the last piece. Returns the stage that completes when the message
     * lets go of {@code data}, or null when it already has.
     */
    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        CompletionStage<?> reclaimed = null;
        if (!failed) {
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
                }
            } catch (RuntimeException e) {
                fail(webSocket, e);
            }
        }
        webSocket.request(1);
        return reclaimed;
    }

    @Override
    public CompletionStage<?> onPing(WebSocket webSocket, ByteBuffer message) {
        // the JDK answers with a Pong itself
        if (!failed) {
            listener.onPing(message.asReadOnlyBuffer());
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
        if (!failed) {
            listener.onPong(message.asReadOnlyBuffer());
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        ended = true;
        discard();
        listener.onClose(statusCode == -1 ? CloseCodes.NO_STATUS : statusCode, reason);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        ended = true;
        discard();
        listener.onError(error);
    }

    /** Whether the message being assembled is still open; for tests and diagnostics. */
    public boolean isAssembling() {
        return assembling != null || text.isHeld();
    }

    private long assembledLength() {
        return assembling == null ? 0 : assembling.length();
    }

    private void failTooBig(WebSocket webSocket, long length) {
        failed = true;
        discard();
        WebSocketProtocolException e = new WebSocketProtocolException(
                CloseCodes.MESSAGE_TOO_BIG,
                "message of at least " + length + " bytes exceeds the limit of " + limits.maxMessageSize());
        sendCloseOrAbort(webSocket, CloseCodes.POLICY_VIOLATION, "message too big");
        listener.onError(e);
    }

    private void fail(WebSocket webSocket, Throwable error) {
        failed = true;
        discard();
        sendCloseOrAbort(webSocket, CloseCodes.INTERNAL_ERROR, "internal error");
        listener.onError(error);
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
