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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;

/**
 * One subscription to a {@link RecyclableBodyPublisher}: the chunks from the first, each as a
 * fresh read-only duplicate (its own position and limit, the same bytes), as many as requested,
 * then {@code onComplete}. Signals are serialised by a work-in-progress counter, so that
 * {@code request} may be called from inside {@code onNext} or from any thread.
 */
final class ChunkSubscription implements Flow.Subscription {
    private static final VarHandle REQUESTED;
    private static final VarHandle WIP;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            REQUESTED = lookup.findVarHandle(ChunkSubscription.class, "requested", long.class);
            WIP = lookup.findVarHandle(ChunkSubscription.class, "wip", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RecyclableBodyPublisher publisher;
    private final Flow.Subscriber<? super ByteBuffer> subscriber;
    private final ByteBuffer[] chunks;
    /** The next chunk to send; only the draining thread touches it. */
    private int next;
    /** Set once a terminal signal was sent or the subscriber cancelled; only the draining thread sends. */
    private boolean done;

    private volatile long requested;
    private volatile int wip;
    private volatile boolean cancelled;
    /** A non-positive request, reported by the draining thread (Reactive Streams 3.9). */
    private volatile IllegalArgumentException badRequest;

    ChunkSubscription(RecyclableBodyPublisher publisher, Flow.Subscriber<? super ByteBuffer> subscriber) {
        this.publisher = publisher;
        this.subscriber = subscriber;
        this.chunks = publisher.chunks();
    }

    /** After {@code onSubscribe}: an empty body, or a closed publisher, ends without waiting for a request. */
    void start() {
        drain();
    }

    @Override
    public void request(long n) {
        if (n <= 0) {
            badRequest = new IllegalArgumentException("request(" + n + "): Reactive Streams 3.9 wants n > 0");
        } else {
            long current;
            long updated;
            do {
                current = requested;
                updated = current + n < 0 ? Long.MAX_VALUE : current + n;
            } while (!REQUESTED.compareAndSet(this, current, updated));
        }
        drain();
    }

    @Override
    public void cancel() {
        cancelled = true;
    }

    private void drain() {
        if ((int) WIP.getAndAdd(this, 1) != 0) {
            return; // the thread draining now sees this call's effect before it stops
        }
        int missed = 1;
        do {
            if (!done) {
                emit();
            }
            missed = (int) WIP.getAndAdd(this, -missed) - missed;
        } while (missed != 0);
    }

    private void emit() {
        if (cancelled) {
            done = true;
            return;
        }
        IllegalArgumentException bad = badRequest;
        if (bad != null) {
            done = true;
            subscriber.onError(bad);
            return;
        }
        long sent = 0;
        long wanted = requested;
        while (true) {
            if (publisher.isClosed()) {
                done = true;
                subscriber.onError(new IllegalStateException("the request body's publisher is closed: close it"
                        + " only once the exchange is done, and give a new request a new publisher"));
                return;
            }
            if (next == chunks.length) {
                done = true;
                subscriber.onComplete();
                return;
            }
            if (sent == wanted) {
                break;
            }
            ByteBuffer view = chunks[next++].duplicate();
            sent++;
            subscriber.onNext(view);
            if (cancelled) {
                done = true;
                return;
            }
        }
        if (wanted != Long.MAX_VALUE) {
            REQUESTED.getAndAdd(this, -sent);
        }
    }
}
