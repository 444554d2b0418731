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
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.DecoderHarness.Chunking;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Autobahn 5.x (fragmentation) in spirit: byte-level frames through every input chunking. */
class FragmentationCasesTest {
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private Recorder server(byte[] wire, Chunking chunking) throws WebSocketProtocolException {
        return DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, chunking);
    }

    /** A text message in two fragments with a Ping between them, from {@code role}'s peer: what arrives. */
    private List<String> pingBetweenFragments(Role role, String first, String ping, String rest, Chunking chunking)
            throws WebSocketProtocolException {
        Frames peer = role == Role.SERVER ? Frames.fromClient() : Frames.fromServer();
        byte[] wire = peer.text(false, first).ping(ping).cont(true, utf8(rest)).build();
        return DecoderHarness.decode(pool, role, WebSocketLimits.DEFAULT, wire, chunking).events;
    }

    private void assertViolation(int code, byte[] wire, Chunking chunking) {
        WebSocketProtocolException e = assertThrows(WebSocketProtocolException.class, () -> server(wire, chunking));
        assertEquals(code, e.closeCode(), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void case5_1_and_5_2_fragmentedPingOrPongIsRejected(Chunking chunking) {
        assertViolation(
                1002,
                Frames.fromClient()
                        .frame(false, Opcodes.PING, utf8("frag"))
                        .frame(true, Opcodes.CONTINUATION, utf8("ment"))
                        .build(),
                chunking);
        assertViolation(
                1002,
                Frames.fromClient().frame(false, Opcodes.PONG, utf8("frag")).build(),
                chunking);
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void case5_3_textInTwoFragments(Chunking chunking) throws Exception {
        Frames frames = Frames.fromClient().text(false, "frag").cont(true, utf8("ment1"));
        assertEquals(List.of("text:fragment1"), server(frames.build(), chunking).events);
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void case5_6_to_5_8_pingBetweenFragmentsIsDeliveredFirstInEitherRole(Chunking chunking) throws Exception {
        assertEquals(
                List.of("ping:ping payload", "text:fragment1"),
                pingBetweenFragments(Role.SERVER, "frag", "ping payload", "ment1", chunking));
        // the client role accepts the server's unmasked frames
        assertEquals(
                List.of("ping:", "text:from server"),
                pingBetweenFragments(Role.CLIENT, "from ", "", "server", chunking));
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void case5_9_to_5_14_continuationWithoutStartIsRejected(Chunking chunking) {
        assertViolation(1002, Frames.fromClient().cont(true, utf8("orphan")).build(), chunking);
        assertViolation(
                1002,
                Frames.fromClient().cont(false, utf8("orphan")).text(true, "x").build(),
                chunking);
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void case5_15_to_5_18_secondStartBeforeFinIsRejected(Chunking chunking) {
        assertViolation(
                1002,
                Frames.fromClient().text(false, "first").text(true, "second").build(),
                chunking);
        assertViolation(
                1002,
                Frames.fromClient()
                        .text(false, "first")
                        .frame(false, Opcodes.BINARY, new byte[3])
                        .build(),
                chunking);
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void case5_19_and_5_20_manyFragmentsWithPingsAndPongsInBetween(Chunking chunking) throws Exception {
        Frames f = Frames.fromClient()
                .text(false, "f1")
                .ping("p1")
                .cont(false, utf8("f2"))
                .frame(true, Opcodes.PONG, utf8("unsolicited"))
                .cont(false, utf8("f3"))
                .ping("p2")
                .cont(false, new byte[0])
                .cont(true, utf8("f5"));
        assertEquals(
                List.of("ping:p1", "pong:unsolicited", "ping:p2", "text:f1f2f3f5"), server(f.build(), chunking).events);
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void binaryMessageInManyFragmentsKeepsEveryByte(Chunking chunking) throws Exception {
        byte[] payload = new byte[70_000];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31 + (i >>> 8));
        }
        Frames f = Frames.fromClient();
        int[] cuts = {0, 1, 125, 126, 300, 65_535 + 300, 65_535 + 301, 70_000};
        for (int i = 0; i + 1 < cuts.length; i++) {
            byte[] part = java.util.Arrays.copyOfRange(payload, cuts[i], cuts[i + 1]);
            f.frame(i + 2 == cuts.length, i == 0 ? Opcodes.BINARY : Opcodes.CONTINUATION, part);
        }
        Recorder r = server(f.build(), chunking);
        assertEquals(1, r.payloads.size());
        assertArrayEquals(payload, r.payloads.get(0));
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void zeroLengthMessagesAndFragments(Chunking chunking) throws Exception {
        Frames frames = Frames.fromClient()
                .text(true, "")
                .frame(true, Opcodes.BINARY, new byte[0])
                .text(false, "")
                .cont(false, new byte[0])
                .cont(true, new byte[0]);
        assertEquals(List.of("text:", "binary:0", "text:"), server(frames.build(), chunking).events);
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void closeInTheMiddleOfAMessageReleasesItsChunksAndEndsInput(Chunking chunking) throws Exception {
        byte[] closeBody = {0x03, (byte) 0xE8, 'b', 'y', 'e'};
        Frames frames = Frames.fromClient()
                .frame(false, Opcodes.BINARY, new byte[5000])
                .frame(true, Opcodes.CLOSE, closeBody)
                .text(true, "after close is ignored");
        assertEquals(List.of("close:1000:bye"), server(frames.build(), chunking).events);
    }

    @ParameterizedTest
    @EnumSource(Chunking.class)
    void directChunkPoolGivesTheSameResult(Chunking chunking) throws Exception {
        BufferPool direct = DecoderHarness.directPool();
        byte[] payload = utf8("κόσμε ".repeat(500));
        byte[] wire = Frames.fromClient()
                .frame(false, Opcodes.TEXT, java.util.Arrays.copyOf(payload, 1001))
                .cont(true, java.util.Arrays.copyOfRange(payload, 1001, payload.length))
                .build();
        Recorder r = DecoderHarness.decode(direct, Role.SERVER, WebSocketLimits.DEFAULT, wire, chunking);
        assertArrayEquals(payload, r.payloads.get(0));
        PoolAssertions.assertNothingInUse(direct);
    }
}
