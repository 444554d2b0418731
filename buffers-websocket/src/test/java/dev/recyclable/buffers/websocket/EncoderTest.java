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
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The encoder against RFC 6455 section 5.7's examples and against the decoder. */
class EncoderTest {
    /** Always the RFC's example key 0x37fa213d. */
    private static final RandomGenerator RFC_KEY = () -> 0x37fa213dL << 32;

    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private byte[] encode(Role role, long fragmentSize, MessageType type, byte[] payload) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RecyclableOutputStream s = pool.newStream()) {
            s.write(payload);
            new WebSocketEncoder(role, fragmentSize, RFC_KEY).writeMessage(type, s, out);
        }
        return out.toByteArray();
    }

    @Test
    void rfcExamples() throws Exception {
        byte[] hello = Frames.utf8("Hello");
        assertArrayEquals(hex("810548656c6c6f"), encode(Role.SERVER, 0, MessageType.TEXT, hello));
        assertArrayEquals(hex("818537fa213d7f9f4d5158"), encode(Role.CLIENT, 0, MessageType.TEXT, hello));
        assertArrayEquals(hex("010348656c 80026c6f"), encode(Role.SERVER, 3, MessageType.TEXT, hello));
        byte[] b256 = encode(Role.SERVER, 0, MessageType.BINARY, new byte[256]);
        assertArrayEquals(hex("827e0100"), Arrays.copyOf(b256, 4));
        assertEquals(4 + 256, b256.length);
        byte[] b64k = encode(Role.SERVER, 0, MessageType.BINARY, new byte[65536]);
        assertArrayEquals(hex("827f0000000000010000"), Arrays.copyOf(b64k, 10));
        assertArrayEquals(hex("8100"), encode(Role.SERVER, 0, MessageType.TEXT, new byte[0]));
    }

    /**
     * {@code writeControl} writes Ping, Pong and Close only: a data or reserved opcode (which a
     * peer answers with 1002) and a payload over 125 bytes are refused before anything is written,
     * to a stream and to a channel, in either role; the three control opcodes still go out.
     */
    @Test
    void writeControlRefusesEveryOtherOpcodeAndOversizedPayloads() throws Exception {
        byte[] payload = new byte[126];
        for (Role role : Role.values()) {
            WebSocketEncoder encoder = new WebSocketEncoder(role, 0, RFC_KEY);
            for (int opcode = 0; opcode <= 0xF; opcode++) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                CollectingChannel channel = new CollectingChannel();
                int op = opcode;
                if (op == Opcodes.PING || op == Opcodes.PONG || op == Opcodes.CLOSE) {
                    encoder.writeControl(op, payload, 0, 2, out);
                    encoder.writeControl(op, payload, 0, 125, channel);
                    assertEquals(0x80 | op, out.toByteArray()[0] & 0xFF);
                    assertEquals(0x80 | op, channel.out.toByteArray()[0] & 0xFF);
                    IllegalArgumentException tooLong = assertThrows(
                            IllegalArgumentException.class, () -> encoder.writeControl(op, payload, 0, 126, out));
                    assertEquals(
                            "a control frame's payload is at most 125 bytes (RFC 6455 5.5), not 126",
                            tooLong.getMessage());
                    out.reset();
                } else {
                    IllegalArgumentException e = assertThrows(
                            IllegalArgumentException.class, () -> encoder.writeControl(op, payload, 0, 1, out));
                    assertEquals(
                            "opcode 0x" + Integer.toHexString(op)
                                    + " is not a control frame's: writeControl writes Ping (0x9), Pong (0xa) or"
                                    + " Close (0x8)",
                            e.getMessage());
                    assertThrows(
                            IllegalArgumentException.class, () -> encoder.writeControl(op, payload, 0, 1, channel));
                }
                if (!(op == Opcodes.PING || op == Opcodes.PONG || op == Opcodes.CLOSE)) {
                    assertEquals(0, out.size(), "nothing written for opcode " + op);
                    assertEquals(0, channel.out.size(), "nothing written for opcode " + op);
                }
            }
        }
    }

    @Test
    void controlFrames() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WebSocketEncoder server = new WebSocketEncoder(Role.SERVER, 0, RFC_KEY);
        server.writeControl(Opcodes.PING, Frames.utf8("Hello"), 0, 5, out);
        assertArrayEquals(hex("890548656c6c6f"), out.toByteArray());
        out.reset();
        server.writeClose(1009, "too big", out);
        assertArrayEquals(hex("8809 03f1 746f6f20626967"), out.toByteArray());
        assertThrows(IllegalArgumentException.class, () -> WebSocketEncoder.closeBody(1006, "never on the wire"));
        byte[] longReason = WebSocketEncoder.closeBody(1000, "é".repeat(100));
        assertEquals(124, longReason.length); // 122 bytes of reason: the cut does not split a code point
        assertEquals(true, Utf8Validator.isValid(longReason, 2, longReason.length - 2));
    }

    @Test
    void gatheringWriteToAChannelMatchesTheStreamPath(@TempDir Path dir) throws Exception {
        byte[] payload = new byte[50_000];
        new java.util.Random(7).nextBytes(payload);
        Path file = dir.resolve("frames");
        try (RecyclableOutputStream s = pool.newStream();
                FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            s.write(payload);
            new WebSocketEncoder(Role.SERVER, 4096, RFC_KEY).writeMessage(MessageType.BINARY, s, ch);
        }
        assertArrayEquals(encode(Role.SERVER, 4096, MessageType.BINARY, payload), Files.readAllBytes(file));
    }

    @Test
    void clientFramesRoundTripThroughAServerDecoder() throws Exception {
        byte[] text = Frames.utf8("κόσμε ".repeat(3000));
        byte[] wire = encode(Role.CLIENT, 1000, MessageType.TEXT, text);
        Recorder r = DecoderHarness.decode(
                pool, Role.SERVER, WebSocketLimits.DEFAULT, wire, DecoderHarness.Chunking.RANDOM_SPLITS);
        assertArrayEquals(text, r.payloads.get(0));
        assertEquals(MessageType.TEXT, r.types.get(0));
    }

    /**
     * Every sending path (stream, gathering channel that takes at most 1000 bytes a call) as server
     * and client, heap and direct chunks, assorted fragment sizes, gives identical frames that
     * decode back to the payload; a repeated write gives the same bytes again (reused state).
     */
    @Test
    void everyPathGivesTheSameFramesForHeapAndDirectChunks() throws Exception {
        byte[] payload = new byte[70_001];
        new java.util.Random(11).nextBytes(payload);
        for (boolean direct : new boolean[] {false, true}) {
            BufferPool source = BufferPool.builder()
                    .minChunkSize(1024)
                    .maxChunkSize(8192)
                    .directChunks(direct)
                    .build();
            for (Role role : Role.values()) {
                for (long fragment : new long[] {0, 1, 125, 126, 3000, 4096, 65_536, 65_537}) {
                    if (fragment == 1 && role == Role.SERVER) {
                        continue; // 70,001 frames: covered by the client's run
                    }
                    ByteArrayOutputStream viaStream = new ByteArrayOutputStream();
                    ByteArrayOutputStream viaChannel = new ByteArrayOutputStream();
                    try (RecyclableOutputStream s = source.newStream()) {
                        s.write(payload);
                        WebSocketEncoder toStream =
                                new WebSocketEncoder(role, fragment, new java.util.SplittableRandom(5));
                        WebSocketEncoder toChannel =
                                new WebSocketEncoder(role, fragment, new java.util.SplittableRandom(5));
                        for (int round = 0; round < 2; round++) {
                            toStream.writeMessage(MessageType.BINARY, s, viaStream);
                            toChannel.writeMessage(MessageType.BINARY, s, new CollectingChannel(viaChannel, 1000));
                        }
                    }
                    String where = "direct " + direct + ", " + role + ", fragment " + fragment;
                    assertArrayEquals(viaStream.toByteArray(), viaChannel.toByteArray(), where);
                    Recorder r = DecoderHarness.decode(
                            pool,
                            role == Role.CLIENT ? Role.SERVER : Role.CLIENT,
                            WebSocketLimits.DEFAULT.withMaxFragments(1 << 20),
                            viaStream.toByteArray(),
                            DecoderHarness.Chunking.WHOLE);
                    assertEquals(2, r.payloads.size(), where);
                    assertArrayEquals(payload, r.payloads.get(0), where);
                    assertArrayEquals(payload, r.payloads.get(1), where);
                }
            }
            PoolAssertions.assertNothingInUse(source);
        }
    }
}
