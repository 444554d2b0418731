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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.benchmarks.JmhDefaults;
import dev.recyclable.buffers.http.client.RecyclableBodyPublisher;
import dev.recyclable.buffers.http.fixtures.NodeHttpPeer;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One POST per operation to the Node.js peer ({@code /sink}: reads the body, answers 204), its body the
 * {@code bodyBytes} of JSON a serializer left in a pooled stream, sent by the JDK client with:
 * <ul>
 *   <li>{@code floor}: {@link PrebuiltBuffersPublisher}, read-only duplicates of buffers made once in setup with
 *       the sizes of the stream's chunks: what the client itself allocates to send the body;</li>
 *   <li>{@code ofByteArray}: {@code BodyPublishers.ofByteArray} of one array made in setup (the JDK copies it into
 *       buffers of its own for every send);</li>
 *   <li>{@code toByteArray}: {@code BodyPublishers.ofByteArray(stream.toByteArray())}, what code without us
 *       writes;</li>
 *   <li>{@code recyclable}: {@link RecyclableBodyPublisher#of} the stream, closed once the exchange is done.</li>
 * </ul>
 * The goal reads {@code gc.alloc.rate.norm} against {@code floor}'s: ours at most 1% of the body above it. Each
 * trial first checks that the peer receives the stream's exact bytes ({@code /digest}).
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(time = 2)
public class HttpRequestBenchmark extends JmhDefaults {
    @Param({"1024", "65536", "1048576", "16777216"})
    public int bodyBytes;

    @Param({"HTTP_1_1", "HTTP_2"})
    public String protocol;

    @Param({"floor", "ofByteArray", "toByteArray", "recyclable"})
    public String publisher;

    private NodeHttpPeer peer;
    private HttpTransport transport;
    private URI sink;
    private BufferPool pool;
    private RecyclableOutputStream content;
    private byte[] preallocated;
    private ByteBuffer[] prebuilt;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        peer = NodeHttpPeer.start(true);
        transport = new HttpTransport(peer, protocol);
        pool = BufferPool.builder().build();
        byte[] json = PeerBodies.json(bodyBytes);
        content = pool.newStream("request-body");
        content.write(json);
        preallocated = json.clone();
        try (ByteBufferView chunks = content.byteBuffers()) {
            prebuilt = new ByteBuffer[chunks.buffers().length];
            for (int i = 0; i < prebuilt.length; i++) {
                ByteBuffer chunk = chunks.buffers()[i];
                prebuilt[i] = ByteBuffer.allocate(chunk.remaining())
                        .put(chunk.duplicate())
                        .flip();
            }
        }
        sink = transport.uri("/sink");
        String expected = bodyBytes + " "
                + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
        String seen = send(transport.uri("/digest"), true);
        if (!expected.equals(seen)) {
            throw new IllegalStateException(
                    publisher + ": the peer received '" + seen + "', expected '" + expected + "'");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        content.close();
        peer.close();
        if (pool.stats().bytesInUse() != 0) {
            throw new IllegalStateException("the pool has bytes in use after the trial: " + pool.stats());
        }
    }

    @Benchmark
    public int post() throws Exception {
        return send(sink, false).length();
    }

    /** Sends the body the way {@link #publisher} does; returns the answer's text when {@code read}, else "ok". */
    private String send(URI uri, boolean read) throws IOException, InterruptedException {
        HttpClient client = transport.client();
        return switch (publisher) {
            case "floor" -> exchange(client, uri, new PrebuiltBuffersPublisher(prebuilt), read);
            case "ofByteArray" -> exchange(client, uri, HttpRequest.BodyPublishers.ofByteArray(preallocated), read);
            case "toByteArray" ->
                exchange(client, uri, HttpRequest.BodyPublishers.ofByteArray(content.toByteArray()), read);
            case "recyclable" -> {
                try (RecyclableBodyPublisher body = RecyclableBodyPublisher.of(content)) {
                    yield exchange(client, uri, body, read);
                }
            }
            default -> throw new IllegalArgumentException("no publisher " + publisher);
        };
    }

    private static String exchange(HttpClient client, URI uri, HttpRequest.BodyPublisher body, boolean read)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).POST(body).build();
        if (read) {
            return client.send(request, BodyHandlers.ofString()).body();
        }
        int status = client.send(request, BodyHandlers.discarding()).statusCode();
        if (status != 204) {
            throw new IllegalStateException("the peer answered " + status);
        }
        return "ok";
    }
}
