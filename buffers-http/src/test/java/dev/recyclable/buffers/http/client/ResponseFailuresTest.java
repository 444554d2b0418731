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
import static dev.recyclable.buffers.http.testing.Outcomes.sendFailsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.LeakDetection;
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
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every way a response body can end badly, against real servers: what the caller sees, what the
 * peer saw (from its log), and that the pool has nothing in use afterwards.
 */
class ResponseFailuresTest extends PeerTest {
    private static final int MIB = 1 << 20;

    private static HttpRequest get(Transport transport, String pathAndQuery) {
        return HttpRequest.newBuilder(transport.uri(peers, pathAndQuery)).build();
    }

    /** The peer's DONE or ABORTED line for the request marked {@code mark}. */
    private static String peerEnd(String mark) throws InterruptedException {
        return peers.node()
                .awaitLine(l -> (l.startsWith("DONE ") || l.startsWith("ABORTED ")) && l.contains(mark + " "), 10_000);
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void aContentLengthOverTheLimitFailsBeforeAnyByteIsStored(Transport transport) throws Exception {
        String mark = mark();
        long leasedBefore = pool.stats().chunksLeased();
        BufferLimitExceededException e = sendFailsWith(
                BufferLimitExceededException.class,
                () -> transport
                        .client(peers)
                        .send(
                                get(transport, "/bytes?size=" + 16 * MIB + "&" + mark),
                                RecyclableBodyHandler.of(pool, MIB)));
        assertEquals(16L * MIB, e.requestedLength(), "the declared length");
        assertEquals(MIB, e.limit());
        assertEquals(leasedBefore, pool.stats().chunksLeased(), "no chunk was ever leased for the body");
        if (transport.isNode()) {
            assertTrue(peerEnd(mark).startsWith("ABORTED "), "the peer could not send its 16 MiB: " + peerEnd(mark));
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void aChunkedBodyGrowingPastTheLimitStopsRightThere(Transport transport) throws Exception {
        String mark = mark();
        BufferLimitExceededException e = sendFailsWith(
                BufferLimitExceededException.class,
                () -> transport
                        .client(peers)
                        .send(
                                get(transport, "/bytes?size=" + 16 * MIB + "&mode=chunked&piece=16384&" + mark),
                                RecyclableBodyHandler.of(pool, MIB)));
        assertTrue(
                e.requestedLength() > MIB && e.requestedLength() <= MIB + 64 * 1024,
                "stopped at the first delivery past the limit: " + e.requestedLength());
        assertEquals(MIB, e.limit());
        if (transport.isNode()) {
            String end = peerEnd(mark);
            assertTrue(end.startsWith("ABORTED "), "the client cancelled: " + end);
            if (transport == Transport.NODE_HTTP2) {
                assertTrue(end.endsWith(" 8"), "the stream was reset with CANCEL (8): " + end);
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixed", "chunked"})
    void limitsAtTheirExtremes(String mode) throws Exception {
        Transport t = Transport.NODE_HTTP1;
        HttpClient client = t.client(peers);
        assertThrows(IllegalArgumentException.class, () -> RecyclableBodyHandler.of(pool, -1));
        assertThrows(IllegalArgumentException.class, () -> RecyclableBodyHandler.of(pool, Long.MIN_VALUE));
        try (RecyclableOutputStream empty = client.send(
                        get(t, "/bytes?size=0&mode=" + mode), RecyclableBodyHandler.of(pool, 0))
                .body()) {
            assertEquals(0, empty.length(), "an empty body fits a limit of 0");
        }
        BufferLimitExceededException one = sendFailsWith(
                BufferLimitExceededException.class,
                () -> client.send(get(t, "/bytes?size=1&mode=" + mode), RecyclableBodyHandler.of(pool, 0)));
        assertEquals(1, one.requestedLength());
        assertEquals(0, one.limit());
        try (RecyclableOutputStream exact = client.send(
                        get(t, "/bytes?size=100000&mode=" + mode), RecyclableBodyHandler.of(pool, 100_000))
                .body()) {
            assertEquals(100_000, exact.length(), "a body exactly at the limit");
            assertEquals(-1, PeerBodies.firstMismatch(exact));
        }
        BufferLimitExceededException byOne = sendFailsWith(
                BufferLimitExceededException.class,
                () -> client.send(get(t, "/bytes?size=100000&mode=" + mode), RecyclableBodyHandler.of(pool, 99_999)));
        assertEquals(99_999, byOne.limit());
        try (RecyclableOutputStream unlimited = client.send(
                        get(t, "/bytes?size=300000&mode=" + mode), RecyclableBodyHandler.of(pool, Long.MAX_VALUE))
                .body()) {
            assertEquals(300_000, unlimited.length());
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void thePoolsStreamCapBelowTheLimitFailsTheSameWay() throws Exception {
        BufferPool capped = BufferPool.builder()
                .maxStreamSize(50_000)
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
        Transport t = Transport.NODE_HTTP1;
        BufferLimitExceededException e = sendFailsWith(
                BufferLimitExceededException.class,
                () -> t.client(peers)
                        .send(get(t, "/bytes?size=200000&mode=chunked"), RecyclableBodyHandler.of(capped, MIB)));
        assertEquals(50_000, e.limit(), "the pool's cap");
        PoolAssertions.assertNothingInUse(capped);
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"JDK_SERVER", "NODE_HTTP1", "NODE_HTTP1_TLS"})
    void aTruncatedBodyFails(Transport transport) throws Exception {
        String path = transport == Transport.JDK_SERVER
                ? "/cut?size=" + MIB + "&sent=65536"
                : "/cut?size=" + MIB + "&sent=65536&how=fin&" + mark();
        IOException e = assertThrows(
                IOException.class,
                () -> transport.client(peers).send(get(transport, path), RecyclableBodyHandler.of(pool, 16 * MIB)));
        assertFalse(e.getCause() instanceof BufferLimitExceededException, "not a limit: " + e);
        PoolAssertions.assertNothingInUse(pool);
    }

    /** A TCP reset (Node can reset only a cleartext socket; over TLS the same route closes without close_notify). */
    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP1_TLS"})
    void aConnectionResetMidBodyFails(Transport transport) throws Exception {
        for (String mode : new String[] {"fixed", "chunked"}) {
            assertThrows(
                    IOException.class,
                    () -> transport
                            .client(peers)
                            .send(
                                    get(transport, "/cut?size=" + MIB + "&sent=100000&how=rst&mode=" + mode),
                                    RecyclableBodyHandler.of(pool, 16 * MIB)),
                    mode);
            PoolAssertions.assertNothingInUse(pool);
        }
    }

    @Test
    void aServerThatDiesMidChunkedBodyFails() throws Exception {
        Transport t = Transport.NODE_HTTP1;
        IOException e = assertThrows(
                IOException.class,
                () -> t.client(peers)
                        .send(
                                get(t, "/cut?size=" + MIB + "&sent=100000&how=fin&mode=chunked"),
                                RecyclableBodyHandler.of(pool, 16 * MIB)));
        assertFalse(e.getCause() instanceof BufferLimitExceededException, "not a limit: " + e);
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixed", "chunked"})
    void anHttp2StreamResetMidBodyFails(String mode) throws Exception {
        Transport t = Transport.NODE_HTTP2;
        IOException e = assertThrows(
                IOException.class,
                () -> t.client(peers)
                        .send(
                                get(t, "/cut?size=" + MIB + "&sent=100000&mode=" + mode),
                                RecyclableBodyHandler.of(pool, 16 * MIB)));
        assertTrue(String.valueOf(e.getMessage()).contains("RST_STREAM"), "the stream reset: " + e);
        PoolAssertions.assertNothingInUse(pool);
        // the connection itself survives a stream reset: the next request on it succeeds
        try (RecyclableOutputStream body = t.client(peers)
                .send(get(t, "/bytes?size=1000"), RecyclableBodyHandler.of(pool, MIB))
                .body()) {
            assertEquals(1000, body.length());
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP1_TLS", "NODE_HTTP2"})
    void theBodyTimeoutEndsAStalledBody(Transport transport) throws Exception {
        String mark = mark();
        RecyclableBodyHandler handler = RecyclableBodyHandler.of(pool, 16 * MIB).withTimeout(Duration.ofMillis(500));
        long start = System.nanoTime();
        assertThrows(
                HttpTimeoutException.class,
                () -> transport.client(peers).send(get(transport, "/stall?sent=100000&" + mark), handler));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= 450 && millis < 8_000, "failed after the timeout, not long after: " + millis + " ms");
        assertTrue(peerEnd(mark).startsWith("ABORTED "), "the client gave the stalled response up");
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void timeoutsAtTheirExtremes() throws Exception {
        RecyclableBodyHandler handler = RecyclableBodyHandler.of(pool, MIB);
        assertTrue(handler.timeout().isEmpty(), "none by default");
        assertThrows(IllegalArgumentException.class, () -> handler.withTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> handler.withTimeout(Duration.ofNanos(-1)));
        assertThrows(NullPointerException.class, () -> handler.withTimeout(null));
        assertTrue(
                handler.withTimeout(ChronoUnit.FOREVER.getDuration()).timeout().isEmpty(), "FOREVER is none");
        assertTrue(
                handler.withTimeout(Duration.ofSeconds(Long.MAX_VALUE))
                        .timeout()
                        .isEmpty(),
                "beyond what nanoseconds count is none");
        assertEquals(
                Duration.ofDays(365 * 200),
                handler.withTimeout(Duration.ofDays(365 * 200)).timeout().orElseThrow());
        Transport t = Transport.NODE_HTTP1;
        // a timeout of one nanosecond: the body fails, whichever side of onSubscribe the timer fires
        for (int i = 0; i < 20; i++) {
            try {
                t.client(peers)
                        .send(get(t, "/bytes?size=100000"), handler.withTimeout(Duration.ofNanos(1)))
                        .body()
                        .close();
            } catch (HttpTimeoutException expected) {
                // the usual outcome
            }
        }
        // a long timeout that never fires: the body arrives and the timer leaves the queue
        try (RecyclableOutputStream body = t.client(peers)
                .send(get(t, "/bytes?size=100000"), handler.withTimeout(Duration.ofDays(365 * 200)))
                .body()) {
            assertEquals(100_000, body.length());
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void theRequestTimeoutBeforeTheHeadersTouchesNoChunk() throws Exception {
        Transport t = Transport.NODE_HTTP1;
        HttpRequest request = HttpRequest.newBuilder(t.uri(peers, "/slow-headers?delay=3000"))
                .timeout(Duration.ofMillis(200))
                .build();
        long leased = pool.stats().chunksLeased();
        assertThrows(
                HttpTimeoutException.class, () -> t.client(peers).send(request, RecyclableBodyHandler.of(pool, MIB)));
        assertEquals(leased, pool.stats().chunksLeased());
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP1_TLS", "NODE_HTTP2"})
    void aFutureCancelledMidBodyGivesEveryChunkBack(Transport transport) throws Exception {
        String mark = mark();
        CompletableFuture<HttpResponse<RecyclableOutputStream>> future = transport
                .client(peers)
                .sendAsync(get(transport, "/stall?sent=200000&" + mark), RecyclableBodyHandler.of(pool, 16 * MIB));
        peers.node().awaitLine(l -> l.startsWith("STALLED ") && l.contains(mark), 10_000);
        Outcomes.awaitInUse(pool, inUse -> inUse >= 200_000); // the partial body sits in pooled chunks
        future.cancel(true);
        Throwable outcome = assertThrows(RuntimeException.class, future::join);
        // the future is cancelled, or failed with the client's CancellationException (JDK 17 over TLS)
        assertTrue(
                outcome instanceof CancellationException || outcome.getCause() instanceof CancellationException,
                "cancelled: " + outcome);
        PoolAssertions.assertNothingInUse(pool);
        assertTrue(peerEnd(mark).startsWith("ABORTED "), "the exchange was cancelled, not left open");
    }

    @Test
    void anAsyncFailureCarriesTheSameCause() throws Exception {
        Transport t = Transport.NODE_HTTP2;
        CompletableFuture<HttpResponse<RecyclableOutputStream>> future = t.client(peers)
                .sendAsync(get(t, "/bytes?size=" + 4 * MIB + "&mode=chunked"), RecyclableBodyHandler.of(pool, MIB));
        ExecutionException e = assertThrows(ExecutionException.class, future::get);
        assertInstanceOf(BufferLimitExceededException.class, e.getCause());
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @ValueSource(strings = {"runtime", "error", "io"})
    void aMapperThatThrowsFailsTheResponseAndKeepsNothing(String kind) throws Exception {
        Throwable thrown = switch (kind) {
            case "runtime" -> new IllegalStateException("the mapper broke");
            case "error" -> new AssertionError("the mapper broke harder");
            default -> new IOException("the mapper could not parse");
        };
        HttpResponse.BodyHandler<String> handler = RecyclableBodyHandler.of(pool, MIB)
                .mapping((response, body) -> {
                    assertEquals(300_000, body.length());
                    if (thrown instanceof IOException io) {
                        throw io;
                    }
                    if (thrown instanceof Error error) {
                        throw error;
                    }
                    throw (RuntimeException) thrown;
                });
        for (Transport t : Transport.values()) {
            IOException e = assertThrows(
                    IOException.class, () -> t.client(peers).send(get(t, "/bytes?size=300000"), handler), t.name());
            assertSame(thrown, e.getCause(), t + ": the mapper's own exception is the cause");
            PoolAssertions.assertNothingInUse(pool);
        }
    }

    @Test
    void aMapperKeepsAViewPastTheCall() throws Exception {
        Transport t = Transport.NODE_HTTP2;
        ByteBufferView kept = t.client(peers)
                .send(
                        get(t, "/bytes?size=150000"),
                        RecyclableBodyHandler.of(pool, MIB).mapping((response, body) -> body.byteBuffers()))
                .body();
        try {
            assertTrue(pool.stats().bytesInUse() >= 150_000, "the view holds the chunks");
            long at = 0;
            for (ByteBuffer b : kept.buffers()) {
                while (b.hasRemaining()) {
                    assertEquals(PeerBodies.at(at++), b.get(), "byte " + (at - 1));
                }
            }
            assertEquals(150_000, at);
        } finally {
            kept.close();
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aMapperReturningTheBodyReturnsAClosedStream() throws Exception {
        Transport t = Transport.NODE_HTTP1;
        RecyclableOutputStream leaked = t.client(peers)
                .send(
                        get(t, "/bytes?size=5000"),
                        RecyclableBodyHandler.of(pool, MIB).mapping((r, body) -> body))
                .body();
        assertTrue(leaked.isClosed(), "closed by the handler: nothing escapes a mapping");
        assertThrows(IllegalStateException.class, () -> leaked.write(1));
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @ValueSource(strings = {"br", "gzip, gzip", "zstd", "compress"})
    void anEncodingThatIsNotDecodedIsRefusedBeforeReading(String encoding) throws Exception {
        Transport t = Transport.NODE_HTTP1;
        long leased = pool.stats().chunksLeased();
        IOException e = sendFailsWith(
                IOException.class,
                () -> t.client(peers)
                        .send(
                                get(t, "/bytes?size=100000&ce=" + encoding.replace(" ", "%20")),
                                RecyclableBodyHandler.of(pool, MIB).withDecoding(true)));
        assertTrue(e.getMessage().contains("Content-Encoding"), e.getMessage());
        assertEquals(leased, pool.stats().chunksLeased());
        // without decoding the same body is stored as it came
        try (RecyclableOutputStream raw = t.client(peers)
                .send(
                        get(t, "/bytes?size=100000&ce=" + encoding.replace(" ", "%20")),
                        RecyclableBodyHandler.of(pool, MIB))
                .body()) {
            assertEquals(-1, PeerBodies.firstMismatch(raw));
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void anErrorStatusStillDeliversItsBody() throws Exception {
        for (Transport t : new Transport[] {Transport.NODE_HTTP1, Transport.NODE_HTTP2}) {
            HttpResponse<RecyclableOutputStream> response =
                    t.client(peers).send(get(t, "/bytes?size=3000&status=503"), RecyclableBodyHandler.of(pool, MIB));
            try (RecyclableOutputStream body = response.body()) {
                assertEquals(503, response.statusCode());
                assertEquals(3000, body.length());
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
