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

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.PoolStats;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.benchmarks.showcase.Check;
import dev.recyclable.buffers.benchmarks.showcase.ComparisonRow;
import dev.recyclable.buffers.benchmarks.showcase.Measurement;
import dev.recyclable.buffers.benchmarks.showcase.SectionResult;
import dev.recyclable.buffers.benchmarks.showcase.ShowcaseContext;
import dev.recyclable.buffers.benchmarks.showcase.ShowcaseSection;
import dev.recyclable.buffers.http.client.RecyclableBodyHandler;
import dev.recyclable.buffers.http.client.RecyclableBodyPublisher;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP part of the showcase (found by {@code ShowcaseSections} under this class name): the JDK's
 * {@code HttpClient} and the JDK's {@code HttpServer} in-process, HTTP/1.1 over loopback (no server to install),
 * a 1 MiB body of JSON records:
 * <ol>
 *   <li>a response received with {@code BodyHandlers.ofByteArray()} and with our {@code RecyclableBodyHandler};</li>
 *   <li>the same as a {@code String}: {@code ofString()} and our {@code text()};</li>
 *   <li>a request sent from a pooled stream: {@code BodyPublishers.ofByteArray(stream.toByteArray())} and our
 *       {@code RecyclableBodyPublisher}.</li>
 * </ol>
 * and, for scale, the client's floors: {@code BodyHandlers.discarding()} for responses, a publisher of buffers
 * made once for requests. Allocation is summed over the client's threads (the server's are left out: they are
 * not the client's cost); the contenders' rounds take turns. Every body is checked first; the pool must have
 * nothing in use at the end. The same comparison over Node.js, HTTP/2 included, at 1 KiB to 16 MiB is
 * {@code HttpResponseBenchmark} and {@code HttpRequestBenchmark} (BENCHMARKS.md).
 */
public final class HttpShowcaseSection implements ShowcaseSection {
    private static final int BODY = 1 << 20;
    private static final int WARM_UP = 16;
    private static final int ROUNDS = 6;
    private static final int PER_ROUND = 4;
    private static final String SERVER_THREAD = "showcase-http-server";

    /** The goals: what ours may add to the client's floor per exchange. */
    private static final double RESPONSE_OVER_FLOOR = 2048;

    /**
     * What the client's own allocation per exchange moves between two measurements of the same handler
     * (its selector and timer housekeeping falls into one contender's rounds or another's): the response
     * checks allow it on top of the goal, so that a check fails on what the handler allocates, not on when
     * the client's housekeeping ran.
     */
    private static final double CLIENT_VARIATION = 2048;

    private static final double REQUEST_OVER_FLOOR_SHARE = 0.01;

    @Override
    public String name() {
        return "http";
    }

    /** A way to do one exchange, measured against the others. */
    @FunctionalInterface
    private interface Exchange {
        void run() throws Exception;
    }

    @Override
    public SectionResult run(ShowcaseContext context) throws Exception {
        BufferPool pool = BufferPool.shared();
        SectionResult result = new SectionResult();
        byte[] body = PeerBodies.json(BODY);
        String digest =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        ThreadPoolExecutor serverThreads = (ThreadPoolExecutor) Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, SERVER_THREAD);
            t.setDaemon(true);
            return t;
        });
        serverThreads.prestartAllCoreThreads();
        ExecutorService clientThreads = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "showcase-http-client");
            t.setDaemon(true);
            return t;
        });
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(serverThreads);
        server.createContext("/body", exchange -> respond(exchange, 200, body));
        server.createContext("/sink", HttpShowcaseSection::sink);
        server.createContext("/digest", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                byte[] received = in.readAllBytes();
                respond(exchange, 200, (received.length + " " + sha256(received)).getBytes());
            } catch (Exception e) {
                exchange.close();
                throw new IOException(e);
            }
        });
        server.start();
        try (RecyclableOutputStream stream = pool.newStream("showcase-http-request")) {
            stream.write(body);
            // the dispatcher is the server's thread too; it exists once the server has started
            ClientThreadsAllocation allocation = new ClientThreadsAllocation(SERVER_THREAD, "HTTP-Dispatcher");
            HttpClient client = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .executor(clientThreads)
                    .build();
            URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
            HttpRequest get = HttpRequest.newBuilder(base.resolve("/body")).build();
            RecyclableBodyHandler bodies = RecyclableBodyHandler.of(pool, 4 * BODY);
            context.progress("JDK HttpServer in-process on " + base + ", JDK client over HTTP/1.1, 1 MiB of JSON;"
                    + " checking every contender's bytes, then measuring responses and requests");

            checkResponses(result, client, get, bodies, body);
            checkRequests(result, client, base.resolve("/digest"), stream, digest);

            Map<String, Exchange> responses = new LinkedHashMap<>();
            responses.put("discarding (client floor)", () -> client.send(get, BodyHandlers.discarding()));
            responses.put("BodyHandlers.ofByteArray", () -> client.send(get, BodyHandlers.ofByteArray()));
            responses.put("RecyclableBodyHandler", () -> {
                try (RecyclableOutputStream received = client.send(get, bodies).body()) {
                    if (received.length() != BODY) {
                        throw new IllegalStateException("received " + received.length() + " bytes");
                    }
                }
            });
            responses.put("BodyHandlers.ofString", () -> client.send(get, BodyHandlers.ofString()));
            responses.put(
                    "RecyclableBodyHandler.text",
                    () -> client.send(
                            get,
                            bodies.text(
                                    java.nio.charset.StandardCharsets.UTF_8,
                                    java.nio.charset.CodingErrorAction.REPORT)));
            Map<String, Measurement> r = measureInterleaved(context, allocation, responses);

            URI sink = base.resolve("/sink");
            ByteBuffer[] prebuilt = prebuiltCopies(stream);
            Map<String, Exchange> requests = new LinkedHashMap<>();
            requests.put(
                    "prebuilt buffers (client floor)",
                    () -> post(client, sink, new PrebuiltBuffersPublisher(prebuilt)));
            requests.put(
                    "ofByteArray(toByteArray())",
                    () -> post(client, sink, HttpRequest.BodyPublishers.ofByteArray(stream.toByteArray())));
            requests.put("RecyclableBodyPublisher", () -> {
                try (RecyclableBodyPublisher publisher = RecyclableBodyPublisher.of(stream)) {
                    post(client, sink, publisher);
                }
            });
            Map<String, Measurement> q = measureInterleaved(context, allocation, requests);

            result.row(new ComparisonRow(
                    "HTTP 1 MiB response, JDK client",
                    r.get("BodyHandlers.ofByteArray"),
                    r.get("RecyclableBodyHandler")));
            result.row(new ComparisonRow(
                    "HTTP 1 MiB response as a String",
                    r.get("BodyHandlers.ofString"),
                    r.get("RecyclableBodyHandler.text")));
            result.row(new ComparisonRow(
                    "HTTP 1 MiB request from a stream",
                    q.get("ofByteArray(toByteArray())"),
                    q.get("RecyclableBodyPublisher")));
            goals(result, r, q);
        } finally {
            server.stop(0);
            serverThreads.shutdownNow();
            clientThreads.shutdownNow();
            serverThreads.awaitTermination(5, TimeUnit.SECONDS);
            clientThreads.awaitTermination(5, TimeUnit.SECONDS);
        }
        result.check(poolDrained(pool));
        return result;
    }

    private static void goals(SectionResult result, Map<String, Measurement> r, Map<String, Measurement> q) {
        double floor = r.get("discarding (client floor)").bytesPerOp();
        double ours = r.get("RecyclableBodyHandler").bytesPerOp();
        double byteArray = r.get("BodyHandlers.ofByteArray").bytesPerOp();
        result.check(Check.of(
                "http: a 1 MiB response into the pool allocates at most the client's floor plus 2 KiB"
                        + " (and 2 KiB for the client's own variation)",
                ours <= floor + RESPONSE_OVER_FLOOR + CLIENT_VARIATION,
                format(
                        "floor (discarding) %.0f B, ours %.0f B (%+.0f B), ofByteArray %.0f B (%+.0f B)",
                        floor, ours, ours - floor, byteArray, byteArray - floor)));
        double text = r.get("RecyclableBodyHandler.text").bytesPerOp();
        double ofString = r.get("BodyHandlers.ofString").bytesPerOp();
        result.check(Check.of(
                "http: a 1 MiB response as a String allocates the client's floor, the String (1 MiB of ASCII) and"
                        + " at most 2 KiB more (and 2 KiB for the client's own variation)",
                text <= floor + BODY + RESPONSE_OVER_FLOOR + CLIENT_VARIATION,
                format(
                        "ours %.0f B (floor %+.0f B), ofString %.0f B (floor %+.0f B): %.2f of ofString's,"
                                + " %.2f of what it adds to the floor",
                        text,
                        text - floor,
                        ofString,
                        ofString - floor,
                        text / ofString,
                        (text - floor) / (ofString - floor))));
        double requestFloor = q.get("prebuilt buffers (client floor)").bytesPerOp();
        double request = q.get("RecyclableBodyPublisher").bytesPerOp();
        double toByteArray = q.get("ofByteArray(toByteArray())").bytesPerOp();
        result.check(Check.of(
                "http: a 1 MiB request from a pooled stream allocates at most 1% of the body above the client's floor",
                request <= requestFloor + REQUEST_OVER_FLOOR_SHARE * BODY,
                format(
                        "floor %.0f B, ours %.0f B (%+.2f%% of the body), ofByteArray(toByteArray()) %.0f B (%+.0f%%)",
                        requestFloor,
                        request,
                        100 * (request - requestFloor) / BODY,
                        toByteArray,
                        100 * (toByteArray - requestFloor) / BODY)));
        result.note(format(
                "http: the JDK client's own floor for a 1 MiB response over HTTP/1.1 (BodyHandlers.discarding()):"
                        + " %.0f B, %.2fx the body (its read buffers, which it allocates per read and hands"
                        + " over); ofByteArray adds a copy, ofString a copy and the String",
                floor, floor / BODY));
    }

    private static void checkResponses(
            SectionResult result, HttpClient client, HttpRequest get, RecyclableBodyHandler bodies, byte[] body)
            throws Exception {
        byte[] ofByteArray = client.send(get, BodyHandlers.ofByteArray()).body();
        byte[] ours;
        try (RecyclableOutputStream received = client.send(get, bodies).body()) {
            ours = received.toByteArray();
        }
        String expected = new String(body, java.nio.charset.StandardCharsets.US_ASCII);
        boolean textEqual =
                expected.equals(client.send(get, BodyHandlers.ofString()).body())
                        && expected.equals(client.send(
                                        get,
                                        bodies.text(
                                                java.nio.charset.StandardCharsets.UTF_8,
                                                java.nio.charset.CodingErrorAction.REPORT))
                                .body());
        result.check(Check.of(
                "http: every response contender receives the server's 1 MiB, byte for byte",
                Arrays.equals(body, ofByteArray) && Arrays.equals(body, ours) && textEqual,
                "ofByteArray " + Arrays.equals(body, ofByteArray) + ", ours " + Arrays.equals(body, ours)
                        + ", ofString and ours as text " + textEqual));
    }

    private static void checkRequests(
            SectionResult result, HttpClient client, URI digestUri, RecyclableOutputStream stream, String digest)
            throws Exception {
        String expected = BODY + " " + digest;
        String usual = client.send(
                        HttpRequest.newBuilder(digestUri)
                                .POST(HttpRequest.BodyPublishers.ofByteArray(stream.toByteArray()))
                                .build(),
                        BodyHandlers.ofString())
                .body();
        String ours;
        try (RecyclableBodyPublisher publisher = RecyclableBodyPublisher.of(stream)) {
            ours = client.send(HttpRequest.newBuilder(digestUri).POST(publisher).build(), BodyHandlers.ofString())
                    .body();
        }
        String floor = client.send(
                        HttpRequest.newBuilder(digestUri)
                                .POST(new PrebuiltBuffersPublisher(prebuiltCopies(stream)))
                                .build(),
                        BodyHandlers.ofString())
                .body();
        result.check(Check.of(
                "http: the server receives every request contender's 1 MiB, byte for byte (SHA-256)",
                expected.equals(usual) && expected.equals(ours) && expected.equals(floor),
                "expected '" + expected + "'; usual '" + usual + "', ours '" + ours + "', floor '" + floor + "'"));
    }

    /** Heap copies of the stream's chunks, made once, the same sizes: the request floor's buffers. */
    private static ByteBuffer[] prebuiltCopies(RecyclableOutputStream stream) {
        try (ByteBufferView chunks = stream.byteBuffers()) {
            ByteBuffer[] copies = new ByteBuffer[chunks.buffers().length];
            for (int i = 0; i < copies.length; i++) {
                ByteBuffer chunk = chunks.buffers()[i];
                copies[i] = ByteBuffer.allocate(chunk.remaining())
                        .put(chunk.duplicate())
                        .flip();
            }
            return copies;
        }
    }

    private static void post(HttpClient client, URI uri, HttpRequest.BodyPublisher body) throws Exception {
        int status = client.send(HttpRequest.newBuilder(uri).POST(body).build(), BodyHandlers.discarding())
                .statusCode();
        if (status != 204) {
            throw new IllegalStateException("the server answered " + status);
        }
    }

    /**
     * Warms each contender up, then measures them in turns, a round each at a time (starting with a different
     * one each round), so that a change in the machine's load falls on all of them alike.
     */
    private static Map<String, Measurement> measureInterleaved(
            ShowcaseContext context, ClientThreadsAllocation allocation, Map<String, Exchange> contenders)
            throws Exception {
        List<String> labels = List.copyOf(contenders.keySet());
        context.progress("measuring " + labels);
        for (Exchange e : contenders.values()) {
            for (int i = 0; i < WARM_UP; i++) {
                e.run();
            }
        }
        int n = labels.size();
        double[][] nanos = new double[n][ROUNDS];
        long[] allocated = new long[n];
        for (int round = 0; round < ROUNDS; round++) {
            for (int k = 0; k < n; k++) {
                int i = (k + round) % n;
                Exchange e = contenders.get(labels.get(i));
                long before = allocation.allocatedBytes();
                long start = System.nanoTime();
                for (int j = 0; j < PER_ROUND; j++) {
                    e.run();
                }
                nanos[i][round] = (double) (System.nanoTime() - start) / PER_ROUND;
                allocated[i] += allocation.allocatedBytes() - before;
            }
        }
        Map<String, Measurement> results = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            results.put(
                    labels.get(i),
                    Measurement.ofRounds(labels.get(i), (double) allocated[i] / (ROUNDS * PER_ROUND), nanos[i]));
        }
        return results;
    }

    private static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
        try (exchange) {
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static void sink(HttpExchange exchange) throws IOException {
        try (exchange;
                InputStream in = exchange.getRequestBody()) {
            in.transferTo(OutputStream.nullOutputStream());
            exchange.sendResponseHeaders(204, -1);
        }
    }

    private static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    private static Check poolDrained(BufferPool pool) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        PoolStats stats = pool.stats();
        while (stats.bytesInUse() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            stats = pool.stats();
        }
        return Check.of(
                "http: shared pool has no bytes in use after the section",
                stats.bytesInUse() == 0,
                stats.bytesInUse() + " bytes in use");
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
