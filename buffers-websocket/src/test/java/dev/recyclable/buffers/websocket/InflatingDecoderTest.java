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
package dev.recyclable.buffers.websocket;

import static dev.recyclable.buffers.websocket.Frames.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.DecoderHarness.Chunking;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The decoder with permessage-deflate (RFC 7692): RSV1 rules, inflation into chunks, limits on inflated size. */
class InflatingDecoderTest extends TwoPoolsTest {
    private static final int RSV1 = 0x40;
    private static final String MULTI_BYTE = "Grüße, Привет, 你好, 🎉 — ";

    private static PerMessageDeflate agreed(String offer) {
        return PerMessageDeflate.negotiateAsServer(offer, DeflateOptions.DEFAULT)
                .orElseThrow();
    }

    private static Recorder decode(
            BufferPool pool, PerMessageDeflate deflate, WebSocketLimits limits, byte[] wire, Chunking chunking)
            throws WebSocketProtocolException {
        Recorder recorder = new Recorder();
        MessageInflater inflater = deflate.newInflater();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, limits, recorder, inflater)) {
            DecoderHarness.feed(decoder, wire, chunking, new Random(wire.length));
        }
        assertTrue(inflater.isEnded(), "the decoder ends its inflater on close");
        assertEquals(0, deflate.openCodecs());
        return recorder;
    }

    private static String text(int bytesAtLeast) {
        StringBuilder s = new StringBuilder();
        int i = 0;
        while (s.toString().getBytes(StandardCharsets.UTF_8).length < bytesAtLeast) {
            s.append("{\"id\":")
                    .append(i++)
                    .append(",\"name\":\"")
                    .append(MULTI_BYTE)
                    .append("\"},");
        }
        return s.toString();
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void compressedTextInFragmentsWithMultiByteCharacters(Chunking chunking) throws Exception {
        String message = text(20_000);
        byte[] compressed = Compression.compress(utf8(message));
        // fragments cut the compressed bytes anywhere; only the first carries RSV1
        Frames frames = Frames.fromClient();
        int[] cuts = {0, 1, 2, 300, compressed.length / 2, compressed.length - 1, compressed.length};
        for (int i = 0; i + 1 < cuts.length; i++) {
            byte[] part = Arrays.copyOfRange(compressed, cuts[i], cuts[i + 1]);
            boolean fin = i + 2 == cuts.length;
            int first = (fin ? 0x80 : 0) | (i == 0 ? RSV1 | Opcodes.TEXT : Opcodes.CONTINUATION);
            frames.raw(first, part, true, false);
            if (i == 2) {
                frames.ping("mid"); // control frames between compressed fragments stay uncompressed
            }
        }
        for (BufferPool p : List.of(pool, direct)) {
            Recorder r = decode(p, agreed("permessage-deflate"), WebSocketLimits.DEFAULT, frames.build(), chunking);
            assertEquals(List.of("ping:mid", "text:" + message), r.events);
        }
    }

    @Test
    void contextTakeoverAcrossMessagesAndUncompressedMessagesBetween() throws Exception {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        Frames frames = Frames.fromClient();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String m = "message " + (i % 5) + " " + MULTI_BYTE.repeat(20);
            byte[] c = Compression.compress(d, utf8(m));
            frames.raw(0x80 | RSV1 | Opcodes.TEXT, c, true, false);
            expected.add("text:" + m);
            if (i % 10 == 0) {
                frames.text(true, "plain " + i); // RSV1 = 0: sent uncompressed, context untouched
                expected.add("text:plain " + i);
            }
        }
        d.end();
        for (Chunking chunking : Chunking.values()) {
            assertEquals(
                    expected,
                    decode(pool, agreed("permessage-deflate"), WebSocketLimits.DEFAULT, frames.build(), chunking)
                            .events);
        }
    }

    @Test
    void peerWithoutContextTakeoverIsInflatedByAResettingInflater() throws Exception {
        Frames frames = Frames.fromClient();
        String m = MULTI_BYTE.repeat(50);
        for (int i = 0; i < 3; i++) {
            frames.raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(utf8(m)), true, false); // fresh context each
        }
        Recorder r = decode(
                pool,
                agreed("permessage-deflate; client_no_context_takeover"),
                WebSocketLimits.DEFAULT,
                frames.build(),
                Chunking.WHOLE);
        assertEquals(List.of("text:" + m, "text:" + m, "text:" + m), r.events);
    }

    @Test
    void resettingInflaterRefusesAMessageThatReliesOnThePreviousContext() throws Exception {
        // proves the inflater really resets under client_no_context_takeover: the second message
        // refers back into the first one's window, which a reset inflater no longer has
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        String m = MULTI_BYTE.repeat(50);
        byte[] wire = Frames.fromClient()
                .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(d, utf8(m)), true, false)
                .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(d, utf8(m)), true, false)
                .build();
        d.end();
        WebSocketProtocolException e = assertThrows(
                WebSocketProtocolException.class,
                () -> decode(
                        pool,
                        agreed("permessage-deflate; client_no_context_takeover"),
                        WebSocketLimits.DEFAULT,
                        wire,
                        Chunking.WHOLE));
        assertEquals(CloseCodes.INVALID_PAYLOAD, e.closeCode());
        // and with context takeover the same bytes are fine
        assertEquals(
                2,
                decode(pool, agreed("permessage-deflate"), WebSocketLimits.DEFAULT, wire, Chunking.WHOLE)
                        .events
                        .size());
    }

    @Test
    void emptyCompressedMessages() throws Exception {
        // ws sends an empty compressed message as the single byte 00; an empty payload inflates to nothing too
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        byte[] wire = Frames.fromClient()
                .raw(0x80 | RSV1 | Opcodes.BINARY, new byte[] {0}, true, false)
                .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(d, utf8("hello hello")), true, false)
                .raw(0x80 | RSV1 | Opcodes.TEXT, new byte[0], true, false)
                .raw(0x80 | RSV1 | Opcodes.BINARY, new byte[] {0}, true, false)
                .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(d, utf8("hello hello")), true, false)
                .build();
        d.end();
        // the inflater's context survives the empty messages: the last one refers back to the second
        assertEquals(
                List.of("binary:0", "text:hello hello", "text:", "binary:0", "text:hello hello"),
                decode(pool, agreed("permessage-deflate"), WebSocketLimits.DEFAULT, wire, Chunking.BYTE_BY_BYTE)
                        .events);
    }

    @ParameterizedTest
    @ValueSource(ints = {Opcodes.PING, Opcodes.PONG, Opcodes.CLOSE})
    void rsv1OnAControlFrameIs1002(int opcode) {
        byte[] wire = Frames.fromClient()
                .raw(0x80 | RSV1 | opcode, new byte[0], true, false)
                .build();
        assertCode(CloseCodes.PROTOCOL_ERROR, wire);
    }

    @Test
    void rsv1OnAContinuationIs1002() {
        byte[] c = Compression.compress(utf8("hello hello hello"));
        byte[] wire = Frames.fromClient()
                .raw(RSV1 | Opcodes.TEXT, Arrays.copyOf(c, 3), true, false)
                .raw(0x80 | RSV1, Arrays.copyOfRange(c, 3, c.length), true, false)
                .build();
        assertCode(CloseCodes.PROTOCOL_ERROR, wire);
    }

    @ParameterizedTest
    @ValueSource(ints = {0x20, 0x10, 0x60})
    void otherRsvBitsStay1002WithTheExtension(int rsv) {
        assertCode(
                CloseCodes.PROTOCOL_ERROR,
                Frames.fromClient()
                        .raw(0x80 | rsv | Opcodes.TEXT, Compression.compress(utf8("x")), true, false)
                        .build());
    }

    @Test
    void rsv1WithoutTheExtensionStays1002() {
        byte[] wire = Frames.fromClient()
                .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(utf8("x")), true, false)
                .build();
        WebSocketProtocolException e = assertThrows(
                WebSocketProtocolException.class,
                () -> DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.WHOLE));
        assertEquals(CloseCodes.PROTOCOL_ERROR, e.closeCode());
    }

    @Test
    void invalidUtf8InsideCompressedTextIs1007AtTheOffendingChunk() {
        byte[] bad = utf8(text(5000));
        bad[4000] = (byte) 0xFF;
        assertCode(
                CloseCodes.INVALID_PAYLOAD,
                Frames.fromClient()
                        .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(bad), true, false)
                        .build());
        // and a message ending inside a code point
        byte[] cut = Arrays.copyOf(utf8("ab🎉"), 4);
        assertCode(
                CloseCodes.INVALID_PAYLOAD,
                Frames.fromClient()
                        .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(cut), true, false)
                        .build());
    }

    @Test
    void corruptDeflateDataIs1007() {
        byte[] garbage = new byte[64];
        Arrays.fill(garbage, (byte) 0xFF); // BTYPE 11 is reserved: invalid block type
        assertCode(
                CloseCodes.INVALID_PAYLOAD,
                Frames.fromClient()
                        .raw(0x80 | RSV1 | Opcodes.BINARY, garbage, true, false)
                        .build());
    }

    @Test
    void messageExactlyAtTheLimitPassesOneByteMoreFails() throws Exception {
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxMessageSize(10_000);
        byte[] atLimit = new byte[10_000];
        Arrays.fill(atLimit, (byte) 'a');
        byte[] over = Arrays.copyOf(atLimit, 10_001);
        over[10_000] = 'a';
        // direct chunks too: the window narrowed to the limit must be restored before the chunk is reused
        for (Chunking chunking : Chunking.values()) {
            for (BufferPool p : List.of(pool, direct)) {
                Recorder r = decode(
                        p,
                        agreed("permessage-deflate"),
                        limits,
                        Frames.fromClient()
                                .raw(0x80 | RSV1 | Opcodes.BINARY, Compression.compress(atLimit), true, false)
                                .build(),
                        chunking);
                assertEquals(List.of("binary:10000"), r.events);
                WebSocketProtocolException e = assertThrows(
                        WebSocketProtocolException.class,
                        () -> decode(
                                p,
                                agreed("permessage-deflate"),
                                limits,
                                Frames.fromClient()
                                        .raw(0x80 | RSV1 | Opcodes.BINARY, Compression.compress(over), true, false)
                                        .build(),
                                chunking));
                assertEquals(CloseCodes.MESSAGE_TOO_BIG, e.closeCode());
            }
        }
    }

    /**
     * A 1 MiB compressed message that would inflate to 1 GiB, against a 4 MiB limit: 1009, with
     * at most the limit plus one chunk in the pool at the failure, little more allocated on the
     * heap, and nothing in use afterwards.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void decompressionBombFailsWithinTheLimitPlusOneChunk(boolean directChunks) throws Exception {
        int maxChunk = 64 * 1024;
        BufferPool bombPool = BufferPool.builder()
                .minChunkSize(256)
                .maxChunkSize(maxChunk)
                .directChunks(directChunks)
                .maxIdleBytes(256L << 20)
                .leakDetection(LeakDetection.DISABLED)
                .build();
        long limit = 4 << 20;
        byte[] bomb = Compression.zerosBomb(1024);
        assertTrue(bomb.length < 1100 * 1024, "1 GiB compresses to about 1 MiB: " + bomb.length);
        byte[] wire = Frames.fromClient().raw(0x82 | RSV1, bomb, true, false).build();
        WebSocketLimits limits =
                WebSocketLimits.DEFAULT.withMaxMessageSize(limit).withMaxFramePayload(2L << 20);
        PerMessageDeflate deflate = agreed("permessage-deflate");

        // a first bomb on a cold pool: its chunks are allocated, then go back idle
        assertEquals(
                CloseCodes.MESSAGE_TOO_BIG,
                assertThrows(
                                WebSocketProtocolException.class,
                                () -> decode(bombPool, agreed("permessage-deflate"), limits, wire, Chunking.WHOLE))
                        .closeCode());
        long coldPeak = bombPool.stats().bytesIdle();
        // the second is measured: class loading and first-call costs are not the bomb's
        ThreadAllocation.current();
        long allocatedBefore = ThreadAllocation.current();
        WebSocketProtocolException e = assertThrows(
                WebSocketProtocolException.class, () -> decode(bombPool, deflate, limits, wire, Chunking.WHOLE));
        long allocated = ThreadAllocation.current() - allocatedBefore;

        assertEquals(CloseCodes.MESSAGE_TOO_BIG, e.closeCode());
        PoolAssertions.assertNothingInUse(bombPool);
        // every chunk a message held is idle in the pool now: their sum is the peak
        long peak = bombPool.stats().bytesIdle();
        assertTrue(peak >= limit && peak <= limit + maxChunk, "pool peak " + peak);
        assertEquals(coldPeak, peak, "the second bomb reused the first one's chunks and needed no more");
        // heap, warm: the decoder, the inflater's 8 KiB input, the exception (measured about 20 KB)
        assertTrue(allocated < 256 * 1024, "allocated " + allocated + " heap bytes for a 1 GiB bomb");

        assertEquals(0, deflate.openCodecs());
    }

    @Test
    void compressedFramesStillCountAgainstTheLimitAtHeaderTime() {
        // the sum of compressed fragments is checked before inflating, as npm ws does
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxMessageSize(1000);
        byte[] junk = new byte[1001];
        WebSocketProtocolException e = assertThrows(
                WebSocketProtocolException.class,
                () -> decode(
                        pool,
                        agreed("permessage-deflate"),
                        limits,
                        Frames.fromClient()
                                .raw(0x80 | RSV1 | Opcodes.BINARY, junk, true, false)
                                .build(),
                        Chunking.WHOLE));
        assertEquals(CloseCodes.MESSAGE_TOO_BIG, e.closeCode());
    }

    @Test
    @Tag("allocation") // measures the thread's allocation, which mutation testing's coverage probes add to
    void warmDecoderAllocatesNothingPerCompressedMessage() throws Exception {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        byte[] message = utf8(text(16 * 1024));
        byte[] one = Frames.fromClient()
                .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(d, message), true, false)
                .build();
        byte[] next = Frames.fromClient()
                .raw(0x80 | RSV1 | Opcodes.TEXT, Compression.compress(d, message), true, false)
                .build();
        d.end();
        long[] length = new long[1];
        PerMessageDeflate deflate = agreed("permessage-deflate");
        try (WebSocketDecoder decoder = new WebSocketDecoder(
                pool, Role.SERVER, WebSocketLimits.DEFAULT, m -> length[0] += m.length(), deflate.newInflater())) {
            decoder.feed(one, 0, one.length);
            // the same compressed bytes again and again: valid under context takeover after the first
            for (int i = 0; i < 200; i++) {
                decoder.feed(next, 0, next.length);
            }
            long before = ThreadAllocation.current();
            for (int i = 0; i < 100; i++) {
                decoder.feed(next, 0, next.length);
            }
            long perMessage = (ThreadAllocation.current() - before) / 100;
            assertTrue(perMessage < 64, "allocated " + perMessage + " bytes per 16 KiB message");
        }
        assertEquals(301L * message.length, length[0]);
        assertEquals(0, deflate.openCodecs());
    }

    @Test
    void closeEndsTheInflater() {
        PerMessageDeflate deflate = agreed("permessage-deflate");
        MessageInflater inflater = deflate.newInflater();
        assertEquals(1, deflate.openCodecs());
        WebSocketDecoder decoder =
                new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, new Recorder(), inflater);
        assertFalse(inflater.isEnded());
        decoder.close();
        assertTrue(inflater.isEnded());
        assertEquals(0, deflate.openCodecs());
        // a really ended zlib stream refuses work
        inflater.input()[0] = 0;
        try (var s = pool.newStream()) {
            assertThrows(RuntimeException.class, () -> inflater.inflate(1, s, 100, (w, i, n) -> {}));
        }
        decoder.close(); // idempotent
        assertEquals(0, deflate.openCodecs());
    }

    private void assertCode(int code, byte[] wire) {
        for (Chunking chunking : Chunking.values()) {
            WebSocketProtocolException e = assertThrows(
                    WebSocketProtocolException.class,
                    () -> decode(pool, agreed("permessage-deflate"), WebSocketLimits.DEFAULT, wire, chunking));
            assertEquals(code, e.closeCode(), chunking.name() + ": " + e.getMessage());
        }
    }
}
