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
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import dev.recyclable.buffers.http.testing.PeerRequest;
import dev.recyclable.buffers.http.testing.PeerTest;
import dev.recyclable.buffers.http.testing.Transport;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Request bodies sent from pooled chunks to real servers: what the peer received (length, SHA-256,
 * the Content-Length it was told), resends on redirects and authentication retries from the same
 * chunks with a view of them alive across the resend, and every chunk back once the publisher, the
 * stream and the views are closed.
 */
class RequestBodiesTest extends PeerTest {
    private RecyclableOutputStream streamOf(byte[] data) throws IOException {
        RecyclableOutputStream out = pool.newStream("request");
        out.write(data);
        return out;
    }

    private static PeerRequest received(String mark) throws InterruptedException {
        return PeerRequest.parse(
                peers.node().awaitLine(l -> l.startsWith("REQUEST ") && l.contains(mark + " "), 10_000));
    }

    static Stream<Arguments> bodies() {
        List<Arguments> cases = new ArrayList<>();
        for (Transport transport : Transport.values()) {
            for (int size : new int[] {0, 1, 1024, 65_537, 1 << 20, 16 << 20}) {
                cases.add(Arguments.of(transport, size));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} bytes")
    @MethodSource("bodies")
    void thePeerReceivesTheStreamsBytesWithTheirExactLength(Transport transport, int size) throws Exception {
        byte[] data = PeerBodies.bytes(size);
        String mark = mark();
        String path = transport.isNode() ? "/digest?" + mark : "/echo";
        try (RecyclableOutputStream out = streamOf(data);
                RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) {
            assertEquals(size, body.contentLength());
            HttpRequest request = HttpRequest.newBuilder(transport.uri(peers, path))
                    .POST(body)
                    .build();
            assertEquals(size, request.bodyPublisher().orElseThrow().contentLength());
            if (transport.isNode()) {
                HttpResponse<String> response = transport.client(peers).send(request, BodyHandlers.ofString());
                assertEquals(200, response.statusCode());
                assertEquals(transport.version(), response.version());
                PeerRequest seen = received(mark);
                assertEquals(size, seen.length(), "what the peer received");
                assertEquals(PeerRequest.sha256(data), seen.sha256());
                if (size > 0) { // an empty body may go without the header (HTTP/2: the JDK sends none)
                    assertEquals(size, seen.declared(), "the Content-Length the peer was told");
                }
            } else {
                HttpResponse<byte[]> response = transport.client(peers).send(request, BodyHandlers.ofByteArray());
                assertArrayEquals(data, response.body(), "echoed by the JDK's server");
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    /** What the publisher hands the client are read-only views of the chunks: one per chunk, no copy. */
    @Test
    void theClientGetsReadOnlyViewsOfTheChunks() throws Exception {
        byte[] data = PeerBodies.bytes(5 << 20);
        try (RecyclableOutputStream out = streamOf(data);
                RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) {
            for (int round = 0; round < 3; round++) { // every subscription gets the whole body again
                SubscriberProbe probe = new SubscriberProbe(Long.MAX_VALUE);
                long allocatedBefore = ThreadAllocation.bytes();
                body.subscribe(probe);
                long allocated = ThreadAllocation.bytes() - allocatedBefore;
                assertTrue(probe.completed, "completed");
                assertEquals(out.chunkCount(), probe.received.size(), "one buffer per chunk");
                assertTrue(allocated < 64 * 1024, "no copy of the 5 MiB body: " + allocated + " bytes allocated");
                ByteBuffer joined = ByteBuffer.allocate(data.length);
                for (ByteBuffer b : probe.received) {
                    assertTrue(b.isReadOnly(), "read-only");
                    joined.put(b);
                }
                assertArrayEquals(data, joined.array(), "round " + round);
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    /** The publisher shows the content as it was when it was made, whatever the stream does next. */
    @Test
    void theContentIsFrozenForThePublisher() throws Exception {
        byte[] data = PeerBodies.bytes(200_000);
        RecyclableOutputStream out = streamOf(data);
        RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out);
        out.write(new byte[1000]); // written after the view: not the publisher's
        out.reset();
        out.write("another message".getBytes());
        out.close(); // the owner is done with its stream; the publisher holds the content
        String mark = mark();
        Transport t = Transport.NODE_HTTP2;
        HttpResponse<String> response = t.client(peers)
                .send(
                        HttpRequest.newBuilder(t.uri(peers, "/digest?" + mark))
                                .POST(body)
                                .build(),
                        BodyHandlers.ofString());
        assertEquals(200_000 + " " + PeerRequest.sha256(data), response.body());
        assertTrue(pool.stats().bytesInUse() > 0, "the publisher still holds the content");
        body.close();
        body.close(); // idempotent
        PoolAssertions.assertNothingInUse(pool);
    }

    static Stream<Arguments> redirects() {
        return Stream.of(Transport.NODE_HTTP1, Transport.NODE_HTTP1_TLS, Transport.NODE_HTTP2)
                .flatMap(t -> Stream.of(Arguments.of(t, 307), Arguments.of(t, 308)));
    }

    /**
     * A 307 or 308 keeps the method and the body: the client subscribes again and the peer gets the
     * same bytes twice, from the same chunks, while a view of them taken before the exchange stays
     * alive across the resend and after the publisher is closed.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("redirects")
    void aRedirectResendsTheBodyFromTheSameChunks(Transport transport, int code) throws Exception {
        byte[] data = PeerBodies.bytes(300_000);
        String mark = mark();
        HttpClient client = transport == Transport.NODE_HTTP1
                ? peers.newClient(transport.version())
                        .followRedirects(HttpClient.Redirect.NORMAL)
                        .build()
                : peers.newTlsClient(transport.version())
                        .followRedirects(HttpClient.Redirect.NORMAL)
                        .build();
        RecyclableOutputStream out = streamOf(data);
        ByteBufferView view = out.byteBuffers(); // a holder of the same content, alive across the resend
        RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out);
        out.close();
        try {
            HttpRequest request = HttpRequest.newBuilder(
                            transport.uri(peers, "/redirect?code=" + code + "&to=/digest%3F" + mark + "&" + mark))
                    .POST(body)
                    .build();
            HttpResponse<String> response = client.send(request, BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals(data.length + " " + PeerRequest.sha256(data), response.body(), "the final request's body");
            PeerRequest first = PeerRequest.parse(
                    peers.node().awaitLine(l -> l.startsWith("REQUEST POST /redirect") && l.contains(mark), 10_000));
            PeerRequest second = PeerRequest.parse(
                    peers.node().awaitLine(l -> l.startsWith("REQUEST POST /digest?" + mark), 10_000));
            assertEquals(PeerRequest.sha256(data), first.sha256(), "the first send");
            assertEquals(PeerRequest.sha256(data), second.sha256(), "the resend");
            assertEquals(data.length, second.declared(), "the resend's Content-Length");
        } finally {
            body.close();
        }
        assertTrue(pool.stats().bytesInUse() >= data.length, "the view still holds the chunks");
        assertViewShows(view, data);
        view.close();
        PoolAssertions.assertNothingInUse(pool);
    }

    /** A 401 with an Authenticator: the client resends the body with credentials, from the same chunks. */
    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP1_TLS", "NODE_HTTP2"})
    void anAuthenticationRetryResendsTheBody(Transport transport) throws Exception {
        byte[] data = PeerBodies.bytes(100_000);
        String mark = mark();
        Authenticator credentials = new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                return new PasswordAuthentication("rb", "secret".toCharArray());
            }
        };
        HttpClient client = (transport == Transport.NODE_HTTP1
                        ? peers.newClient(transport.version())
                        : peers.newTlsClient(transport.version()))
                .authenticator(credentials)
                .build();
        RecyclableOutputStream out = streamOf(data);
        ByteBufferView view = out.byteBuffers();
        try (RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) {
            out.close();
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(transport.uri(peers, "/auth?" + mark))
                            .POST(body)
                            .build(),
                    BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals(data.length + " " + PeerRequest.sha256(data), response.body());
            // the peer logs a request before it answers, but its output reaches us on a thread of its own
            peers.node().awaitLine(l -> l.startsWith("REQUEST ") && l.contains(mark) && l.contains(" auth "), 10_000);
            List<PeerRequest> seen = peers.node().lines().stream()
                    .filter(l -> l.startsWith("REQUEST ") && l.contains(mark))
                    .map(PeerRequest::parse)
                    .toList();
            assertEquals(2, seen.size(), "the peer saw the body twice: " + seen);
            assertFalse(seen.get(0).authorized(), "first without credentials");
            assertTrue(seen.get(1).authorized(), "then with them");
            for (PeerRequest r : seen) {
                assertEquals(PeerRequest.sha256(data), r.sha256());
                assertEquals(data.length, r.length());
            }
        }
        assertViewShows(view, data);
        view.close();
        PoolAssertions.assertNothingInUse(pool);
    }

    private static void assertViewShows(ByteBufferView view, byte[] data) {
        ByteBuffer joined = ByteBuffer.allocate(data.length);
        for (ByteBuffer b : view.buffers()) {
            joined.put(b.duplicate());
        }
        assertArrayEquals(data, joined.array(), "the view's bytes are the content's");
    }

    @Test
    void aClosedPublisherRefusesNewSubscriptions() throws Exception {
        RecyclableBodyPublisher body;
        try (RecyclableOutputStream out = streamOf(PeerBodies.bytes(10_000))) {
            body = RecyclableBodyPublisher.of(out);
        }
        body.close();
        SubscriberProbe probe = new SubscriberProbe(Long.MAX_VALUE);
        body.subscribe(probe);
        assertInstanceOf(IllegalStateException.class, probe.error);
        assertTrue(probe.received.isEmpty());
        Transport t = Transport.NODE_HTTP1;
        IOException e = assertThrows(
                IOException.class,
                () -> t.client(peers)
                        .send(
                                HttpRequest.newBuilder(t.uri(peers, "/digest"))
                                        .POST(body)
                                        .build(),
                                BodyHandlers.discarding()));
        assertTrue(hasCause(e, IllegalStateException.class), "the closed publisher is the reason: " + e);
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aClosedStreamHasNoPublisher() {
        RecyclableOutputStream out = pool.newStream();
        out.close();
        assertThrows(IllegalStateException.class, () -> RecyclableBodyPublisher.of(out));
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    /** Reactive Streams rules as the client relies on them: demand, bad requests, cancellation, re-entrance. */
    @Test
    void subscriptionsFollowTheirDemand() throws Exception {
        byte[] data = PeerBodies.bytes(300_000);
        try (RecyclableOutputStream out = streamOf(data);
                RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) {
            int chunks = out.chunkCount();
            assertTrue(chunks > 3);
            SubscriberProbe none = new SubscriberProbe(0);
            body.subscribe(none);
            assertTrue(none.received.isEmpty() && !none.completed, "nothing without demand");
            none.subscription.request(2);
            assertEquals(2, none.received.size(), "exactly what was asked");
            none.subscription.request(Long.MAX_VALUE);
            none.subscription.request(Long.MAX_VALUE); // demand saturates, never wraps
            assertEquals(chunks, none.received.size());
            assertTrue(none.completed);

            SubscriberProbe bad = new SubscriberProbe(0);
            body.subscribe(bad);
            bad.subscription.request(0);
            assertInstanceOf(IllegalArgumentException.class, bad.error, "Reactive Streams 3.9");
            SubscriberProbe negative = new SubscriberProbe(0);
            body.subscribe(negative);
            negative.subscription.request(-5);
            assertInstanceOf(IllegalArgumentException.class, negative.error);

            SubscriberProbe cancelling = new SubscriberProbe(1) {
                @Override
                public void onNext(ByteBuffer item) {
                    super.onNext(item);
                    subscription.cancel();
                    subscription.request(5); // after cancel: nothing more
                }
            };
            body.subscribe(cancelling);
            assertEquals(1, cancelling.received.size());
            assertFalse(cancelling.completed);

            SubscriberProbe oneAtATime = new SubscriberProbe(1) {
                @Override
                public void onNext(ByteBuffer item) {
                    super.onNext(item);
                    subscription.request(1); // from inside onNext: no recursion, no lost demand
                }
            };
            body.subscribe(oneAtATime);
            assertEquals(chunks, oneAtATime.received.size());
            assertTrue(oneAtATime.completed);

            SubscriberProbe concurrent = new SubscriberProbe(0);
            body.subscribe(concurrent);
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Thread th = new Thread(() -> {
                    for (int k = 0; k < chunks; k++) {
                        concurrent.subscription.request(1);
                    }
                });
                threads.add(th);
                th.start();
            }
            for (Thread th : threads) {
                th.join();
            }
            assertTrue(concurrent.completed, "every chunk once, in order, from requests on four threads");
            ByteBuffer joined = ByteBuffer.allocate(data.length);
            concurrent.received.forEach(joined::put);
            assertArrayEquals(data, joined.array());
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void anEmptyBodyCompletesAtOnce() throws Exception {
        try (RecyclableOutputStream out = pool.newStream();
                RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) {
            assertEquals(0, body.contentLength());
            SubscriberProbe probe = new SubscriberProbe(0);
            body.subscribe(probe);
            assertTrue(probe.completed, "no demand needed to end an empty body");
        }
    }
}
