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

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.testing.PoolLeakCheck;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.json.JsonMapper;

/** The README's examples, run against the JDK's HttpServer: they do what the README says. */
@ExtendWith(PoolLeakCheck.class)
class ReadmeExamplesTest {
    private final BufferPool pool = BufferPool.builder()
            .leakDetection(LeakDetection.DISABLED)
            .idleDecay(Duration.ZERO)
            .build();
    private final JsonMapper json = JsonMapper.builder().build();
    private final HttpClient client = HttpClient.newHttpClient();
    private final HttpServer server;

    ReadmeExamplesTest() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        server.createContext("/order.json", exchange -> {
            ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(gzipped)) {
                gz.write("{\"id\":7,\"item\":\"tea\",\"quantity\":3}".getBytes());
            }
            boolean asked = String.valueOf(exchange.getRequestHeaders().getFirst("Accept-Encoding"))
                    .contains("gzip");
            exchange.getResponseHeaders().set("Content-Encoding", "gzip");
            exchange.sendResponseHeaders(asked ? 200 : 406, gzipped.size());
            try (OutputStream out = exchange.getResponseBody()) {
                gzipped.writeTo(out);
            }
        });
        ReadmeSnippets.server(server, pool, json);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void fetchAndParse() throws Exception {
        assertEquals(
                new ReadmeSnippets.Order(7, "tea", 3),
                ReadmeSnippets.fetchAndParse(client, pool, json, uri("/order.json")));
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void postFromAStreamToTheServerExample() throws Exception {
        String reply = ReadmeSnippets.postFromAStream(
                client, pool, json, uri("/orders"), new ReadmeSnippets.Order(8, "coffee", 1));
        assertEquals(new ReadmeSnippets.Order(8, "coffee", 2), json.readValue(reply, ReadmeSnippets.Order.class));
        PoolAssertions.assertNothingInUse(pool);
    }
}
