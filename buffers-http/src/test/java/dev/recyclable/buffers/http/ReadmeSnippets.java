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
package dev.recyclable.buffers.http;

import com.sun.net.httpserver.HttpServer;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.client.RecyclableBodyHandler;
import dev.recyclable.buffers.http.client.RecyclableBodyPublisher;
import dev.recyclable.buffers.http.server.RecyclableExchanges;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP code README.md and buffers-http/README.md show, compiled with the tests (and run by
 * {@link ReadmeExamplesTest}); buffers-core's ReadmeSnippetsTest checks that each README block marked
 * {@code <!-- snippet: this file#name -->} matches the region {@code name} here.
 */
final class ReadmeSnippets {

    private ReadmeSnippets() {}

    /** What the examples fetch and post. */
    record Order(long id, String item, int quantity) {}

    static Order fetchAndParse(HttpClient client, BufferPool pool, JsonMapper json, URI uri)
            throws IOException, InterruptedException {
        // README:begin fetch-and-parse
        RecyclableBodyHandler bodies = RecyclableBodyHandler.of(pool, 16 << 20) // at most 16 MiB
                .withDecoding(true); // gzip and deflate, decoded into the pooled chunks
        HttpRequest request =
                HttpRequest.newBuilder(uri).header("Accept-Encoding", "gzip").build();
        HttpResponse<Order> response = client.send(
                request,
                bodies.mapping(
                        (info, body) -> json.readValue(body.newInputStream(), Order.class))); // body closed after
        // README:end fetch-and-parse
        return response.body();
    }

    static String postFromAStream(HttpClient client, BufferPool pool, JsonMapper json, URI uri, Order order)
            throws IOException, InterruptedException {
        RecyclableBodyHandler bodies = RecyclableBodyHandler.of(pool, 1 << 20);
        // README:begin post-from-a-stream
        try (RecyclableOutputStream out = pool.newStream("order")) {
            json.writeValue(out.shielded(), order); // serialised straight into pooled chunks
            try (RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) { // read-only views, exact length
                HttpRequest request = HttpRequest.newBuilder(uri)
                        .header("Content-Type", "application/json")
                        .POST(body)
                        .build();
                return client.send(request, bodies.text(StandardCharsets.UTF_8, CodingErrorAction.REPORT))
                        .body();
            } // the exchange is done: the publisher lets go of the chunks, then the stream
        }
        // README:end post-from-a-stream
    }

    static void server(HttpServer server, BufferPool pool, JsonMapper json) {
        // README:begin server
        server.createContext("/orders", exchange -> {
            try (RecyclableOutputStream request = RecyclableExchanges.readRequestBody(exchange, pool, 1 << 20);
                    RecyclableOutputStream reply = pool.newStream("reply")) {
                Order order = json.readValue(request.newInputStream(), Order.class);
                json.writeValue(reply.shielded(), new Order(order.id(), order.item(), order.quantity() + 1));
                RecyclableExchanges.sendResponse(exchange, 200, reply); // exact Content-Length, from the chunks
            } // over the limit: 413 was sent and the exchange closed; the exception ends the handler
        });
        // README:end server
    }
}
