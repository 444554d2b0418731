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
package dev.recyclable.buffers.benchmarks.http;

import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;

/**
 * The request benchmarks' floor: a body publisher that hands the client read-only duplicates of buffers made
 * once, with no pool, view or copy behind them, so that what an exchange allocates with it is what the client
 * itself allocates to send a body of that size and shape. Give it buffers of the same sizes as the stream's
 * chunks so that the client sees the same pieces. One subscription at a time, as the benchmark makes them.
 */
final class PrebuiltBuffersPublisher implements HttpRequest.BodyPublisher {
    private final ByteBuffer[] buffers;
    private final long length;

    PrebuiltBuffersPublisher(ByteBuffer[] buffers) {
        this.buffers = buffers;
        long total = 0;
        for (ByteBuffer b : buffers) {
            total += b.remaining();
        }
        this.length = total;
    }

    @Override
    public long contentLength() {
        return length;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        subscriber.onSubscribe(new Flow.Subscription() {
            private int next;
            private long demand;
            private boolean emitting;
            private boolean done;

            @Override
            public void request(long n) {
                demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
                if (emitting) {
                    return; // the loop below picks the new demand up
                }
                emitting = true;
                while (!done && demand > 0 && next < buffers.length) {
                    demand--;
                    subscriber.onNext(buffers[next++].asReadOnlyBuffer());
                }
                if (!done && next == buffers.length) {
                    done = true;
                    subscriber.onComplete();
                }
                emitting = false;
            }

            @Override
            public void cancel() {
                done = true;
            }
        });
    }
}
