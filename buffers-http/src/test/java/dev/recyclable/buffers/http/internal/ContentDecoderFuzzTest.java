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
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipException;

/**
 * Coverage-guided fuzz targets (Jazzer) for the gzip and deflate decoding of response bodies, the
 * path a server's bytes take when a handler decodes. Each asserts the contract, not only "no crash":
 * only the documented exceptions, the content never past the limit, the pool ending with nothing in
 * use and every idle chunk as new, and the output equal to a reference: the same bytes decoded in
 * one piece, the JDK's GZIPInputStream and InflaterInputStream, or the data that was encoded.
 * Corpora: {@code src/test/resources/dev/recyclable/buffers/http/internal/ContentDecoderFuzzTestInputs/}.
 */
class ContentDecoderFuzzTest {
    private static final BufferPool HEAP = ContentDecoderTest.pool(false);
    private static final BufferPool DIRECT = ContentDecoderTest.pool(true);
    private static final Set<Class<? extends Throwable>> DOCUMENTED =
            Set.of(ZipException.class, EOFException.class, BufferLimitExceededException.class);

    /**
     * Any bytes as a gzip or deflate body, under any limit, cut into any pieces (heap or direct),
     * decode exactly as the same bytes in one piece do; a success is what the JDK's decoder makes
     * of them.
     */
    @FuzzTest(maxDuration = "5m")
    void anyBytesDecodeAsTheyWouldWhole(FuzzedDataProvider data) throws IOException {
        ContentCoding coding = data.consumeBoolean() ? ContentCoding.GZIP : ContentCoding.DEFLATE;
        long limit = data.consumeLong(0, 1 << 16);
        BufferPool pool = data.consumeBoolean() ? DIRECT : HEAP;
        boolean directPieces = data.consumeBoolean();
        int[] cuts = cuts(data);
        byte[] body = data.consumeRemainingAsBytes();

        Decoding whole = Decoding.of(coding, new ByteBuffer[] {ByteBuffer.wrap(body)}, limit, pool);
        Decoding split = Decoding.of(coding, split(body, cuts, directPieces), limit, pool);
        assertTrue(whole.succeeded() || DOCUMENTED.contains(whole.failure()), whole.toString());
        assertTrue(
                whole.sameAs(split) || overTheLimitAndMalformed(whole, split), "whole: " + whole + ", split: " + split);
        if (whole.succeeded()) {
            assertTrue(whole.content().length <= limit, "over the limit");
            if (body.length > 0) {
                byte[] reference = coding == ContentCoding.GZIP
                        ? Encodings.gunzipWithTheJdk(body)
                        : Encodings.inflateWithTheJdk(
                                body,
                                DeflateDecoder.isZlibHeader(body[0] & 0xff, body.length > 1 ? body[1] & 0xff : 0));
                assertArrayEquals(reference, whole.content(), "the JDK's decoder");
            }
        }
        assertPoolAsNew(pool);
    }

    /**
     * Data encoded as servers encode it (gzip in one or more members, with or without header
     * fields; zlib; raw DEFLATE; any level), cut into any pieces, decodes to the data; under a limit,
     * it fails with BufferLimitExceededException exactly when the data is longer.
     */
    @FuzzTest(maxDuration = "5m")
    void encodedBodiesDecodeToTheirData(FuzzedDataProvider data) throws IOException {
        int kind = data.consumeInt(0, 3);
        int level = data.consumeInt(0, 9);
        int members = data.consumeInt(1, 3);
        long limit = data.consumeBoolean() ? Long.MAX_VALUE : data.consumeLong(0, 1 << 16);
        BufferPool pool = data.consumeBoolean() ? DIRECT : HEAP;
        boolean directPieces = data.consumeBoolean();
        int[] cuts = cuts(data);
        byte[] payload = data.consumeRemainingAsBytes();

        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ByteArrayOutputStream encoded = new ByteArrayOutputStream();
        ContentCoding coding = kind < 2 ? ContentCoding.GZIP : ContentCoding.DEFLATE;
        if (coding == ContentCoding.GZIP) {
            for (int m = 0; m < members; m++) {
                byte[] part =
                        Arrays.copyOfRange(payload, payload.length * m / members, payload.length * (m + 1) / members);
                expected.writeBytes(part);
                encoded.writeBytes(
                        kind == 0
                                ? Encodings.gzip(part)
                                : Encodings.gzipWithHeaderFields(
                                        part, new byte[m], "f" + m, m == 1 ? "c" : null, m != 0, false));
            }
        } else {
            expected.writeBytes(payload);
            encoded.writeBytes(Encodings.deflate(payload, kind == 2, level));
        }
        byte[] body = encoded.toByteArray();
        Decoding decoded = Decoding.of(coding, split(body, cuts, directPieces), limit, pool);
        if (expected.size() > limit) {
            assertEquals(BufferLimitExceededException.class, decoded.failure(), decoded.toString());
            assertTrue(decoded.contentAtFailure() <= limit, "over the limit");
        } else {
            assertArrayEquals(expected.toByteArray(), decoded.content(), decoded.toString());
        }
        assertPoolAsNew(pool);
    }

    /**
     * A body both malformed and decoding past the limit before the malformed part may fail either
     * way, as it is cut: zlib goes on through steps that need no output room (the end of a block,
     * the next block's header) after it filled the last byte of room, and a {@code DataFormatException}
     * loses the count of what that call wrote. The limit shows in one decoding and the bad data in
     * the other; each is true of the body.
     */
    private static boolean overTheLimitAndMalformed(Decoding a, Decoding b) {
        return a.failure() == ZipException.class && b.failure() == BufferLimitExceededException.class
                || a.failure() == BufferLimitExceededException.class && b.failure() == ZipException.class;
    }

    /** Up to 8 cut points (sorted offsets into the body to come, possibly repeated). */
    private static int[] cuts(FuzzedDataProvider data) {
        int count = data.consumeInt(0, 8);
        int[] cuts = new int[count];
        for (int i = 0; i < count; i++) {
            cuts[i] = data.consumeInt(0, 1 << 16);
        }
        Arrays.sort(cuts);
        return cuts;
    }

    private static ByteBuffer[] split(byte[] body, int[] cuts, boolean direct) {
        List<ByteBuffer> pieces = new ArrayList<>();
        int from = 0;
        for (int cut : cuts) {
            int to = Math.min(cut, body.length);
            if (to > from) {
                pieces.add(piece(body, from, to, direct));
                from = to;
            }
        }
        if (from < body.length) {
            pieces.add(piece(body, from, body.length, direct));
        }
        return pieces.toArray(new ByteBuffer[0]);
    }

    private static ByteBuffer piece(byte[] body, int from, int to, boolean direct) {
        ByteBuffer b = direct ? ByteBuffer.allocateDirect(to - from) : ByteBuffer.allocate(to - from);
        return b.put(body, from, to - from).flip();
    }

    private static void assertPoolAsNew(BufferPool pool) {
        PoolAssertions.assertNothingInUse(pool, Duration.ZERO);
        IdleChunks.assertAllAsNew(pool);
    }
}
