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
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import dev.recyclable.buffers.http.testing.PeerTest;
import dev.recyclable.buffers.http.testing.Transport;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compressed and text bodies from the Node.js peer, whose zlib encodes them and whose bytes the
 * JDK's own {@code BodyHandlers.ofString()} decodes as the reference: content, failures, limits,
 * decompression bombs, and the pool empty after each.
 */
class DecodingAndTextTest extends PeerTest {
    private static final int MIB = 1 << 20;
    private static final Transport[] NODE = {Transport.NODE_HTTP1, Transport.NODE_HTTP1_TLS, Transport.NODE_HTTP2};

    static Stream<Arguments> encodedBodies() {
        List<Arguments> cases = new ArrayList<>();
        for (Transport t : NODE) {
            for (String encoding : new String[] {"gzip", "deflate", "rawdeflate"}) {
                for (int size : new int[] {0, 100, 200_000, 3 * MIB}) {
                    cases.add(Arguments.of(t, encoding, size, size % 2 == 0 ? "chunked" : "fixed"));
                }
            }
        }
        return cases.stream();
    }

    /** Node's zlib encodes the pattern (random-looking bytes) or the echoed text; ours decodes it in pooled chunks. */
    @ParameterizedTest(name = "{0} {1} {2} bytes {3}")
    @MethodSource("encodedBodies")
    void nodesZlibDecodesToTheOriginal(Transport transport, String encoding, int size, String mode) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(transport.uri(
                        peers, "/bytes?size=" + size + "&encoding=" + encoding + "&mode=" + mode + "&piece=1000"))
                .header("Accept-Encoding", "gzip, deflate")
                .build();
        HttpResponse<RecyclableOutputStream> response = transport
                .client(peers)
                .send(request, RecyclableBodyHandler.of(pool, 4 * MIB).withDecoding(true));
        try (RecyclableOutputStream body = response.body()) {
            assertEquals(size, body.length());
            assertEquals(-1, PeerBodies.firstMismatch(body));
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP2"})
    void textThatCompressesWellDecodesAndWithoutDecodingStaysCompressed(Transport transport) throws Exception {
        byte[] text = PeerBodies.json(2 * MIB);
        HttpRequest request = HttpRequest.newBuilder(transport.uri(peers, "/echo?encoding=gzip&level=9"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(text))
                .build();
        try (RecyclableOutputStream decoded = transport
                .client(peers)
                .send(request, RecyclableBodyHandler.of(pool, 4 * MIB).withDecoding(true))
                .body()) {
            assertArrayEquals(text, decoded.toByteArray());
        }
        try (RecyclableOutputStream raw = transport
                .client(peers)
                .send(request, RecyclableBodyHandler.of(pool, 4 * MIB))
                .body()) {
            assertTrue(raw.length() < text.length / 5, "stored as received, compressed: " + raw.length());
            assertArrayEquals(
                    text,
                    java.util.zip.GZIPInputStream.class
                            .getConstructor(java.io.InputStream.class)
                            .newInstance(raw.newInputStream())
                            .readAllBytes());
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    /**
     * Node streams 1 GiB of zeros gzip- or deflate-compressed (about 1 MiB on the wire): the decoded
     * limit stops it at once, the caller sees the limit, and the peer sees the client go.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("bombs")
    void aDecompressionBombIsStoppedAtTheLimit(Transport transport, String encoding) throws Exception {
        String mark = mark();
        BufferLimitExceededException e = sendFailsWith(
                BufferLimitExceededException.class,
                () -> transport
                        .client(peers)
                        .send(
                                HttpRequest.newBuilder(transport.uri(
                                                peers, "/bomb?size=1073741824&encoding=" + encoding + "&" + mark))
                                        .build(),
                                RecyclableBodyHandler.of(pool, 4 * MIB).withDecoding(true)));
        assertEquals(4 * MIB, e.limit());
        assertTrue(e.getMessage().contains("decoded"), e.getMessage());
        String end = peers.node()
                .awaitLine(l -> (l.startsWith("DONE ") || l.startsWith("ABORTED ")) && l.contains(mark), 15_000);
        assertTrue(end.startsWith("ABORTED "), "the client stopped reading the bomb: " + end);
        PoolAssertions.assertNothingInUse(pool);
    }

    static Stream<Arguments> bombs() {
        return Stream.of(NODE).flatMap(t -> Stream.of(Arguments.of(t, "gzip"), Arguments.of(t, "deflate")));
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"NODE_HTTP1", "NODE_HTTP2"})
    void malformedAndTruncatedEncodingsFail(Transport transport) throws Exception {
        byte[] gzip = gzip(PeerBodies.json(300_000));
        // a body that says gzip and is not
        ZipException notGzip =
                sendFailsWith(ZipException.class, () -> echo(transport, "ce=gzip", "plain text".getBytes(), MIB));
        assertTrue(notGzip.getMessage().contains("gzip"), notGzip.getMessage());
        // a gzip body cut short: complete HTTP, incomplete encoding
        sendFailsWith(EOFException.class, () -> echo(transport, "ce=gzip", Arrays.copyOf(gzip, gzip.length / 2), MIB));
        // a flipped bit in the data
        byte[] corrupt = gzip.clone();
        corrupt[gzip.length - 6] ^= 1;
        sendFailsWith(ZipException.class, () -> echo(transport, "ce=gzip", corrupt, MIB));
        // the encoded body itself over the limit, before decoding (random bytes do not compress: the
        // encoded bytes run ahead of the decoded ones)
        byte[] incompressible = new byte[300_000];
        new java.util.Random(37).nextBytes(incompressible);
        byte[] stored = gzip(incompressible);
        BufferLimitExceededException wire = sendFailsWith(
                BufferLimitExceededException.class, () -> echo(transport, "ce=gzip&mode=chunked", stored, 100_000));
        assertTrue(wire.getMessage().contains("before decoding"), wire.getMessage());
        PoolAssertions.assertNothingInUse(pool);
    }

    private RecyclableOutputStream echo(Transport transport, String query, byte[] body, long limit)
            throws IOException, InterruptedException {
        return transport
                .client(peers)
                .send(
                        HttpRequest.newBuilder(transport.uri(peers, "/echo?" + query))
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                                .build(),
                        RecyclableBodyHandler.of(pool, limit).withDecoding(true))
                .body();
    }

    static Stream<Arguments> texts() {
        List<Arguments> cases = new ArrayList<>();
        String[] contentTypes = {
            "text/plain; charset=utf-8",
            "text/plain;charset=\"ISO-8859-1\"",
            "application/json",
            "text/html; charset=UTF-16",
            "text/plain; charset=windows-1252",
            "text/plain; charset=Shift_JIS"
        };
        for (Transport t : new Transport[] {Transport.NODE_HTTP1, Transport.NODE_HTTP2}) {
            for (String type : contentTypes) {
                cases.add(Arguments.of(t, type));
            }
        }
        return cases.stream();
    }

    /**
     * The JDK's {@code ofString()} is the reference: the same bytes with the same Content-Type decode to
     * the same String, through bodies of one chunk and of many, text and random bytes (replaced).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("texts")
    void textDecodesAsOfStringDoes(Transport transport, String contentType) throws Exception {
        Charset declared = contentType.contains("charset")
                ? Charset.forName(contentType.replaceAll(".*charset=\"?([^\"]+)\"?", "$1"))
                : StandardCharsets.UTF_8;
        List<byte[]> bodies = List.of(
                new byte[0],
                "héllo wörld – 中文 😀".getBytes(declared),
                mixedText(300_000).getBytes(declared),
                PeerBodies.bytes(100_000));
        HttpResponse.BodyHandler<String> ours =
                RecyclableBodyHandler.of(pool, 4 * MIB).text(StandardCharsets.UTF_8, CodingErrorAction.REPLACE);
        for (byte[] body : bodies) {
            HttpRequest request = HttpRequest.newBuilder(transport.uri(
                            peers, "/echo?type=" + URLEncoder.encode(contentType, StandardCharsets.UTF_8)))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            String expected = transport
                    .client(peers)
                    .send(request, BodyHandlers.ofString())
                    .body();
            assertEquals(expected, transport.client(peers).send(request, ours).body(), body.length + " bytes");
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void strictTextFailsOnMalformedInputAndOnUnknownCharsets() throws Exception {
        Transport t = Transport.NODE_HTTP2;
        byte[] broken = mixedText(50_000).getBytes(StandardCharsets.UTF_8);
        broken[25_000] = (byte) 0xff;
        HttpResponse.BodyHandler<String> strict =
                RecyclableBodyHandler.of(pool, MIB).text(StandardCharsets.UTF_8, CodingErrorAction.REPORT);
        HttpRequest malformed = HttpRequest.newBuilder(t.uri(peers, "/echo?type=text/plain;charset=utf-8"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(broken))
                .build();
        sendFailsWith(CharacterCodingException.class, () -> t.client(peers).send(malformed, strict));
        String replaced = t.client(peers)
                .send(
                        malformed,
                        RecyclableBodyHandler.of(pool, MIB).text(StandardCharsets.UTF_8, CodingErrorAction.REPLACE))
                .body();
        assertEquals(new String(broken, StandardCharsets.UTF_8), replaced);
        String ignored = t.client(peers)
                .send(
                        malformed,
                        RecyclableBodyHandler.of(pool, MIB).text(StandardCharsets.UTF_8, CodingErrorAction.IGNORE))
                .body();
        assertEquals(replaced.length() - 1, ignored.length(), "one malformed byte dropped");
        // a literal U+FFFD is text, not an error
        byte[] literal = "a\uFFFDb".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                "a\uFFFDb",
                t.client(peers)
                        .send(
                                HttpRequest.newBuilder(t.uri(peers, "/echo"))
                                        .POST(HttpRequest.BodyPublishers.ofByteArray(literal))
                                        .build(),
                                strict)
                        .body());
        // a charset this JVM does not know: strict fails before reading, lenient takes the default
        HttpRequest unknown = HttpRequest.newBuilder(t.uri(peers, "/echo?type=text/plain;charset=x-no-such"))
                .POST(HttpRequest.BodyPublishers.ofByteArray("abc".getBytes()))
                .build();
        long leased = pool.stats().chunksLeased();
        IOException e = sendFailsWith(IOException.class, () -> t.client(peers).send(unknown, strict));
        assertTrue(e.getMessage().contains("x-no-such"), e.getMessage());
        assertEquals(leased, pool.stats().chunksLeased(), "refused before reading");
        assertEquals(
                "abc",
                t.client(peers)
                        .send(
                                unknown,
                                RecyclableBodyHandler.of(pool, MIB)
                                        .text(StandardCharsets.UTF_8, CodingErrorAction.REPLACE))
                        .body());
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void textOverTheLimitFailsLikeAnyBody() throws Exception {
        Transport t = Transport.NODE_HTTP1;
        BufferLimitExceededException e = sendFailsWith(
                BufferLimitExceededException.class,
                () -> t.client(peers)
                        .send(
                                HttpRequest.newBuilder(t.uri(peers, "/bytes?size=500000&mode=chunked"))
                                        .build(),
                                RecyclableBodyHandler.of(pool, 100_000)
                                        .text(StandardCharsets.ISO_8859_1, CodingErrorAction.REPORT)));
        assertEquals(100_000, e.limit());
        assertInstanceOf(BufferLimitExceededException.class, e);
        PoolAssertions.assertNothingInUse(pool);
    }

    static String mixedText(int chars) {
        String alphabet = "abc xyz{}\":,0123456789éüßЖж中文字€";
        StringBuilder b = new StringBuilder(chars);
        for (int i = 0; b.length() < chars; i++) {
            b.append(alphabet.charAt((int) ((i * 7919L) % alphabet.length())));
        }
        return b.toString();
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }
}
