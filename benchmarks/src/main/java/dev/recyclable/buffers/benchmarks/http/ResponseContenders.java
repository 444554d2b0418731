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

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.client.RecyclableBodyHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * The ways to receive a response body that the HTTP benchmarks and the showcase compare, each as a user
 * would write it:
 * <ul>
 *   <li>{@code discarding}: {@code BodyHandlers.discarding()}, the client's own floor (its read buffers, its
 *       parsing), which no handler can go below;</li>
 *   <li>{@code ofByteArray}, {@code ofString}: the JDK's handlers ({@code ofString} as UTF-8);</li>
 *   <li>{@code ofInputStream}: {@code BodyHandlers.ofInputStream()} read into a {@code ByteArrayOutputStream}
 *       ({@code transferTo}), as code that hands the body on as an array does;</li>
 *   <li>{@code keepBuffers}: a subscriber that keeps the client's buffers themselves (no copy, no pool), the
 *       other way a subscriber can own a body;</li>
 *   <li>{@code recyclable}: {@link RecyclableBodyHandler}, the body read as a length (the stream closed);</li>
 *   <li>{@code recyclableText}: {@link RecyclableBodyHandler#text} as UTF-8, strict.</li>
 * </ul>
 * Each returns a number derived from the body so that nothing is optimised away.
 */
final class ResponseContenders {
    static final List<String> ALL = List.of(
            "discarding", "ofByteArray", "ofString", "ofInputStream", "keepBuffers", "recyclable", "recyclableText");

    private ResponseContenders() {}

    /** Receives one response the way {@code contender} does. */
    static long receive(String contender, HttpClient client, HttpRequest request, RecyclableBodyHandler bodies)
            throws IOException, InterruptedException {
        return switch (contender) {
            case "discarding" -> client.send(request, BodyHandlers.discarding()).statusCode();
            case "ofByteArray" ->
                client.send(request, BodyHandlers.ofByteArray()).body().length;
            case "ofString" ->
                client.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8))
                        .body()
                        .length();
            case "ofInputStream" -> {
                try (InputStream in =
                        client.send(request, BodyHandlers.ofInputStream()).body()) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    in.transferTo(out);
                    yield out.toByteArray().length;
                }
            }
            case "keepBuffers" ->
                client.send(request, info -> new KeepingSubscriber()).body().size();
            case "recyclable" -> {
                try (RecyclableOutputStream body = client.send(request, bodies).body()) {
                    yield body.length();
                }
            }
            case "recyclableText" ->
                client.send(request, bodies.text(StandardCharsets.UTF_8, CodingErrorAction.REPORT))
                        .body()
                        .length();
            default -> throw new IllegalArgumentException("no contender " + contender);
        };
    }

    /** The body {@code contender} received, as bytes (its text as UTF-8), for the check before measuring; null for discarding. */
    static byte[] content(String contender, HttpClient client, HttpRequest request, RecyclableBodyHandler bodies)
            throws IOException, InterruptedException {
        return switch (contender) {
            case "discarding" -> null;
            case "ofByteArray" ->
                client.send(request, BodyHandlers.ofByteArray()).body();
            case "ofString" ->
                client.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8))
                        .body()
                        .getBytes(StandardCharsets.UTF_8);
            case "ofInputStream" -> {
                try (InputStream in =
                        client.send(request, BodyHandlers.ofInputStream()).body()) {
                    yield in.readAllBytes();
                }
            }
            case "keepBuffers" -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                for (ByteBuffer b :
                        client.send(request, info -> new KeepingSubscriber()).body()) {
                    byte[] bytes = new byte[b.remaining()];
                    b.duplicate().get(bytes);
                    out.writeBytes(bytes);
                }
                yield out.toByteArray();
            }
            case "recyclable" -> {
                try (RecyclableOutputStream body = client.send(request, bodies).body()) {
                    yield body.toByteArray();
                }
            }
            case "recyclableText" ->
                client.send(request, bodies.text(StandardCharsets.UTF_8, CodingErrorAction.REPORT))
                        .body()
                        .getBytes(StandardCharsets.UTF_8);
            default -> throw new IllegalArgumentException("no contender " + contender);
        };
    }

    /** Keeps the buffers the client delivers, as they are: the subscriber's Javadoc lets it. */
    static final class KeepingSubscriber implements HttpResponse.BodySubscriber<List<ByteBuffer>> {
        private final CompletableFuture<List<ByteBuffer>> body = new CompletableFuture<>();
        private final List<ByteBuffer> kept = new ArrayList<>();

        @Override
        public CompletionStage<List<ByteBuffer>> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> item) {
            kept.addAll(item);
        }

        @Override
        public void onError(Throwable throwable) {
            body.completeExceptionally(throwable);
        }

        @Override
        public void onComplete() {
            body.complete(kept);
        }
    }
}
