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
package dev.recyclable.buffers.http.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.ZipException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Content-Encoding decoder against the JDK's zlib, GZIPOutputStream and GZIPInputStream, with
 * pieces cut anywhere, heap and direct chunks, and every kind of malformed or truncated body.
 */
class ContentDecoderTest {
    private final BufferPool heap = pool(false);
    private final BufferPool direct = pool(true);

    static BufferPool pool(boolean direct) {
        // small chunks, so that bodies span several
        return BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(1024)
                .directChunks(direct)
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
    }

    @AfterEach
    void everyChunkIsBackAsNew() {
        for (BufferPool pool : List.of(heap, direct)) {
            PoolAssertions.assertNothingInUse(pool, Duration.ZERO);
            IdleChunks.assertAllAsNew(pool);
        }
    }

    private Decoding decode(ContentCoding coding, byte[] encoded, int piece, long limit, boolean directChunks) {
        return Decoding.of(coding, Encodings.pieces(encoded, piece, directChunks), limit, directChunks ? direct : heap);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 100, 1000, 16384, 1 << 20})
    void gzipInAnyPiecesDecodesToTheData(int piece) throws IOException {
        for (byte[] data : List.of(new byte[0], PeerBodies.json(50_000), random(70_000, 1))) {
            byte[] encoded = Encodings.gzip(data);
            for (boolean directChunks : new boolean[] {false, true}) {
                Decoding d = decode(ContentCoding.GZIP, encoded, piece, Long.MAX_VALUE, directChunks);
                assertArrayEquals(data, d.content(), d + " with pieces of " + piece);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 1000, 1 << 20})
    void deflateZlibAndRawInAnyPiecesDecodeToTheData(int piece) {
        byte[] data = PeerBodies.json(40_000);
        for (boolean zlib : new boolean[] {true, false}) {
            for (int level : new int[] {0, 1, 6, 9}) {
                byte[] encoded = Encodings.deflate(data, zlib, level);
                Decoding d = decode(ContentCoding.DEFLATE, encoded, piece, Long.MAX_VALUE, piece % 2 == 0);
                assertArrayEquals(data, d.content(), (zlib ? "zlib" : "raw") + " level " + level + ": " + d);
            }
        }
    }

    @Test
    void anEmptyBodyIsEmptyContentInEitherCoding() {
        for (ContentCoding coding : new ContentCoding[] {ContentCoding.GZIP, ContentCoding.DEFLATE}) {
            Decoding d = Decoding.of(coding, new ByteBuffer[0], 0, heap);
            assertArrayEquals(new byte[0], d.content(), coding.name());
        }
    }

    @Test
    void gzipMembersFollowOneAnother() throws IOException {
        byte[] a = PeerBodies.json(3000);
        byte[] b = random(5000, 2);
        byte[] both = concat(Encodings.gzip(a), Encodings.gzip(b), Encodings.gzip(new byte[0]));
        assertArrayEquals(
                concat(a, b),
                decode(ContentCoding.GZIP, both, 11, Long.MAX_VALUE, false).content());
        assertArrayEquals(concat(a, b), Encodings.gunzipWithTheJdk(both), "GZIPInputStream agrees");
    }

    @Test
    void gzipHeaderFieldsAreSkippedAndTheirCrcChecked() throws IOException {
        byte[] data = PeerBodies.json(9000);
        byte[] extra = random(300, 3);
        for (int piece : new int[] {1, 5, 4096}) {
            byte[] all = Encodings.gzipWithHeaderFields(data, extra, "name.json", "a comment", true, false);
            assertArrayEquals(
                    data,
                    decode(ContentCoding.GZIP, all, piece, Long.MAX_VALUE, false)
                            .content());
            assertArrayEquals(data, Encodings.gunzipWithTheJdk(all), "GZIPInputStream agrees");
            byte[] emptyExtra = Encodings.gzipWithHeaderFields(data, new byte[0], null, "", false, false);
            assertArrayEquals(
                    data,
                    decode(ContentCoding.GZIP, emptyExtra, piece, Long.MAX_VALUE, true)
                            .content());
            byte[] badCrc = Encodings.gzipWithHeaderFields(data, extra, "n", null, true, true);
            Decoding d = decode(ContentCoding.GZIP, badCrc, piece, Long.MAX_VALUE, false);
            assertEquals(ZipException.class, d.failure(), d.toString());
            assertTrue(d.message().contains("header CRC"), d.message());
        }
    }

    @Test
    void malformedGzipFailsWithZipException() throws IOException {
        byte[] good = Encodings.gzip(PeerBodies.json(5000));
        assertMalformed(ContentCoding.GZIP, "not in gzip format", new byte[] {0x1f, (byte) 0x8c, 8, 0});
        assertMalformed(ContentCoding.GZIP, "not in gzip format", "<html>".getBytes());
        assertMalformed(ContentCoding.GZIP, "compression method", new byte[] {0x1f, (byte) 0x8b, 7, 0});
        assertMalformed(ContentCoding.GZIP, "reserved", new byte[] {0x1f, (byte) 0x8b, 8, 0x20});
        byte[] badCrc = good.clone();
        badCrc[good.length - 8] ^= 1;
        assertMalformed(ContentCoding.GZIP, "CRC-32", badCrc);
        byte[] badSize = good.clone();
        badSize[good.length - 1] ^= 1;
        assertMalformed(ContentCoding.GZIP, "length", badSize);
        byte[] badData = good.clone();
        badData[12] ^= (byte) 0xff;
        Decoding corrupt = decode(ContentCoding.GZIP, badData, 1000, Long.MAX_VALUE, false);
        assertEquals(ZipException.class, corrupt.failure(), "corrupt DEFLATE data or its CRC: " + corrupt);
        assertMalformed(ContentCoding.GZIP, "not another member", concat(good, "trailing".getBytes()));
        assertMalformed(ContentCoding.GZIP, "not in gzip format", concat(good, new byte[] {0x1f, 0x00}));
    }

    @Test
    void malformedDeflateFailsWithZipException() {
        byte[] zlib = Encodings.deflate(PeerBodies.json(5000), true, 6);
        byte[] badAdler = zlib.clone();
        badAdler[zlib.length - 1] ^= 1;
        assertMalformed(ContentCoding.DEFLATE, "invalid deflate data", badAdler);
        assertMalformed(ContentCoding.DEFLATE, "after the end", concat(zlib, new byte[] {0}));
        byte[] raw = Encodings.deflate(PeerBodies.json(5000), false, 6);
        assertMalformed(ContentCoding.DEFLATE, "after the end", concat(raw, new byte[] {1, 2}));
        // zlib with a preset dictionary, which HTTP has no way to agree on
        Deflater withDictionary = new Deflater();
        try {
            withDictionary.setDictionary("dictionary".getBytes());
            withDictionary.setInput("data data data".getBytes());
            withDictionary.finish();
            byte[] out = new byte[100];
            int n = withDictionary.deflate(out);
            assertMalformed(ContentCoding.DEFLATE, "preset dictionary", Arrays.copyOf(out, n));
        } finally {
            withDictionary.end();
        }
        assertMalformed(ContentCoding.DEFLATE, "invalid deflate data", new byte[] {(byte) 0xff, (byte) 0xff, 1, 2});
    }

    private void assertMalformed(ContentCoding coding, String says, byte[] encoded) {
        for (int piece : new int[] {1, 3, encoded.length}) {
            for (boolean directChunks : new boolean[] {false, true}) {
                Decoding d = decode(coding, encoded, Math.max(1, piece), Long.MAX_VALUE, directChunks);
                assertEquals(ZipException.class, d.failure(), d.toString());
                assertTrue(d.message().contains(says), "'" + says + "' in: " + d.message());
            }
        }
    }

    /** Every proper prefix of a body is truncated (or, at a member's end, a complete body of fewer members). */
    @Test
    void aBodyCutAnywhereFailsWithEofException() {
        byte[] data = PeerBodies.json(2000);
        byte[] oneMember = Encodings.gzipWithHeaderFields(data, new byte[] {1, 2, 3}, "n", "c", true, false);
        for (int cut = 1; cut < oneMember.length; cut++) {
            Decoding d = decode(ContentCoding.GZIP, Arrays.copyOf(oneMember, cut), 7, Long.MAX_VALUE, cut % 2 == 0);
            assertEquals(EOFException.class, d.failure(), "gzip cut at " + cut + ": " + d);
        }
        for (boolean zlib : new boolean[] {true, false}) {
            byte[] deflated = Encodings.deflate(data, zlib, 6);
            for (int cut = 1; cut < deflated.length; cut++) {
                Decoding d = decode(ContentCoding.DEFLATE, Arrays.copyOf(deflated, cut), 5, Long.MAX_VALUE, false);
                assertEquals(EOFException.class, d.failure(), (zlib ? "zlib" : "raw") + " cut at " + cut + ": " + d);
            }
        }
    }

    @Test
    void theLimitStopsDecodingRightPastIt() throws IOException {
        byte[] data = PeerBodies.json(100_000);
        for (ContentCoding coding : new ContentCoding[] {ContentCoding.GZIP, ContentCoding.DEFLATE}) {
            byte[] encoded = coding == ContentCoding.GZIP ? Encodings.gzip(data) : Encodings.deflate(data, true, 6);
            for (boolean directChunks : new boolean[] {false, true}) {
                assertArrayEquals(
                        data,
                        decode(coding, encoded, 999, data.length, directChunks).content(),
                        "exactly at the limit");
                Decoding over = decode(coding, encoded, 999, data.length - 1, directChunks);
                assertEquals(BufferLimitExceededException.class, over.failure(), over.toString());
                assertTrue(over.contentAtFailure() <= data.length - 1, "the content never passes the limit");
                Decoding zero = decode(coding, encoded, 999, 0, directChunks);
                assertEquals(BufferLimitExceededException.class, zero.failure());
                assertEquals(0, zero.contentAtFailure(), "nothing fits a limit of 0");
            }
        }
    }

    /**
     * 1 GiB of zeros in about 1 MiB of gzip (1024 members), and 64 MiB in one zlib stream: with a
     * 1 MiB limit the decoder stops holding at most the limit plus one chunk, having read only the
     * start of the body.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "deflate"})
    void aDecompressionBombStopsAtTheLimitPlusOneChunk(String coding) throws IOException {
        BufferPool pool = BufferPool.builder()
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
        byte[] bomb = coding.equals("gzip") ? gzipOfZeros(1024) : Encodings.deflate(new byte[64 << 20], true, 1);
        long limit = 1 << 20;
        try (RecyclableOutputStream out = pool.newStream("bomb");
                ContentDecoder decoder = ContentCoding.of(List.of(coding)).newDecoder()) {
            long fed = 0;
            BufferLimitExceededException stopped = null;
            for (ByteBuffer piece : Encodings.pieces(bomb, 16384, false)) {
                try {
                    fed += piece.remaining();
                    decoder.decode(piece, out, limit);
                } catch (BufferLimitExceededException e) {
                    stopped = e;
                    break;
                }
            }
            assertTrue(stopped != null, "the bomb was stopped");
            assertEquals(limit, stopped.limit());
            assertTrue(stopped.requestedLength() > limit, stopped.getMessage());
            assertTrue(out.length() <= limit, "the content never passes the limit: " + out.length());
            long inUse = pool.stats().bytesInUse();
            assertTrue(inUse <= limit + pool.maxChunkSize(), "at most the limit plus one chunk: " + inUse);
            assertTrue(fed <= 64 * 1024, "only the start of the body was read: " + fed + " of " + bomb.length);
        }
        PoolAssertions.assertNothingInUse(pool, Duration.ZERO);
    }

    /** {@code members} gzip members of 1 MiB of zeros each. */
    static byte[] gzipOfZeros(int members) throws IOException {
        byte[] member = Encodings.gzip(new byte[1 << 20]);
        ByteArrayOutputStream out = new ByteArrayOutputStream(member.length * members);
        for (int i = 0; i < members; i++) {
            out.writeBytes(member);
        }
        return out.toByteArray();
    }

    /** Differential: for hundreds of generated bodies, what GZIPInputStream and InflaterInputStream decode. */
    @Test
    void agreesWithTheJdksDecodersOnHundredsOfBodies() throws IOException {
        Random random = new Random(37);
        for (int i = 0; i < 300; i++) {
            int length = random.nextInt(i < 200 ? 3000 : 200_000);
            byte[] data = random.nextBoolean() ? random(length, random.nextLong()) : PeerBodies.json(length);
            int piece = 1 + random.nextInt(random.nextBoolean() ? 16 : 20_000);
            boolean directChunks = random.nextBoolean();
            switch (random.nextInt(3)) {
                case 0 -> {
                    byte[] encoded = Encodings.gzip(data);
                    Decoding d = decode(ContentCoding.GZIP, encoded, piece, Long.MAX_VALUE, directChunks);
                    assertArrayEquals(Encodings.gunzipWithTheJdk(encoded), d.content(), "gzip " + i);
                }
                case 1 -> {
                    byte[] encoded = Encodings.deflate(data, true, random.nextInt(10));
                    Decoding d = decode(ContentCoding.DEFLATE, encoded, piece, Long.MAX_VALUE, directChunks);
                    assertArrayEquals(Encodings.inflateWithTheJdk(encoded, true), d.content(), "zlib " + i);
                }
                default -> {
                    byte[] encoded = Encodings.deflate(data, false, random.nextInt(10));
                    Decoding d = decode(ContentCoding.DEFLATE, encoded, piece, Long.MAX_VALUE, directChunks);
                    assertArrayEquals(Encodings.inflateWithTheJdk(encoded, false), d.content(), "raw " + i);
                }
            }
        }
    }

    @Test
    void contentEncodingHeaders() throws IOException {
        assertEquals(ContentCoding.IDENTITY, ContentCoding.of(List.of()));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.of(List.of("identity", "")));
        assertEquals(ContentCoding.GZIP, ContentCoding.of(List.of("GZip")));
        assertEquals(ContentCoding.GZIP, ContentCoding.of(List.of("x-gzip")));
        assertEquals(ContentCoding.GZIP, ContentCoding.of(List.of("identity, gzip")));
        assertEquals(ContentCoding.DEFLATE, ContentCoding.of(List.of(" deflate ")));
        assertThrows(IOException.class, () -> ContentCoding.of(List.of("br")));
        assertThrows(IOException.class, () -> ContentCoding.of(List.of("gzip", "deflate")));
        assertThrows(IOException.class, () -> ContentCoding.of(List.of("deflate, gzip")));
        assertNull(ContentCoding.IDENTITY.newDecoder());
        try (ContentDecoder g = ContentCoding.GZIP.newDecoder();
                ContentDecoder d = ContentCoding.DEFLATE.newDecoder()) {
            assertEquals("gzip encoding", g.toString());
            assertEquals("deflate encoding", d.toString());
        }
    }

    @Test
    void deflateTellsZlibFromRawByItsHeader() {
        assertTrue(DeflateDecoder.isZlibHeader(0x78, 0x9c));
        assertTrue(DeflateDecoder.isZlibHeader(0x78, 0x01));
        assertTrue(DeflateDecoder.isZlibHeader(0x78, 0xda));
        assertTrue(DeflateDecoder.isZlibHeader(0x08, 0x1d));
        assertTrue(!DeflateDecoder.isZlibHeader(0x78, 0x9d), "FCHECK");
        assertTrue(!DeflateDecoder.isZlibHeader(0x88, 0x98), "a 64 KiB window is not zlib");
        assertTrue(!DeflateDecoder.isZlibHeader(0x79, 0x9c), "method 9");
    }

    private static byte[] random(int length, long seed) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
