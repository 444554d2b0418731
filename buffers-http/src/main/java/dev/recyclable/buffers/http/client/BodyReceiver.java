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

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.internal.ContentDecoder;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledFuture;

/**
 * The subscriber behind every {@link RecyclableBodyHandler}: copies each buffer the client
 * delivers into a pooled stream (or through a {@link ContentDecoder} into it), under the size
 * limit, and at the end hands the stream to its {@link BodyFinisher}.
 *
 * <p>It asks for everything at once ({@code request(Long.MAX_VALUE)}): the whole body is kept in
 * any case, and the limit, not demand, bounds it. On any failure (the limit, the client's
 * {@code onError}, the timeout, a decoding error, a throwing finisher) the subscription is
 * cancelled, the stream closed and the body completed exceptionally, once.
 *
 * <p>The client's signals arrive one at a time; the timeout arrives on the timer thread. A small
 * state word keeps them apart without a lock: a signal holds {@code SIGNALLED} while it touches the
 * stream, and the timeout only marks itself expired unless it finds the receiver idle, in which
 * case it fails the body itself; a signal that ends and finds the mark fails it then.
 */
final class BodyReceiver<T> implements HttpResponse.BodySubscriber<T> {
    static final String STREAM_TAG = "http-response-body";

    private static final int IDLE = 0;
    private static final int SIGNALLED = 1;
    private static final int DONE = 2;
    private static final VarHandle STATE;
    private static final VarHandle PENDING_CANCEL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(BodyReceiver.class, "state", int.class);
            PENDING_CANCEL = lookup.findVarHandle(BodyReceiver.class, "pendingCancel", Flow.Subscription.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TakenStage<T> result = new TakenStage<>(this::bodyTaken);
    private final BufferPool pool;
    private final long maxBytes;
    /** Null: the body is stored as it arrives. */
    private final ContentDecoder decoder;

    private final BodyFinisher<T> finisher;
    /** Non-null: the body is refused before its first byte (a Content-Length over the limit, say). */
    private final Exception refusal;

    private final Duration timeout;

    private Flow.Subscription subscription;
    private RecyclableOutputStream content;
    /** Bytes delivered by the client: the body as it came over the wire. */
    private long received;

    private volatile int state;
    private volatile boolean expired;
    private volatile ScheduledFuture<?> timer;
    /** Whether the client has hooked onto {@link #getBody()}'s stage. */
    private volatile boolean taken;
    /** A subscription to cancel once the client has hooked onto the body (see {@link TakenStage}). */
    private volatile Flow.Subscription pendingCancel;

    private BodyReceiver(
            BufferPool pool,
            long maxBytes,
            ContentDecoder decoder,
            BodyFinisher<T> finisher,
            Exception refusal,
            Duration timeout) {
        this.pool = pool;
        this.maxBytes = maxBytes;
        this.decoder = decoder;
        this.finisher = finisher;
        this.refusal = refusal;
        this.timeout = timeout;
    }

    /** A receiver of a body; {@code timeoutNanos} 0 means none. Its clock starts now. */
    static <T> BodyReceiver<T> receiving(
            BufferPool pool,
            long maxBytes,
            ContentDecoder decoder,
            BodyFinisher<T> finisher,
            Duration timeout,
            long timeoutNanos) {
        BodyReceiver<T> receiver = new BodyReceiver<>(pool, maxBytes, decoder, finisher, null, timeout);
        if (timeoutNanos > 0) {
            receiver.timer = BodyTimeouts.schedule(receiver::onTimeout, timeoutNanos);
        }
        return receiver;
    }

    /** A receiver that fails with {@code reason} as soon as it is subscribed, reading nothing. */
    static <T> BodyReceiver<T> refusing(Exception reason) {
        return new BodyReceiver<>(null, 0, null, null, Objects.requireNonNull(reason), null);
    }

    @Override
    public CompletionStage<T> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        Objects.requireNonNull(s, "subscription");
        if (!enter()) {
            s.cancel(); // failed already (the timeout)
            return;
        }
        if (subscription != null) {
            leave();
            s.cancel(); // Reactive Streams 2.5: one subscription at a time
            return;
        }
        subscription = s;
        if (refusal != null) {
            fail(refusal, true);
            return;
        }
        content = pool.newStream(STREAM_TAG);
        leave();
        s.request(Long.MAX_VALUE); // after leave(): the client may deliver from inside request()
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (!enter()) {
            return; // failed already: the client's buffers are ours to drop
        }
        try {
            for (int i = 0, n = items.size(); i < n; i++) {
                receive(items.get(i));
            }
        } catch (Throwable e) { // Reactive Streams 2.13: never throw back at the client; the body carries it
            fail(e, true);
            return;
        }
        leave();
    }

    private void receive(ByteBuffer piece) throws IOException {
        int n = piece.remaining();
        if (n == 0) {
            return;
        }
        received += n;
        if (received > maxBytes) {
            throw new BufferLimitExceededException(
                    decoder == null ? "the response body" : "the response body as received, before decoding",
                    received,
                    maxBytes);
        }
        if (decoder == null) {
            content.write(piece);
        } else {
            decoder.decode(piece, content, maxBytes);
        }
    }

    @Override
    public void onError(Throwable error) {
        if (enter()) {
            fail(error, false);
        } else {
            PENDING_CANCEL.getAndSet(this, null); // ended: nothing left to cancel
        }
    }

    @Override
    public void onComplete() {
        if (!enter()) {
            PENDING_CANCEL.getAndSet(this, null); // ended: nothing left to cancel
            return;
        }
        if (decoder != null) {
            try {
                decoder.finish();
            } catch (Throwable e) {
                fail(e, false);
                return;
            }
        }
        RecyclableOutputStream body = content;
        content = null;
        end();
        T value;
        try {
            value = finisher.finish(body); // the finisher owns the stream now, on every path
        } catch (Throwable e) {
            result.completeExceptionally(e);
            return;
        }
        if (!result.complete(value) && value instanceof AutoCloseable closeable) {
            closeQuietly(closeable); // nobody can take it any more
        }
    }

    /** The timer thread's part: fail the body now if no signal is running, else leave it to the signal. */
    private void onTimeout() {
        expired = true;
        if (STATE.compareAndSet(this, IDLE, SIGNALLED)) {
            fail(timedOut(), true);
        }
    }

    private HttpTimeoutException timedOut() {
        return new HttpTimeoutException("the response body did not complete within " + timeout + " (received "
                + received + " bytes); the exchange is cancelled");
    }

    /** Takes the state word for a signal; false once the body is done. */
    private boolean enter() {
        return STATE.compareAndSet(this, IDLE, SIGNALLED);
    }

    /** Gives the state word back, and fails the body if the timeout expired meanwhile. */
    private void leave() {
        state = IDLE;
        if (expired && STATE.compareAndSet(this, IDLE, SIGNALLED)) {
            fail(timedOut(), true);
        }
    }

    /**
     * With the state word held: the body fails, everything goes back, the exchange is told. The
     * body fails first, and the subscription is cancelled only once the client has hooked onto the
     * body: cancelling makes the JDK fail the exchange with its own "cancelled" exception, and the
     * caller must see why the body ended.
     */
    private void fail(Throwable error, boolean cancel) {
        Flow.Subscription s = subscription;
        RecyclableOutputStream partial = content;
        content = null;
        end();
        result.completeExceptionally(error);
        try {
            if (partial != null) {
                partial.close();
            }
        } finally {
            if (cancel && s != null) {
                pendingCancel = s;
                if (taken) {
                    cancelPending();
                }
            }
        }
    }

    /** The client has hooked onto the body's stage: a cancel waiting for that goes now. */
    private void bodyTaken() {
        taken = true;
        cancelPending();
    }

    private void cancelPending() {
        Flow.Subscription s = (Flow.Subscription) PENDING_CANCEL.getAndSet(this, null);
        if (s != null) {
            s.cancel();
        }
    }

    /** With the state word held: the body is done; the timer and the decoder go. */
    private void end() {
        state = DONE;
        ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
        }
        if (decoder != null) {
            decoder.close();
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // a RecyclableOutputStream's close does not throw
        }
    }
}
