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
package dev.recyclable.buffers.http.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import dev.recyclable.buffers.http.testing.PeerTest;
import dev.recyclable.buffers.http.testing.Transport;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Response bodies received into pooled chunks from real servers (the JDK's HttpServer in-process,
 * Node's http and http2 over TLS), fixed-length and chunked, from empty to 16 MiB: the content is
 * the peer's bytes through every view the core offers, and every chunk goes back once the caller
 * closes the stream.
 */
class ResponseBodiesTest extends PeerTest {
    static Stream<Arguments> bodies() {
        List<Arguments> cases = new ArrayList<>();
        for (Transport transport : Transport.values()) {
            for (int size : new int[] {0, 1, 1024, 65_537, 1 << 20, 16 << 20}) {
                for (String mode : new String[] {"fixed", "chunked"}) {
                    cases.add(Arguments.of(transport, size, mode));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} bytes {2}")
    @MethodSource("bodies")
    void theBodyArrivesWholeInPooledChunks(Transport transport, int size, String mode) throws Exception {
        HttpClient client = transport.client(peers);
        HttpRequest request = HttpRequest.newBuilder(transport.uri(peers, "/bytes?size=" + size + "&mode=" + mode))
                .build();
        HttpResponse<RecyclableOutputStream> response = client.send(request, RecyclableBodyHandler.of(pool, 16 << 20));
        assertEquals(transport.version(), response.version(), "the protocol the transport is about");
        try (RecyclableOutputStream body = response.body()) {
            assertEquals(200, response.statusCode());
            assertEquals(size, body.length());
            assertEquals(-1, PeerBodies.firstMismatch(body), "the first byte that differs from the peer's");
            assertTrue(pool.stats().bytesInUse() >= size, "the body is in the pool's chunks");
            if (size <= 1 << 20) {
                byte[] expected = PeerBodies.bytes(size);
                ByteArrayOutputStream written = new ByteArrayOutputStream();
                body.writeTo(written);
                assertArrayEquals(expected, written.toByteArray(), "writeTo");
                try (ByteBufferView view = body.byteBuffers()) {
                    ByteBuffer joined = ByteBuffer.allocate(size);
                    for (ByteBuffer b : view.buffers()) {
                        joined.put(b.duplicate());
                    }
                    assertArrayEquals(expected, joined.array(), "byteBuffers");
                }
                assertEquals(
                        new String(expected, StandardCharsets.ISO_8859_1),
                        body.toString(StandardCharsets.ISO_8859_1),
                        "toString(charset)");
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    /** Many bodies at once on one client, one handler: each its own stream, all back afterwards. */
    @Test
    void concurrentBodiesOnOneHandler() throws Exception {
        RecyclableBodyHandler handler = RecyclableBodyHandler.of(pool, 1 << 20);
        List<CompletableFuture<HttpResponse<RecyclableOutputStream>>> futures = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            Transport transport = Transport.values()[i % Transport.values().length];
            int size = 1000 * (i + 1);
            futures.add(transport
                    .client(peers)
                    .sendAsync(
                            HttpRequest.newBuilder(transport.uri(peers, "/bytes?size=" + size))
                                    .build(),
                            handler));
        }
        for (int i = 0; i < futures.size(); i++) {
            try (RecyclableOutputStream body = futures.get(i).get().body()) {
                assertEquals(1000L * (i + 1), body.length());
                assertEquals(-1, PeerBodies.firstMismatch(body));
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
