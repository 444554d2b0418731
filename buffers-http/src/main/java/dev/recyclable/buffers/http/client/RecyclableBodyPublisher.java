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
package dev.recyclable.buffers.http.client;

import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.Flow;

/**
 * A request body sent from a {@link RecyclableOutputStream}'s chunks, in place of
 * {@code BodyPublishers.ofByteArray(stream.toByteArray())}: the client is handed read-only views
 * of the chunks, never a copy, and the request carries the exact {@code Content-Length}.
 *
 * <pre>{@code
 * try (RecyclableOutputStream out = pool.newStream("order")) {
 *     json.writeValue(out.shielded(), order);
 *     try (RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) {
 *         client.send(HttpRequest.newBuilder(uri).POST(body).build(), BodyHandlers.discarding());
 *     }             // the exchange is done: the publisher lets go of the chunks
 * }                 // and the stream's owner of the stream
 * }</pre>
 *
 * <p><b>Ownership.</b> {@link #of} takes a view of the stream's content as it is then (see
 * {@link RecyclableOutputStream}'s Ownership): that content is frozen for the publisher, which
 * holds it until {@link #close()}; the stream stays its owner's, who may write on (the publisher
 * keeps showing what it took) or close it at once. Whoever creates the publisher closes it, and
 * only once the exchange is done: after {@code send} returned or threw, or when the
 * {@code sendAsync} future completed ({@code future.whenComplete((r, e) -> body.close())}). The
 * client holds the views until then, as it holds the array of {@code ofByteArray} (whose contract
 * is the same: unchanged until the exchange is done). Cancelling a {@code sendAsync} future does not
 * stop a write the client has already begun; close only once the future has completed.
 *
 * <p><b>Resending.</b> Every subscription gets the whole body from its first byte, so the client may
 * subscribe as often as it needs: HTTP/2, a redirect that keeps the body (307, 308) and an
 * authentication retry (401 or 407 with an {@code Authenticator}) each send it again from the same
 * chunks. A subscription after {@link #close()} fails with an {@link IllegalStateException}.
 *
 * <p>Thread-safe: subscriptions run on the client's threads, and {@code close()} may be called on any
 * thread (once the exchange is done).
 */
public final class RecyclableBodyPublisher implements HttpRequest.BodyPublisher, AutoCloseable {
    private final ByteBufferView view;
    /** The view's buffers; only their duplicates are handed out, so that every subscription has its own positions. */
    private final ByteBuffer[] chunks;

    private final long length;
    private volatile boolean closed;

    private RecyclableBodyPublisher(ByteBufferView view) {
        this.view = view;
        this.chunks = view.buffers();
        this.length = view.remaining();
    }

    /**
     * A publisher of {@code content}'s bytes as they are now.
     *
     * @throws IllegalStateException if {@code content} is closed
     */
    public static RecyclableBodyPublisher of(RecyclableOutputStream content) {
        return new RecyclableBodyPublisher(content.byteBuffers());
    }

    /** The exact length of the body, which the client sends as {@code Content-Length}. */
    @Override
    public long contentLength() {
        return length;
    }

    /** Sends the whole body to {@code subscriber}, one read-only view per chunk, as it asks. */
    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        ChunkSubscription subscription = new ChunkSubscription(this, subscriber);
        subscriber.onSubscribe(subscription);
        subscription.start();
    }

    /** The chunk views, for a subscription to duplicate. */
    ByteBuffer[] chunks() {
        return chunks;
    }

    boolean isClosed() {
        return closed;
    }

    /**
     * Lets go of the content: its chunks go back to the pool once nothing else holds them.
     * Idempotent. Only once the exchange is done (see Ownership above).
     */
    @Override
    public void close() {
        closed = true;
        view.close();
    }

    @Override
    public String toString() {
        return "RecyclableBodyPublisher[" + length + " bytes in " + chunks.length + " chunks"
                + (closed ? ", closed" : "") + "]";
    }
}
