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

import static dev.recyclable.buffers.http.testing.Outcomes.mark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import dev.recyclable.buffers.http.testing.Outcomes;
import dev.recyclable.buffers.http.testing.PeerTest;
import dev.recyclable.buffers.http.testing.Transport;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A client shut down under a body (JDK 21+: {@code HttpClient.shutdownNow()} and {@code shutdown()},
 * called by reflection since the code is compiled for 17): in-flight bodies fail or finish, and
 * every chunk goes back. Tagged {@code jdk21}: the build runs it in its JDK 25 test run.
 */
@Tag("jdk21")
class ClientShutdownTest extends PeerTest {
    private HttpClient newClient(Transport transport) {
        return transport == Transport.NODE_HTTP1
                ? peers.newClient(transport.version()).build()
                : peers.newTlsClient(transport.version()).build();
    }

    private static void call(HttpClient client, String method) throws Exception {
        HttpClient.class.getMethod(method).invoke(client);
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP1_TLS", "NODE_HTTP2"})
    void shutdownNowFailsABodyInFlightAndKeepsNothing(Transport transport) throws Exception {
        HttpClient client = newClient(transport);
        String mark = mark();
        CompletableFuture<HttpResponse<RecyclableOutputStream>> future = client.sendAsync(
                HttpRequest.newBuilder(transport.uri(peers, "/stall?sent=150000&" + mark))
                        .build(),
                RecyclableBodyHandler.of(pool, 1 << 20));
        peers.node().awaitLine(l -> l.startsWith("STALLED ") && l.contains(mark), 10_000);
        Outcomes.awaitInUse(pool, inUse -> inUse >= 150_000);
        call(client, "shutdownNow");
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
        assertInstanceOf(IOException.class, e.getCause(), "a client shut down is a failure, not a body");
        assertTrue((boolean)
                HttpClient.class.getMethod("awaitTermination", Duration.class).invoke(client, Duration.ofSeconds(10)));
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP2"})
    void shutdownLetsABodyInFlightFinish(Transport transport) throws Exception {
        HttpClient client = newClient(transport);
        CompletableFuture<HttpResponse<RecyclableOutputStream>> future = client.sendAsync(
                HttpRequest.newBuilder(transport.uri(peers, "/bytes?size=3000000&mode=chunked&piece=16384"))
                        .build(),
                RecyclableBodyHandler.of(pool, 4 << 20));
        call(client, "shutdown");
        try (RecyclableOutputStream body = future.get(10, TimeUnit.SECONDS).body()) {
            assertEquals(3_000_000, body.length());
            assertEquals(-1, PeerBodies.firstMismatch(body));
        }
        call(client, "close");
        PoolAssertions.assertNothingInUse(pool);
    }
}
