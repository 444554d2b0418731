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
package dev.recyclable.buffers.http.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's {@code com.sun.net.httpserver.HttpServer} on 127.0.0.1, in-process, as a client test's
 * peer, written with the server's plain API only (so that it is independent of this module):
 * <ul>
 *   <li>{@code GET /bytes?size=N[&mode=fixed|chunked]}: N pattern bytes, with Content-Length or chunked;</li>
 *   <li>{@code POST /echo}: the request body back, with its length;</li>
 *   <li>{@code GET /cut?size=N&sent=M}: declares N, sends M, then closes the connection.</li>
 * </ul>
 */
public final class JdkServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "jdk-http-server");
        t.setDaemon(true);
        return t;
    });
    private final byte[] pattern = PeerBodies.bytes(16 << 20);

    public JdkServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(threads);
        server.createContext("/bytes", this::bytes);
        server.createContext("/echo", this::echo);
        server.createContext("/cut", this::cut);
        server.start();
    }

    public URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery);
    }

    public HttpServer server() {
        return server;
    }

    private void bytes(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> q = query(exchange);
            int size = Integer.parseInt(q.getOrDefault("size", "0"));
            boolean chunked = "chunked".equals(q.get("mode"));
            exchange.sendResponseHeaders(200, chunked ? 0 : size == 0 ? -1 : size);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int at = 0; at < size; at += 16384) {
                    out.write(pattern, at, Math.min(16384, size - at));
                }
            }
        }
    }

    private void echo(HttpExchange exchange) throws IOException {
        try (exchange;
                InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readAllBytes();
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            exchange.getResponseBody().write(body);
        }
    }

    private void cut(HttpExchange exchange) throws IOException {
        Map<String, String> q = query(exchange);
        int size = Integer.parseInt(q.get("size"));
        int sent = Integer.parseInt(q.get("sent"));
        exchange.sendResponseHeaders(200, size);
        OutputStream out = exchange.getResponseBody();
        out.write(pattern, 0, sent);
        out.flush();
        exchange.close(); // fewer bytes than declared: the server closes the connection
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> q = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                q.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
            }
        }
        return q;
    }

    @Override
    public void close() throws InterruptedException {
        server.stop(0);
        threads.shutdownNow();
        threads.awaitTermination(5, TimeUnit.SECONDS);
    }
}
