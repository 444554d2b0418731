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
package dev.recyclable.buffers.http.server;

import com.sun.net.httpserver.HttpExchange;
import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Request and response bodies of {@link com.sun.net.httpserver.HttpServer} (and {@code HttpsServer})
 * in pooled chunks:
 *
 * <pre>{@code
 * server.createContext("/orders", exchange -> {
 *     try (RecyclableOutputStream order = RecyclableExchanges.readRequestBody(exchange, pool, 1 << 20);
 *          RecyclableOutputStream reply = pool.newStream("reply")) {
 *         handle(order.newInputStream(), reply);
 *         RecyclableExchanges.sendResponse(exchange, 200, reply);
 *     } // over the limit: 413 was sent, the exchange closed, and the exception ends the handler
 * });
 * }</pre>
 */
public final class RecyclableExchanges {
    private static final String STREAM_TAG = "http-request-body";

    private RecyclableExchanges() {}

    /**
     * Reads the request body into a new stream of {@code pool}, which the caller owns and closes.
     *
     * <p>A body over {@code maxBytes} is answered {@code 413 Content Too Large} with
     * {@code Connection: close}: before a byte of it is read when its {@code Content-Length} says so,
     * else as soon as it grows past the limit (a chunked body), holding at most the limit plus one
     * chunk meanwhile, which goes back at once. The exchange is then closed, the server skips what
     * is left of the body (up to its drain amount, {@code sun.net.httpserver.drainAmount}, 64 KiB
     * by default) and closes the connection when more is left; JDK 18 and later close it in any case
     * because of the {@code Connection: close}. The method then throws
     * {@link BufferLimitExceededException}: let it end the handler. A client that reads the
     * response while it sends (curl, browsers, Node.js) sees the 413; one that sends the whole
     * body first (the JDK client) may see the connection close instead. A failure while reading
     * (a client that went away) closes the stream and is thrown as it came.
     *
     * @param maxBytes 0 or more; {@code Long.MAX_VALUE} leaves only the pool's stream cap
     */
    public static RecyclableOutputStream readRequestBody(HttpExchange exchange, BufferPool pool, long maxBytes)
            throws IOException {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative: " + maxBytes);
        }
        Objects.requireNonNull(exchange, "exchange");
        Objects.requireNonNull(pool, "pool");
        long declared = declaredLength(exchange);
        if (declared > maxBytes) {
            throw refuse(exchange, declared, maxBytes, "the request body (its Content-Length)");
        }
        RecyclableOutputStream body = pool.newStream(STREAM_TAG);
        long seen;
        long limit = maxBytes;
        try {
            // one byte past the limit tells a body exactly at it from one over it
            body.readFrom(exchange.getRequestBody(), maxBytes == Long.MAX_VALUE ? maxBytes : maxBytes + 1);
            seen = body.length();
            if (seen <= maxBytes) {
                return body;
            }
        } catch (BufferLimitExceededException poolCap) {
            seen = poolCap.requestedLength(); // the pool's stream cap is lower: the same answer
            limit = poolCap.limit();
        } catch (Throwable e) {
            body.close();
            throw e;
        }
        body.close();
        throw refuse(exchange, seen, limit, "the request body");
    }

    /**
     * Sends {@code content} as the response body with status {@code status} and its exact
     * {@code Content-Length}, writing the chunks' own arrays to the exchange (no copy here; the
     * server's buffered output takes chunks smaller than its buffer through that buffer), then
     * closes the exchange. A HEAD request gets the headers, its {@code Content-Length} included,
     * and no body. The caller keeps owning {@code content} and closes it.
     *
     * @throws IllegalArgumentException if {@code status} is one that has no body (1xx, 204, 304) and
     *                                  {@code content} is not empty
     */
    public static void sendResponse(HttpExchange exchange, int status, RecyclableOutputStream content)
            throws IOException {
        Objects.requireNonNull(exchange, "exchange");
        Objects.requireNonNull(content, "content");
        long length = content.length();
        boolean bodiless = (status >= 100 && status < 200) || status == 204 || status == 304;
        if (bodiless && length > 0) {
            throw new IllegalArgumentException(
                    "status " + status + " has no body, but the content has " + length + " bytes");
        }
        if ("HEAD".equals(exchange.getRequestMethod())) {
            exchange.getResponseHeaders().set("Content-Length", Long.toString(length));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
            return;
        }
        // the server's convention: 0 would mean chunked, -1 means no body
        exchange.sendResponseHeaders(status, length == 0 ? -1 : length);
        try (OutputStream out = exchange.getResponseBody()) {
            if (length > 0) {
                content.writeTo(out);
            }
        }
    }

    /** The request's Content-Length, or -1 (chunked or absent; the server has rejected malformed ones). */
    private static long declaredLength(HttpExchange exchange) {
        String value = exchange.getRequestHeaders().getFirst("Content-Length");
        if (value == null) {
            return -1;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Answers 413 and closes the exchange; returns the exception that ends the handler. */
    private static BufferLimitExceededException refuse(
            HttpExchange exchange, long requested, long maxBytes, String what) throws IOException {
        BufferLimitExceededException tooLarge = new BufferLimitExceededException(what, requested, maxBytes);
        byte[] message =
                ("request body over the limit of " + maxBytes + " bytes\n").getBytes(StandardCharsets.US_ASCII);
        try {
            exchange.getResponseHeaders().set("Connection", "close");
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=us-ascii");
            exchange.sendResponseHeaders(413, message.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(message);
            }
        } catch (IOException e) {
            tooLarge.addSuppressed(e); // the client may be gone; the limit is still what ended the request
            exchange.close();
        }
        return tooLarge;
    }
}
