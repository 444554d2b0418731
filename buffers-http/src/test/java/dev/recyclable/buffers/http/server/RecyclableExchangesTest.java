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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import dev.recyclable.buffers.http.testing.PeerRequest;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.testing.PoolLeakCheck;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Request and response bodies of the JDK's HttpServer in pooled chunks, with the JDK client and a
 * raw socket (to see exactly what goes over the wire) as the peers: the server's pool ends with
 * nothing in use whatever the client sends.
 */
@ExtendWith(PoolLeakCheck.class)
class RecyclableExchangesTest {
    private final BufferPool pool = BufferPool.builder()
            .leakDetection(LeakDetection.DISABLED)
            .idleDecay(Duration.ZERO)
            .build();
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    /** What each upload handler ended with: the digest it answered, or the exception that ended it. */
    private final BlockingQueue<Object> outcomes = new LinkedBlockingQueue<>();

    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder().executor(threads).build();

    RecyclableExchangesTest() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(threads);
        // POST /upload?limit=N: the body read under the limit, answered with "<length> <sha256>" from a pooled stream
        server.createContext("/upload", exchange -> {
            long limit = Long.parseLong(exchange.getRequestURI().getQuery().substring("limit=".length()));
            try (RecyclableOutputStream body = RecyclableExchanges.readRequestBody(exchange, pool, limit);
                    RecyclableOutputStream reply = pool.newStream("reply")) {
                byte[] received = body.toByteArray();
                reply.write((received.length + " " + PeerRequest.sha256(received)).getBytes(StandardCharsets.US_ASCII));
                RecyclableExchanges.sendResponse(exchange, 200, reply);
                outcomes.add(received.length + " " + PeerRequest.sha256(received));
            } catch (IOException | RuntimeException e) {
                outcomes.add(e);
                throw e;
            }
        });
        // GET or HEAD /download?size=N&status=S: N pattern bytes from a pooled stream
        server.createContext("/download", exchange -> {
            String[] q = exchange.getRequestURI().getQuery().split("&");
            int size = Integer.parseInt(q[0].substring("size=".length()));
            int status = q.length > 1 ? Integer.parseInt(q[1].substring("status=".length())) : 200;
            try (RecyclableOutputStream content = pool.newStream("download")) {
                content.write(PeerBodies.bytes(size));
                RecyclableExchanges.sendResponse(exchange, status, content);
                outcomes.add("sent");
            } catch (IOException | RuntimeException e) {
                outcomes.add(e);
                exchange.close();
            }
        });
        server.start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.stop(0);
        threads.shutdownNow();
        threads.awaitTermination(5, TimeUnit.SECONDS);
    }

    private URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery);
    }

    private Object outcome() throws InterruptedException {
        Object o = outcomes.poll(10, TimeUnit.SECONDS);
        if (o == null) {
            throw new AssertionError("the handler never ended");
        }
        return o;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 65_537, 1 << 20, 5 << 20})
    void aFixedLengthBodyIsReadIntoPooledChunks(int size) throws Exception {
        byte[] data = PeerBodies.bytes(size);
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(uri("/upload?limit=" + (5 << 20)))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(data))
                        .build(),
                BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertEquals(size + " " + PeerRequest.sha256(data), response.body());
        assertEquals(response.body(), outcome());
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aChunkedBodyIsReadIntoPooledChunks() throws Exception {
        byte[] data = PeerBodies.bytes(3 << 20);
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(uri("/upload?limit=" + (3 << 20)))
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(data)))
                        .build(),
                BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertEquals(data.length + " " + PeerRequest.sha256(data), response.body());
        outcome();
        PoolAssertions.assertNothingInUse(pool);
    }

    /** The raw exchange: the request written by hand, the response read byte for byte. */
    private record Wire(String head, byte[] body, boolean closedByServer) {}

    /**
     * Sends {@code head} then {@code body} (on another thread, so that a server that stops reading
     * cannot block the test), reads the response head and the body its Content-Length announces
     * (none for HEAD),
     * then whether the server closes the connection within {@code closeWithinMillis}.
     */
    private Wire exchange(String head, byte[] body, long closeWithinMillis) throws Exception {
        try (Socket socket =
                new Socket(InetAddress.getLoopbackAddress(), server.getAddress().getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            Thread writer = new Thread(() -> {
                try {
                    out.write(head.getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                    out.flush();
                } catch (IOException serverStoppedReading) {
                    // expected when the server refuses the body
                }
            });
            writer.start();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream headBytes = new ByteArrayOutputStream();
            while (!headBytes.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection closed inside the response head: " + headBytes);
                }
                headBytes.write(b);
            }
            String responseHead = headBytes.toString(StandardCharsets.US_ASCII);
            int length = 0;
            for (String line : responseHead.split("\r\n")) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(
                            line.substring("content-length:".length()).strip());
                }
            }
            byte[] responseBody = head.startsWith("HEAD ") ? new byte[0] : in.readNBytes(length);
            boolean closed = false;
            if (closeWithinMillis > 0) {
                socket.setSoTimeout((int) closeWithinMillis);
                try {
                    closed = in.read() < 0;
                } catch (java.net.SocketTimeoutException stillOpen) {
                    closed = false;
                } catch (IOException reset) {
                    closed = true;
                }
            }
            writer.join(10_000);
            return new Wire(responseHead, responseBody, closed);
        }
    }

    @Test
    void aContentLengthOverTheLimitIs413BeforeAnyByteIsRead() throws Exception {
        long leased = pool.stats().chunksLeased();
        // the body is announced, not sent: the server must answer without waiting for it
        Wire wire = exchange(
                "POST /upload?limit=1000 HTTP/1.1\r\nHost: x\r\nContent-Length: 10485760\r\n\r\n", new byte[0], 0);
        assertTrue(wire.head().startsWith("HTTP/1.1 413 "), wire.head());
        assertTrue(wire.head().toLowerCase().contains("connection: close"), wire.head());
        assertTrue(new String(wire.body(), StandardCharsets.US_ASCII).contains("1000"), "the limit is named");
        BufferLimitExceededException e = assertInstanceOf(BufferLimitExceededException.class, outcome());
        assertEquals(10 << 20, e.requestedLength());
        assertEquals(1000, e.limit());
        assertEquals(leased, pool.stats().chunksLeased(), "no chunk was leased for the body");
        PoolAssertions.assertNothingInUse(pool);
    }

    /**
     * A chunked body that grows past the limit: 413, Connection: close, at most the limit plus one
     * chunk read; from JDK 18 the server closes the connection itself (JDK 17 leaves that to the
     * client, which the header tells to).
     */
    @Test
    void aChunkedBodyGrowingPastTheLimitIs413AndTheConnectionCloses() throws Exception {
        ByteArrayOutputStream chunked = new ByteArrayOutputStream();
        byte[] piece = PeerBodies.bytes(4096);
        for (int i = 0; i < 30; i++) {
            chunked.writeBytes(("1000\r\n").getBytes(StandardCharsets.US_ASCII));
            chunked.writeBytes(piece);
            chunked.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        chunked.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        Wire wire = exchange(
                "POST /upload?limit=100000 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
                chunked.toByteArray(),
                Runtime.version().feature() >= 18 ? 5_000 : 0);
        assertTrue(wire.head().startsWith("HTTP/1.1 413 "), wire.head());
        assertTrue(wire.head().toLowerCase().contains("connection: close"), wire.head());
        if (Runtime.version().feature() >= 18) {
            assertTrue(wire.closedByServer(), "the server closed the connection");
        }
        BufferLimitExceededException e = assertInstanceOf(BufferLimitExceededException.class, outcome());
        assertEquals(100_001, e.requestedLength(), "read one byte past the limit, no more");
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void theJdkClientSendingTooMuchNeverSees200() throws Exception {
        byte[] data = PeerBodies.bytes(2 << 20);
        try {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(uri("/upload?limit=" + (1 << 20)))
                            .POST(HttpRequest.BodyPublishers.ofByteArray(data))
                            .build(),
                    BodyHandlers.ofString());
            assertEquals(413, response.statusCode());
        } catch (IOException closedWhileSending) {
            // the JDK client writes the whole body before it reads: it may see the connection close instead
        }
        assertInstanceOf(BufferLimitExceededException.class, outcome());
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void limitsAtTheirExtremes() throws Exception {
        assertEquals(
                "0 " + PeerRequest.sha256(new byte[0]), upload(new byte[0], 0).body());
        outcome();
        assertEquals(413, upload(new byte[1], 0).statusCode());
        assertInstanceOf(BufferLimitExceededException.class, outcome());
        byte[] exact = PeerBodies.bytes(70_000);
        assertEquals(200, upload(exact, 70_000).statusCode());
        outcome();
        assertEquals(200, upload(exact, Long.MAX_VALUE).statusCode());
        outcome();
        PoolAssertions.assertNothingInUse(pool);
    }

    private HttpResponse<String> upload(byte[] data, long limit) throws Exception {
        return client.send(
                HttpRequest.newBuilder(uri("/upload?limit=" + limit))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(data))
                        .build(),
                BodyHandlers.ofString());
    }

    @Test
    void aNegativeLimitIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> RecyclableExchanges.readRequestBody(null, pool, -1));
    }

    @Test
    void aClientThatGoesAwayMidBodyLeavesNothingInUse() throws Exception {
        try (Socket socket =
                new Socket(InetAddress.getLoopbackAddress(), server.getAddress().getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write("POST /upload?limit=10000000 HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(PeerBodies.bytes(100_000));
            out.flush();
        }
        assertInstanceOf(IOException.class, outcome(), "the connection's failure, not a limit");
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void thePoolsStreamCapBelowTheLimitIsAlso413() throws Exception {
        BufferPool capped = BufferPool.builder()
                .maxStreamSize(10_000)
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
        server.createContext("/capped", exchange -> {
            try (RecyclableOutputStream body = RecyclableExchanges.readRequestBody(exchange, capped, 1 << 20)) {
                outcomes.add(body.length());
            } catch (IOException | RuntimeException e) {
                outcomes.add(e);
                throw e;
            }
        });
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(uri("/capped"))
                        .POST(HttpRequest.BodyPublishers.ofInputStream(
                                () -> new ByteArrayInputStream(PeerBodies.bytes(50_000))))
                        .build(),
                BodyHandlers.ofString());
        assertEquals(413, response.statusCode());
        BufferLimitExceededException e = assertInstanceOf(BufferLimitExceededException.class, outcome());
        assertEquals(10_000, e.limit());
        PoolAssertions.assertNothingInUse(capped);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1024, 65_537, 3 << 20})
    void aResponseIsSentFromTheChunksWithItsExactLength(int size) throws Exception {
        HttpResponse<byte[]> response = client.send(
                HttpRequest.newBuilder(uri("/download?size=" + size)).build(), BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode());
        assertEquals(
                String.valueOf(size),
                response.headers().firstValue("content-length").orElseThrow());
        assertTrue(response.headers().firstValue("transfer-encoding").isEmpty(), "not chunked");
        assertArrayEquals(PeerBodies.bytes(size), response.body());
        assertEquals("sent", outcome());
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aHeadRequestGetsTheLengthAndNoBody() throws Exception {
        Wire wire = exchange("HEAD /download?size=5000 HTTP/1.1\r\nHost: x\r\n\r\n", new byte[0], 0);
        assertTrue(wire.head().startsWith("HTTP/1.1 200 "), wire.head());
        assertTrue(wire.head().toLowerCase().contains("content-length: 5000"), wire.head());
        assertEquals("sent", outcome());
        // the next request on the same kind of connection still works: no body bytes were left behind
        HttpResponse<byte[]> after =
                client.send(HttpRequest.newBuilder(uri("/download?size=10")).build(), BodyHandlers.ofByteArray());
        assertEquals(10, after.body().length);
        outcome();
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aStatusWithoutBodyTakesNoContent() throws Exception {
        HttpResponse<byte[]> noContent = client.send(
                HttpRequest.newBuilder(uri("/download?size=0&status=204")).build(), BodyHandlers.ofByteArray());
        assertEquals(204, noContent.statusCode());
        assertEquals("sent", outcome());
        try {
            client.send(
                    HttpRequest.newBuilder(uri("/download?size=10&status=204")).build(), BodyHandlers.ofByteArray());
        } catch (IOException closedWithoutResponse) {
            // the handler refused before sending anything and closed the exchange
        }
        IllegalArgumentException e = assertInstanceOf(IllegalArgumentException.class, outcome());
        assertTrue(e.getMessage().contains("204"), e.getMessage());
        assertNotEquals(null, e);
        PoolAssertions.assertNothingInUse(pool);
    }
}
