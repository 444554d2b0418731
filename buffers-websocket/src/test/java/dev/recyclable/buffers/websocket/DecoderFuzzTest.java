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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.DecoderHarness.Chunking;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.zip.Deflater;

/**
 * Coverage-guided fuzz targets (Jazzer) for everything a peer's bytes reach in the decoder: any
 * bytes under any limits in either role, with permessage-deflate off or on, split anywhere; and
 * any messages a conforming peer encodes, split anywhere. {@code mvn verify} replays each target's
 * corpus ({@code src/test/resources/dev/recyclable/buffers/websocket/DecoderFuzzTestInputs/<target>/});
 * {@code verification/fuzz.sh} fuzzes a target for a set time.
 *
 * <p>Each input must end as the contract says, not merely without a crash: the only exception is
 * a {@link WebSocketProtocolException} with a close code the decoder documents, and the pool ends
 * with nothing in use and every idle chunk as new.
 */
class DecoderFuzzTest {
    /** The close codes a decoder fails a connection with. */
    private static final Set<Integer> CLOSE_CODES = Set.of(
            CloseCodes.PROTOCOL_ERROR,
            CloseCodes.INVALID_PAYLOAD,
            CloseCodes.POLICY_VIOLATION,
            CloseCodes.MESSAGE_TOO_BIG);

    // shared by all inputs: each input ends with nothing in use, and a pool per input would cost more than the input
    private static final BufferPool HEAP = pool(false);
    private static final BufferPool DIRECT = pool(true);

    /** How the connection was agreed: without permessage-deflate, or with it and either context mode. */
    enum Deflate {
        OFF,
        CONTEXT_TAKEOVER,
        NO_CONTEXT_TAKEOVER
    }

    /**
     * Any bytes end in messages or a protocol violation, never anything else; split anywhere they
     * give exactly what the whole input gives (the reference); every delivered message is within
     * the limit and every text valid UTF-8 by the JDK's own decoder.
     */
    @FuzzTest(maxDuration = "5m")
    void anyBytesEndInMessagesOrAProtocolError(FuzzedDataProvider data) {
        Role role = data.consumeBoolean() ? Role.SERVER : Role.CLIENT;
        WebSocketLimits limits = new WebSocketLimits(
                data.consumeLong(125, 1 << 16), data.consumeLong(1, 1 << 17), data.consumeInt(1, 64));
        Deflate deflate = data.pickValue(Deflate.values());
        Chunking chunking = data.pickValue(Chunking.values());
        BufferPool pool = data.consumeBoolean() ? DIRECT : HEAP;
        long seed = data.consumeLong();
        byte[] wire = data.consumeRemainingAsBytes();

        Outcome whole = decode(HEAP, role, limits, deflate, wire, Chunking.WHOLE, seed);
        Outcome split = decode(pool, role, limits, deflate, wire, chunking, seed);
        whole.assertSameAs(split, chunking);
        for (int i = 0; i < split.recorder.payloads.size(); i++) {
            byte[] payload = split.recorder.payloads.get(i);
            assertTrue(payload.length <= limits.maxMessageSize(), "a message over the limit was delivered");
            if (split.recorder.types.get(i) == MessageType.TEXT) {
                assertTrue(jdkAcceptsUtf8(payload), "a text message the JDK finds invalid UTF-8 was delivered");
            }
        }
        assertPoolAsNew(pool);
    }

    /**
     * Messages that a conforming peer encodes (fragmented, masked as its role requires, compressed
     * or not, Pings between them) arrive exactly as sent however the wire is split: the sent
     * messages are the reference.
     */
    @FuzzTest(maxDuration = "5m")
    void encodedMessagesSurviveAnySplit(FuzzedDataProvider data) throws IOException {
        Role sender = data.consumeBoolean() ? Role.CLIENT : Role.SERVER;
        Role receiver = sender == Role.CLIENT ? Role.SERVER : Role.CLIENT;
        Deflate deflate = data.pickValue(Deflate.values());
        DeflateOptions options = options(deflate)
                .withThreshold(data.consumeInt(0, 2048))
                .withCompressionLevel(data.consumeInt(Deflater.DEFAULT_COMPRESSION, 9));
        long fragmentSize = data.consumeLong(1, 5000);
        Chunking chunking = data.pickValue(Chunking.values());
        BufferPool pool = data.consumeBoolean() ? DIRECT : HEAP;
        long seed = data.consumeLong();

        PerMessageDeflate[] agreements = deflate == Deflate.OFF ? null : agree(options);
        MessageDeflater deflater = agreements == null ? null : agreements[sender.ordinal()].newDeflater();
        List<byte[]> sent = new ArrayList<>();
        List<MessageType> types = new ArrayList<>();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        try (WebSocketEncoder encoder = new WebSocketEncoder(sender, fragmentSize, new Random(seed), deflater)) {
            for (int m = data.consumeInt(1, 6); m > 0 && data.remainingBytes() > 0; m--) {
                MessageType type = data.consumeBoolean() ? MessageType.TEXT : MessageType.BINARY;
                int repeat = data.consumeInt(1, 64); // long, repetitive messages from short inputs
                byte[] piece = type == MessageType.TEXT
                        ? data.consumeString(data.consumeInt(0, 300)).getBytes(StandardCharsets.UTF_8)
                        : data.consumeBytes(data.consumeInt(0, 600));
                // a conforming peer stays within the receiver's limits: at most half the fragments
                // allowed, leaving room for what compression may add
                long withinFragmentLimit = fragmentSize * WebSocketLimits.DEFAULT.maxFragments() / 2;
                repeat = (int) Math.min(repeat, Math.max(1, withinFragmentLimit / Math.max(1, piece.length)));
                byte[] payload = repeat(piece, repeat);
                try (RecyclableOutputStream s = pool.newStream()) {
                    s.write(payload);
                    encoder.writeMessage(type, s, wire);
                }
                if (data.consumeBoolean()) {
                    byte[] ping = data.consumeBytes(data.consumeInt(0, 125));
                    encoder.writeControl(Opcodes.PING, ping, 0, ping.length, wire);
                }
                sent.add(payload);
                types.add(type);
            }
        }

        MessageInflater inflater = agreements == null ? null : agreements[receiver.ordinal()].newInflater();
        Recorder recorder;
        try {
            recorder = DecoderHarness.decode(
                    pool,
                    receiver,
                    WebSocketLimits.DEFAULT,
                    inflater,
                    wire.toByteArray(),
                    chunking,
                    new Random(seed),
                    new Recorder());
        } catch (WebSocketProtocolException e) {
            throw new AssertionError("a conforming peer's messages were refused (" + chunking + ")", e);
        }
        assertEquals(types, recorder.types, "message types");
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals(sent.get(i), recorder.payloads.get(i), "message " + i + " (" + chunking + ")");
        }
        if (agreements != null) {
            assertEquals(0, agreements[0].openCodecs() + agreements[1].openCodecs(), "zlib memory left unfreed");
        }
        assertPoolAsNew(pool);
    }

    /** What one decode of a wire gave: the listener's record and the close code it failed with, or -1. */
    private record Outcome(Recorder recorder, int failedWith) {
        void assertSameAs(Outcome split, Chunking chunking) {
            String how = "split " + chunking + " vs whole";
            assertEquals(failedWith, split.failedWith, how + ": close code");
            assertEquals(recorder.events, split.recorder.events, how + ": events");
            assertEquals(recorder.payloads.size(), split.recorder.payloads.size(), how);
            for (int i = 0; i < recorder.payloads.size(); i++) {
                assertArrayEquals(recorder.payloads.get(i), split.recorder.payloads.get(i), how + ": message " + i);
            }
        }
    }

    private static Outcome decode(
            BufferPool pool,
            Role role,
            WebSocketLimits limits,
            Deflate deflate,
            byte[] wire,
            Chunking chunking,
            long seed) {
        MessageInflater inflater =
                deflate == Deflate.OFF ? null : agree(options(deflate))[role.ordinal()].newInflater();
        Recorder recorder = new Recorder();
        int failedWith = -1;
        try {
            DecoderHarness.decode(pool, role, limits, inflater, wire, chunking, new Random(seed), recorder);
        } catch (WebSocketProtocolException e) {
            failedWith = e.closeCode();
            assertTrue(CLOSE_CODES.contains(failedWith), "undocumented close code " + failedWith + ": " + e);
        }
        if (inflater != null) {
            assertTrue(inflater.isEnded(), "the decoder's close() left the inflater's zlib memory");
        }
        return new Outcome(recorder, failedWith);
    }

    private static DeflateOptions options(Deflate deflate) {
        boolean reset = deflate == Deflate.NO_CONTEXT_TAKEOVER;
        return DeflateOptions.DEFAULT.withServerNoContextTakeover(reset).withClientNoContextTakeover(reset);
    }

    /** Both ends' agreements, indexed by {@link Role#ordinal()}, as a real handshake reaches them. */
    private static PerMessageDeflate[] agree(DeflateOptions options) {
        PerMessageDeflate server = PerMessageDeflate.negotiateAsServer(PerMessageDeflate.clientOffer(options), options)
                .orElseThrow();
        PerMessageDeflate client =
                PerMessageDeflate.acceptAsClient(server.headerValue(), options).orElseThrow();
        PerMessageDeflate[] byRole = new PerMessageDeflate[Role.values().length];
        byRole[Role.SERVER.ordinal()] = server;
        byRole[Role.CLIENT.ordinal()] = client;
        return byRole;
    }

    static boolean jdkAcceptsUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static byte[] repeat(byte[] piece, int times) {
        byte[] out = new byte[piece.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(piece, 0, out, i * piece.length, piece.length);
        }
        return out;
    }

    static void assertPoolAsNew(BufferPool pool) {
        PoolAssertions.assertNothingInUse(pool, Duration.ZERO);
        IdleChunks.assertAllAsNew(pool);
    }

    static BufferPool pool(boolean direct) {
        // small chunks, so that messages span several; no decay thread per pool
        return BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(1024)
                .directChunks(direct)
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
    }
}
