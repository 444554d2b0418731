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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.DecoderHarness.Chunking;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every violation RFC 6455 names, with the close code the decoder reports (Autobahn 1-4, 7, 9 in spirit). */
class ProtocolViolationsTest {
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private WebSocketProtocolException violation(Role role, WebSocketLimits limits, byte[] wire) {
        WebSocketProtocolException first = null;
        for (Chunking chunking : Chunking.values()) {
            WebSocketProtocolException e = assertThrows(
                    WebSocketProtocolException.class, () -> DecoderHarness.decode(pool, role, limits, wire, chunking));
            if (first == null) {
                first = e;
            } else {
                assertEquals(first.closeCode(), e.closeCode(), chunking.name());
            }
        }
        return first;
    }

    /** What a server-role decoder delivers of {@code wire}, fed whole. */
    private Recorder delivered(byte[] wire) throws WebSocketProtocolException {
        return DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.WHOLE);
    }

    private void assertCode(int code, byte[] wire) {
        assertEquals(code, violation(Role.SERVER, WebSocketLimits.DEFAULT, wire).closeCode());
    }

    @ParameterizedTest
    @ValueSource(ints = {0x40, 0x20, 0x10, 0x70})
    void rsvBitsWithoutExtension(int rsv) {
        assertCode(
                1002,
                Frames.fromClient()
                        .raw(0x80 | rsv | Opcodes.TEXT, utf8("x"), true, false)
                        .build());
        // also on a control frame, and mid-message
        assertCode(
                1002,
                Frames.fromClient()
                        .text(false, "a")
                        .raw(0x80 | rsv | Opcodes.PING, new byte[0], true, false)
                        .build());
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF})
    void reservedOpcodes(int opcode) {
        assertCode(
                1002,
                Frames.fromClient().raw(0x80 | opcode, utf8("x"), true, false).build());
    }

    @Test
    void controlFrameLongerThan125() {
        assertCode(
                1002,
                Frames.fromClient().frame(true, Opcodes.PING, new byte[126]).build());
        assertCode(
                1002,
                Frames.fromClient().frame(true, Opcodes.CLOSE, new byte[200]).build());
    }

    @Test
    void closeBodyOfOneByte() {
        assertCode(
                1002,
                Frames.fromClient()
                        .frame(true, Opcodes.CLOSE, new byte[] {0x03})
                        .build());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535})
    void invalidCloseCodes(int code) {
        assertCode(
                1002,
                Frames.fromClient()
                        .frame(true, Opcodes.CLOSE, new byte[] {(byte) (code >> 8), (byte) code})
                        .build());
    }

    @ParameterizedTest
    @ValueSource(ints = {1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999})
    void validCloseCodesAreDelivered(int code) throws Exception {
        byte[] close = {(byte) (code >> 8), (byte) code};
        assertEquals(
                code,
                delivered(Frames.fromClient().frame(true, Opcodes.CLOSE, close).build()).closeCode);
    }

    @Test
    void emptyCloseMeansNoStatus() throws Exception {
        Recorder r = delivered(
                Frames.fromClient().frame(true, Opcodes.CLOSE, new byte[0]).build());
        assertEquals(CloseCodes.NO_STATUS, r.closeCode);
    }

    @Test
    void closeReasonThatIsNotUtf8() {
        assertCode(
                1007,
                Frames.fromClient()
                        .frame(true, Opcodes.CLOSE, Frames.hex("03e8 ceba eda080"))
                        .build());
    }

    @Test
    void sixtyFourBitLengthWithMostSignificantBitSet() {
        // 0x82, masked 127, then 8 length bytes 0x80.. : no payload needed, the header alone fails
        assertCode(
                1002,
                Frames.fromClient().bytes(0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1).build());
    }

    @Test
    void nonMinimalLengthEncodings() {
        // 16-bit form for a 100-byte payload
        assertCode(1002, Frames.fromClient().bytes(0x82, 0x80 | 126, 0, 100).build());
        // 64-bit form for a 1000-byte payload
        assertCode(
                1002, Frames.fromClient().raw(0x82, new byte[1000], true, true).build());
        // the boundary values are fine
        for (int n : new int[] {125, 126, 65_535, 65_536}) {
            byte[] wire =
                    Frames.fromClient().frame(true, Opcodes.BINARY, new byte[n]).build();
            Recorder r = assertDecodes(wire);
            assertEquals(n, r.payloads.get(0).length);
        }
    }

    private Recorder assertDecodes(byte[] wire) {
        try {
            return DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.RANDOM_SPLITS);
        } catch (WebSocketProtocolException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void maskingMustMatchTheRole() {
        assertEquals(
                1002,
                violation(
                                Role.SERVER,
                                WebSocketLimits.DEFAULT,
                                Frames.fromServer()
                                        .text(true, "unmasked to a server")
                                        .build())
                        .closeCode());
        assertEquals(
                1002,
                violation(
                                Role.CLIENT,
                                WebSocketLimits.DEFAULT,
                                Frames.fromClient()
                                        .text(true, "masked to a client")
                                        .build())
                        .closeCode());
    }

    @Test
    void framePayloadOverTheLimitFailsAtTheHeader() {
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxFramePayload(1000);
        // only the header is on the wire: the decoder must not wait for (or store) the payload
        byte[] header = Frames.fromClient()
                .bytes(0x82, 0x80 | 126, 0x03, 0xE9, 1, 2, 3, 4)
                .build();
        WebSocketProtocolException e = violation(Role.SERVER, limits, header);
        assertEquals(1009, e.closeCode());
        assertTrue(e.getMessage().contains("1001"), e.getMessage());
    }

    @Test
    void hugeDeclaredLengthFailsAtTheHeader() {
        assertCode(
                1009,
                Frames.fromClient()
                        .bytes(0x82, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)
                        .build());
    }

    @Test
    void messageOverTheLimitFailsAtTheHeaderOfTheFragmentThatCrossesIt() {
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxMessageSize(2500);
        byte[] wire = Frames.fromClient()
                .frame(false, Opcodes.BINARY, new byte[1000])
                .cont(false, new byte[1000])
                .bytes(0x00, 0x80 | 126, 0x02, 0x00)
                .build();
        assertEquals(1009, violation(Role.SERVER, limits, wire).closeCode());
    }

    @Test
    void tooManyFragmentsIsAPolicyViolation() {
        WebSocketLimits limits = WebSocketLimits.DEFAULT.withMaxFragments(10);
        Frames f = Frames.fromClient().frame(false, Opcodes.BINARY, new byte[1]);
        for (int i = 0; i < 9; i++) {
            f.cont(false, new byte[0]);
        }
        f.cont(true, new byte[1]);
        assertEquals(1008, violation(Role.SERVER, limits, f.build()).closeCode());
        // exactly at the limit is fine, and pings in between do not count
        Frames ok =
                Frames.fromClient().frame(false, Opcodes.BINARY, new byte[1]).ping("p");
        for (int i = 0; i < 8; i++) {
            ok.cont(false, new byte[0]);
        }
        ok.cont(true, new byte[1]);
        try {
            Recorder r = DecoderHarness.decode(pool, Role.SERVER, limits, ok.build(), Chunking.WHOLE);
            assertEquals(2, r.payloads.get(0).length);
        } catch (WebSocketProtocolException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void poolStreamCapBelowTheMessageLimitStillFailsWith1009() {
        BufferPool capped = dev.recyclable.buffers.BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(1024)
                .maxStreamSize(4096)
                .build();
        byte[] wire =
                Frames.fromClient().frame(true, Opcodes.BINARY, new byte[5000]).build();
        WebSocketProtocolException e = assertThrows(
                WebSocketProtocolException.class,
                () -> DecoderHarness.decode(capped, Role.SERVER, WebSocketLimits.DEFAULT, wire, Chunking.WHOLE));
        assertEquals(1009, e.closeCode());
        PoolAssertions.assertNothingInUse(capped);
    }

    @Test
    void inputAfterAViolationIsIgnored() throws Exception {
        Recorder recorder = new Recorder();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, recorder)) {
            byte[] bad = Frames.fromClient().cont(true, utf8("x")).build();
            assertThrows(WebSocketProtocolException.class, () -> decoder.feed(bad, 0, bad.length));
            byte[] good = Frames.fromClient().text(true, "ignored").build();
            decoder.feed(good, 0, good.length);
        }
        assertTrue(recorder.events.isEmpty());
    }
}
