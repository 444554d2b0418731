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

import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link WebSocket} for calling the adapter directly, as the JDK would: it counts
 * {@code request} calls and Pings, records the Close codes sent and whether it was aborted, and
 * can fail its Pings.
 */
final class StubWebSocket implements WebSocket {
    long requested;
    final List<Integer> closeCodes = new CopyOnWriteArrayList<>();
    volatile boolean aborted;

    @Override
    public CompletableFuture<WebSocket> sendText(CharSequence data, boolean last) {
        return CompletableFuture.completedFuture(this);
    }

    @Override
    public CompletableFuture<WebSocket> sendBinary(ByteBuffer data, boolean last) {
        return CompletableFuture.completedFuture(this);
    }

    /** Pings sent so far. */
    final AtomicInteger pings = new AtomicInteger();
    /** When set, every Ping fails with it, as the JDK's does on a connection it lost without saying so. */
    volatile Throwable pingFailure;

    @Override
    public CompletableFuture<WebSocket> sendPing(ByteBuffer message) {
        pings.incrementAndGet();
        Throwable f = pingFailure;
        return f == null ? CompletableFuture.completedFuture(this) : CompletableFuture.failedFuture(f);
    }

    @Override
    public CompletableFuture<WebSocket> sendPong(ByteBuffer message) {
        return CompletableFuture.completedFuture(this);
    }

    @Override
    public CompletableFuture<WebSocket> sendClose(int statusCode, String reason) {
        closeCodes.add(statusCode);
        return CompletableFuture.completedFuture(this);
    }

    @Override
    public void request(long n) {
        requested += n;
    }

    @Override
    public String getSubprotocol() {
        return "";
    }

    @Override
    public boolean isOutputClosed() {
        return !closeCodes.isEmpty();
    }

    @Override
    public boolean isInputClosed() {
        return aborted;
    }

    @Override
    public void abort() {
        aborted = true;
    }
}
