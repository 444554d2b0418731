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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Limits at their exact values, and the decoder's state between fragments (mutants PIT found surviving). */
class DecoderBoundariesTest {
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingInUse() {
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aMessageOfExactlyTheFragmentLimitIsAcceptedAndOneMoreIsNot() throws Exception {
        WebSocketLimits three = WebSocketLimits.DEFAULT.withMaxFragments(3);
        byte[] exactly = Frames.fromClient()
                .text(false, "a")
                .cont(false, Frames.utf8("b"))
                .cont(true, Frames.utf8("c"))
                .build();
        Recorder r = DecoderHarness.decode(pool, Role.SERVER, three, exactly, DecoderHarness.Chunking.WHOLE);
        assertEquals(List.of("text:abc"), r.events);

        byte[] oneMore = Frames.fromClient()
                .text(false, "a")
                .cont(false, Frames.utf8("b"))
                .cont(false, Frames.utf8("c"))
                .cont(true, Frames.utf8("d"))
                .build();
        WebSocketProtocolException e = assertThrows(
                WebSocketProtocolException.class,
                () -> DecoderHarness.decode(pool, Role.SERVER, three, oneMore, DecoderHarness.Chunking.WHOLE));
        assertEquals(CloseCodes.POLICY_VIOLATION, e.closeCode());
    }

    @Test
    void isInMessageOnlyBetweenTheFirstAndTheFinalFragment() throws Exception {
        Recorder r = new Recorder();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, r)) {
            assertFalse(decoder.isInMessage());
            byte[] first = Frames.fromClient().text(false, "ab").build();
            decoder.feed(first, 0, first.length);
            assertTrue(decoder.isInMessage());
            byte[] last = Frames.fromClient().cont(true, Frames.utf8("c")).build();
            decoder.feed(last, 0, last.length);
            assertFalse(decoder.isInMessage());
        }
        assertEquals(List.of("text:abc"), r.events);
    }

    @Test
    void aCompressedMessageThatEndsItsDeflateStreamIsDeliveredAndTheNextStartsANewOne() throws Exception {
        Frames frames = Frames.fromClient();
        // the second fills the pool's first 64-byte chunk exactly: the inflater's window is full as the stream ends
        for (String text : List.of("first, with a final block", "x".repeat(64))) {
            Deflater finishing = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
            finishing.setInput(Frames.utf8(text));
            finishing.finish(); // BFINAL: the DEFLATE stream ends exactly at the payload's end
            byte[] out = new byte[256];
            int n = finishing.deflate(out);
            assertTrue(finishing.finished());
            finishing.end();
            frames.raw(0x80 | 0x40 | Opcodes.TEXT, java.util.Arrays.copyOf(out, n), true, false);
        }
        PerMessageDeflate deflate = PerMessageDeflate.negotiateAsServer(PerMessageDeflate.NAME, DeflateOptions.DEFAULT)
                .orElseThrow();
        Recorder r = DecoderHarness.decode(
                pool,
                Role.SERVER,
                WebSocketLimits.DEFAULT,
                deflate.newInflater(),
                frames.build(),
                DecoderHarness.Chunking.WHOLE,
                new java.util.Random(1),
                new Recorder());
        assertEquals(List.of("text:first, with a final block", "text:" + "x".repeat(64)), r.events);
    }

    @Test
    void aCompressedFrameLargerThanTheInflatersInputBufferFedWholeInflatesWhole() throws Exception {
        byte[] payload = new byte[20_000]; // incompressible: the compressed frame is over 8 KiB as well
        new java.util.Random(7).nextBytes(payload);
        byte[] compressed = Compression.compress(payload);
        byte[] wire = Frames.fromClient()
                .raw(0x80 | 0x40 | Opcodes.BINARY, compressed, true, false)
                .build();
        PerMessageDeflate deflate = PerMessageDeflate.negotiateAsServer(PerMessageDeflate.NAME, DeflateOptions.DEFAULT)
                .orElseThrow();
        Recorder r = DecoderHarness.decode(
                pool,
                Role.SERVER,
                WebSocketLimits.DEFAULT,
                deflate.newInflater(),
                wire,
                DecoderHarness.Chunking.WHOLE,
                new java.util.Random(1),
                new Recorder());
        assertEquals(1, r.payloads.size());
        org.junit.jupiter.api.Assertions.assertArrayEquals(payload, r.payloads.get(0));
    }
}
