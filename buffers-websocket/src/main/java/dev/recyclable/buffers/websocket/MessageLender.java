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
package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.util.Objects;

/**
 * The one place where a received message changes hands: {@link #lend} gives a message to a
 * {@link WebSocketListener} and, when {@code onMessage} returns (or throws), releases it unless
 * the listener called {@link WebSocketMessage#retain()}. Used by {@link WebSocketDecoder} (and so
 * by the Netty handler, which fires the decoder's messages) and by the JDK client adapter;
 * transport adapters of your own should use it too.
 *
 * <p>The lender reuses the {@link WebSocketMessage} object and the stream of the last unretained
 * message for the next one ({@link #newContent()}), so that a warm connection allocates nothing
 * per message; a view taken of that message freezes the chunks it shows, so the reset leaves
 * them to the view. A lender made with {@code keepChunk} keeps the stream's chunk too when the
 * message fitted in one (one lease fewer per message; see {@link #emptyForNextMessage}); without
 * it the kept stream holds no pooled memory between messages
 * ({@link RecyclableOutputStream#resetAndRelease()}), so nothing is lost if the connection ends
 * unseen. {@link #close()} closes the kept stream, and streams lent after it are closed at once;
 * call it when the connection ends.
 *
 * <p>Not thread-safe: one lender per connection, used by one thread at a time.
 */
public final class MessageLender implements AutoCloseable {
    private final BufferPool pool;
    private final String streamTag;
    private final boolean keepChunk;
    private WebSocketMessage next = new WebSocketMessage();
    private RecyclableOutputStream spare;
    private boolean closed;

    /**
     * @param pool        where {@link #newContent()} takes streams from
     * @param streamTag   the tag of those streams, for the pool's diagnostics
     * @param keepChunk whether the kept stream keeps its chunk between messages that fit in one;
     *                  only for owners that are sure to call {@link #close()} when the connection
     *                  ends
     */
    public MessageLender(BufferPool pool, String streamTag, boolean keepChunk) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.streamTag = Objects.requireNonNull(streamTag, "streamTag");
        this.keepChunk = keepChunk;
    }

    /** A stream for the next message's payload: the kept stream if there is one, else a new one from the pool. */
    public RecyclableOutputStream newContent() {
        RecyclableOutputStream s = spare;
        spare = null;
        return s != null ? s : pool.newStream(streamTag);
    }

    /**
     * Hands a message holding {@code content} to {@code listener}. The message owns
     * {@code content} from now on; it is released (or kept for the next message) when
     * {@code onMessage} returns or throws, unless the listener retained it.
     */
    public void lend(MessageType type, RecyclableOutputStream content, WebSocketListener listener) {
        WebSocketMessage message = next;
        message.assign(Objects.requireNonNull(type, "type"), Objects.requireNonNull(content, "content"));
        lendAssigned(message, listener);
    }

    /**
     * Hands a text message that its transport delivered already decoded to UTF-16 to
     * {@code listener}, without encoding it to UTF-8 first ({@link DecodedText}). The message
     * owns {@code text} from now on and calls its {@link DecodedText#release()} when the message
     * is released: when {@code onMessage} returns or throws, unless the listener retained it. If
     * the listener asks for the UTF-8 bytes during the call, they are encoded into a stream of
     * this lender ({@link #newContent()}), which it keeps for the next message as usual.
     */
    public void lendText(DecodedText text, WebSocketListener listener) {
        WebSocketMessage message = next;
        message.assignDecoded(Objects.requireNonNull(text, "text"), this);
        lendAssigned(message, listener);
    }

    private void lendAssigned(WebSocketMessage message, WebSocketListener listener) {
        try {
            listener.onMessage(message);
        } finally {
            if (message.isRetained()) {
                // the listener owns that instance now; the next message needs a fresh one
                next = new WebSocketMessage();
            } else {
                giveBack(message.detach());
            }
        }
    }

    /** A new stream from the pool, never the kept one (for a retained message on any thread). */
    RecyclableOutputStream newStream() {
        return pool.newStream(streamTag);
    }

    /** Closes the kept stream; streams of messages lent from now on are closed after the call. Idempotent. */
    @Override
    public void close() {
        closed = true;
        RecyclableOutputStream kept = spare;
        spare = null;
        if (kept != null) {
            kept.close();
        }
    }

    /**
     * Empties a stream that a connection keeps from message to message. It keeps its one chunk
     * when the message fitted in it (one lease fewer per message) and gives every chunk back
     * otherwise: {@link RecyclableOutputStream#reset()} would keep all the chunks of the largest
     * message, and the peer decides how large that is, so an idle connection would hold it.
     */
    static void emptyForNextMessage(RecyclableOutputStream kept) {
        if (kept.chunkCount() <= 1) {
            kept.reset();
        } else {
            kept.resetAndRelease();
        }
    }

    private void giveBack(RecyclableOutputStream used) {
        if (used == null) {
            return; // the listener closed the message itself
        }
        if (closed || spare != null) {
            used.close();
        } else {
            if (keepChunk) {
                emptyForNextMessage(used);
            } else {
                used.resetAndRelease();
            }
            spare = used;
        }
    }
}
