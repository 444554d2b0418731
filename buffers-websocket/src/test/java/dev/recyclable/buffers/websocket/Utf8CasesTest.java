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

import static dev.recyclable.buffers.websocket.Frames.hex;
import static dev.recyclable.buffers.websocket.Frames.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.DecoderHarness.Chunking;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Autobahn 6.x (UTF-8 handling) in spirit, including fail-fast detection across frames. */
class Utf8CasesTest {
    private static final String HELLO = "Hello-µ@ßöäüàá-UTF-8!!";
    private static final String KOSME = "κόσμε";
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    /** 6.2.x / 6.3.x: a valid text split at every byte position, so splits fall on and inside code points. */
    @ParameterizedTest
    @ValueSource(strings = {HELLO, KOSME, "\uD834\uDD1E𝄞 four-byte ✓", "\u007F\u0080\u07FF\u0800\uFFFF"})
    void validTextSplitAtEveryPosition(String text) throws Exception {
        byte[] bytes = utf8(text);
        for (int cut = 0; cut <= bytes.length; cut++) {
            byte[] wire = Frames.fromClient()
                    .frame(false, Opcodes.TEXT, Arrays.copyOf(bytes, cut))
                    .ping("mid")
                    .cont(true, Arrays.copyOfRange(bytes, cut, bytes.length))
                    .build();
            Recorder r = DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.BYTE_BY_BYTE);
            assertEquals(List.of("ping:mid", "text:" + text), r.events, "cut at " + cut);
        }
    }

    /** 6.2.4-like: one byte per frame. */
    @Test
    void oneBytePerFrame() throws Exception {
        byte[] bytes = utf8(KOSME);
        Frames f = Frames.fromClient();
        for (int i = 0; i < bytes.length; i++) {
            f.frame(i == bytes.length - 1, i == 0 ? Opcodes.TEXT : Opcodes.CONTINUATION, new byte[] {bytes[i]});
        }
        Recorder r = DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, f.build(), Chunking.WHOLE);
        assertEquals(List.of("text:" + KOSME), r.events);
        assertArrayEquals(bytes, r.payloads.get(0));
    }

    /** 6.1.x: empty fragments around valid text. */
    @Test
    void zeroLengthFragments() throws Exception {
        byte[] wire = Frames.fromClient()
                .text(false, "")
                .cont(false, new byte[0])
                .cont(false, utf8("ab"))
                .cont(false, new byte[0])
                .cont(true, new byte[0])
                .build();
        Recorder r = DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.WHOLE);
        assertEquals(List.of("text:ab"), r.events);
    }

    /** 6.3 / 6.5-6.21 style invalid sequences: overlong, surrogate, beyond U+10FFFF, lone continuation. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "cebae1bdb9cf83cebcceb5eda080656469746564",
                "c0af",
                "e080af",
                "f08080af",
                "eda080",
                "edbfbf",
                "f4908080",
                "f5",
                "ff",
                "80",
                "bf",
                "c2",
                "e0a0",
                "f09080",
                "fe",
                "c0",
                "c1bf",
                "cebae1bdb9cf83cebcceb5f4908080656469746564"
            })
    void invalidSequencesFailWith1007(String hexBytes) {
        for (Chunking chunking : Chunking.values()) {
            byte[] wire =
                    Frames.fromClient().frame(true, Opcodes.TEXT, hex(hexBytes)).build();
            WebSocketProtocolException e = assertThrows(
                    WebSocketProtocolException.class,
                    () -> DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, chunking));
            assertEquals(1007, e.closeCode(), e.getMessage());
        }
    }

    /**
     * 6.4.1-6.4.4: the failure is reported while the frame with the bad bytes arrives, before the
     * rest of the message, even when the message is not finished.
     */
    @ParameterizedTest
    @EnumSource(
            value = Chunking.class,
            names = {"WHOLE", "BYTE_BY_BYTE"})
    void failFastAtTheOffendingFrame(Chunking chunking) throws Exception {
        Recorder recorder = new Recorder();
        byte[] first = Frames.fromClient()
                .frame(false, Opcodes.TEXT, hex("cebae1bdb9cf83cebcceb5"))
                .build();
        byte[] bad = Frames.fromClient().cont(false, hex("f4908080")).build();
        byte[] never = Frames.fromClient().cont(true, utf8("edited")).build();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, recorder)) {
            DecoderHarness.feed(decoder, first, chunking, new java.util.Random(1));
            assertTrue(decoder.isInMessage());
            WebSocketProtocolException e = assertThrows(
                    WebSocketProtocolException.class,
                    () -> DecoderHarness.feed(decoder, bad, chunking, new java.util.Random(1)));
            assertEquals(1007, e.closeCode());
            assertTrue(decoder.isDone());
            PoolAssertions.assertNothingInUse(pool); // released at the failure, not at close()
            DecoderHarness.feed(decoder, never, chunking, new java.util.Random(1)); // ignored
        }
        assertTrue(recorder.events.isEmpty());
    }

    /** 6.4.3-like: the first byte that cannot continue fails, not the end of the frame. */
    @Test
    void failsAtTheFirstImpossibleByteInsideAFrame() {
        byte[] payload = hex("cebae1bdb9cf83cebcceb5f4908080656469746564");
        byte[] wire = Frames.fromClient().frame(true, Opcodes.TEXT, payload).build();
        int headerLength = wire.length - payload.length;
        Recorder recorder = new Recorder();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, recorder)) {
            int badAt = headerLength + 12; // f4 is fine, 0x90 after f4 is impossible
            List<Integer> failedAt = new ArrayList<>();
            for (int i = 0; i < wire.length && failedAt.isEmpty(); i++) {
                try {
                    decoder.feed(wire, i, 1);
                } catch (WebSocketProtocolException e) {
                    assertEquals(1007, e.closeCode());
                    failedAt.add(i);
                }
            }
            assertEquals(List.of(badAt), failedAt);
        }
    }

    @Test
    void textEndingInsideACodePointFails() {
        byte[] wire =
                Frames.fromClient().text(false, "ok").cont(true, hex("e282")).build();
        WebSocketProtocolException e = assertThrows(
                WebSocketProtocolException.class,
                () -> DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.WHOLE));
        assertEquals(1007, e.closeCode());
    }

    @Test
    void binaryMessagesAreNotValidated() throws Exception {
        byte[] wire = Frames.fromClient()
                .frame(true, Opcodes.BINARY, hex("ff fe c0 80"))
                .build();
        Recorder r = DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.WHOLE);
        assertArrayEquals(hex("fffec080"), r.payloads.get(0));
        assertFalse(r.types.contains(MessageType.TEXT));
    }
}
