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

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Flow;

/**
 * A subscriber of request bodies for tests: records what it gets, asks for {@code initial} at subscription,
 * and fails on any breach of the Reactive Streams signal order.
 */
class SubscriberProbe implements Flow.Subscriber<ByteBuffer> {
    final List<ByteBuffer> received = Collections.synchronizedList(new ArrayList<>());
    private final long initial;
    volatile Flow.Subscription subscription;
    volatile boolean completed;
    volatile Throwable error;

    SubscriberProbe(long initial) {
        this.initial = initial;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        if (subscription != null) {
            throw new AssertionError("subscribed twice");
        }
        subscription = s;
        if (initial > 0) {
            s.request(initial);
        }
    }

    @Override
    public void onNext(ByteBuffer item) {
        if (completed || error != null) {
            throw new AssertionError("onNext after the end");
        }
        received.add(item);
    }

    @Override
    public void onError(Throwable throwable) {
        if (completed || error != null) {
            throw new AssertionError("a second terminal signal");
        }
        error = throwable;
    }

    @Override
    public void onComplete() {
        if (completed || error != null) {
            throw new AssertionError("a second terminal signal");
        }
        completed = true;
    }
}
