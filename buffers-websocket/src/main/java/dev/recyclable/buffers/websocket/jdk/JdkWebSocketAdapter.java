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
 * <p>Each delivered piece is copied into pooled chunks inside the callback and never kept: the
 * JDK reuses its buffers whatever the returned {@code CompletionStage} says, so this adapter
 * returns {@code null} (done). Binary pieces are copied as they are; text arrives from the JDK
 * already decoded to UTF-16 (it has validated the UTF-8 and fails fast itself), so it is encoded
 * back to UTF-8 straight into the chunks and the message carries raw UTF-8 like every other.
 *
 * <p><b>Backpressure.</b> The adapter requests one delivery at a time ({@code request(1)}) and
 * only after the previous one has been copied and, at a message's end, handled by the
 * listener: a slow listener slows the socket instead of piling up data.
 *
 * <p><b>Limits.</b> The JDK has none; this adapter enforces {@link WebSocketLimits#maxMessageSize()}
 * as bytes arrive (frame boundaries and fragment counts are invisible through this API). On a
 * violation the partial message is released, further data is dropped, the listener gets
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
    private final Utf16ToUtf8 textEncoder = new Utf16ToUtf8();
    private RecyclableOutputStream assembling;
    private MessageType assemblingType;
    private boolean failed;
    /** Set when the JDK reports the connection closed or failed; read by the close timeout. */
    private volatile boolean ended;

    public JdkWebSocketAdapter(BufferPool pool, WebSocketLimits limits, WebSocketListener listener) {
        this.lender = new MessageLender(pool, STREAM_TAG, false);
        this.limits = Objects.requireNonNull(limits, "limits");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        return received(webSocket, data, null, last);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        return received(webSocket, null, data, last);
    }

    /**
     * One path for a delivered piece, {@code binary} or {@code text} (the other is null): copied
     * into the message being assembled, under the size limit, and the message delivered on the
     * last piece.
     */
    private CompletionStage<?> received(WebSocket webSocket, ByteBuffer binary, CharSequence text, boolean last) {
        if (!failed) {
            try {
                // every char is at least one UTF-8 byte: reject before encoding when that is already too much
                long incoming = binary != null ? binary.remaining() : text.length();
                if (limitExceeded(incoming)) {
                    failTooBig(webSocket, assembledLength() + incoming);
                } else {
                    RecyclableOutputStream out = target(binary != null ? MessageType.BINARY : MessageType.TEXT);
                    if (binary != null) {
                        out.write(binary);
                    } else {
                        textEncoder.append(text, last, out);
                    }
                    if (out.length() > limits.maxMessageSize()) {
                        failTooBig(webSocket, out.length());
                    } else if (last) {
                        deliver();
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
        return assembling != null;
    }

    private boolean limitExceeded(long incoming) {
        return assembledLength() + incoming > limits.maxMessageSize();
    }

    private long assembledLength() {
        return assembling == null ? 0 : assembling.length();
    }

    private RecyclableOutputStream target(MessageType type) {
        if (assembling == null) {
            assembling = lender.newContent();
            assemblingType = type;
            textEncoder.reset();
        }
        return assembling;
    }

    private void deliver() {
        RecyclableOutputStream content = assembling;
        assembling = null;
        lender.lend(assemblingType, content, listener);
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
    }
}
