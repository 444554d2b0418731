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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The encoder with permessage-deflate: checked with the JDK's own Inflater and through our decoder. */
class DeflatingEncoderTest extends TwoPoolsTest {
    private static PerMessageDeflate agreed(Role role, String header, DeflateOptions options) {
        return role == Role.SERVER
                ? PerMessageDeflate.negotiateAsServer(header, options).orElseThrow()
                : PerMessageDeflate.acceptAsClient(header, options).orElseThrow();
    }

    static byte[] json(int bytesAtLeast, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder s = new StringBuilder("[");
        while (s.length() < bytesAtLeast) {
            s.append("{\"id\":")
                    .append(r.nextInt(100_000))
                    .append(",\"user\":\"user")
                    .append(r.nextInt(500))
                    .append("\",\"tags\":[\"ä\",\"б\",\"🎉\"],\"score\":")
                    .append(r.nextDouble())
                    .append("},");
        }
        return s.append("{}]").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static RecyclableOutputStream stream(BufferPool pool, byte[] bytes) throws IOException {
        RecyclableOutputStream s = pool.newStream();
        s.write(bytes);
        return s;
    }

    /** Splits unmasked frames (server role) into [first byte, payload] pairs, independently of the decoder. */
    private static List<byte[]> frames(byte[] wire, List<Integer> firstBytes) {
        List<byte[]> payloads = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(wire);
        while (b.hasRemaining()) {
            firstBytes.add(b.get() & 0xFF);
            int len7 = b.get() & 0x7F;
            long len = len7 == 126 ? b.getShort() & 0xFFFF : len7 == 127 ? b.getLong() : len7;
            byte[] p = new byte[(int) len];
            b.get(p);
            payloads.add(p);
        }
        return payloads;
    }

    private static byte[] encode(
            WebSocketEncoder encoder, BufferPool pool, MessageType type, byte[] message, boolean gathering)
            throws IOException {
        try (RecyclableOutputStream s = stream(pool, message)) {
            if (gathering) {
                CollectingChannel c = new CollectingChannel();
                encoder.writeMessage(type, s, c);
                return c.out.toByteArray();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            encoder.writeMessage(type, s, out);
            return out.toByteArray();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void messagesInflateWithTheJdkInflaterUnderContextTakeover(boolean directChunks) throws Exception {
        BufferPool p = directChunks ? direct : pool;
        for (boolean gathering : new boolean[] {false, true}) {
            PerMessageDeflate deflate = agreed(Role.SERVER, "permessage-deflate", DeflateOptions.DEFAULT);
            Inflater reference = new Inflater(true);
            try (WebSocketEncoder encoder = new WebSocketEncoder(Role.SERVER, 0, null, deflate.newDeflater())) {
                for (int i = 0; i < 20; i++) {
                    byte[] message = json(3000 + i * 500, i % 3); // repeats: later messages refer to earlier ones
                    List<Integer> first = new ArrayList<>();
                    List<byte[]> payloads = frames(encode(encoder, p, MessageType.TEXT, message, gathering), first);
                    assertEquals(1, payloads.size());
                    assertEquals(0x80 | 0x40 | Opcodes.TEXT, first.get(0), "FIN, RSV1, TEXT");
                    assertTrue(payloads.get(0).length < message.length / 2, "compressed: " + payloads.get(0).length);
                    assertArrayEquals(message, Compression.inflate(reference, payloads.get(0)));
                }
            }
            reference.end();
            assertEquals(0, deflate.openCodecs(), "close() ends the deflater");
        }
    }

    @Test
    void fragmentedCompressedMessageHasRsv1OnItsFirstFrameOnly() throws Exception {
        PerMessageDeflate deflate = agreed(Role.SERVER, "permessage-deflate", DeflateOptions.DEFAULT);
        byte[] message = new byte[200_000];
        new Random(7).nextBytes(message); // incompressible: many frames
        try (WebSocketEncoder encoder = new WebSocketEncoder(Role.SERVER, 4096, null, deflate.newDeflater())) {
            for (boolean gathering : new boolean[] {false, true}) {
                List<Integer> first = new ArrayList<>();
                List<byte[]> payloads = frames(encode(encoder, pool, MessageType.BINARY, message, gathering), first);
                // the open encoder keeps no chunk of the compressed message, however large it was
                assertEquals(0, pool.stats().bytesInUse(), String.valueOf(pool.stats()));
                assertTrue(payloads.size() > 40);
                assertEquals(0x40 | Opcodes.BINARY, first.get(0));
                for (int i = 1; i < first.size() - 1; i++) {
                    assertEquals(Opcodes.CONTINUATION, first.get(i));
                }
                assertEquals(0x80, first.get(first.size() - 1));
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                payloads.forEach(all::writeBytes);
                Inflater reference = new Inflater(true);
                assertArrayEquals(message, Compression.inflate(reference, all.toByteArray()));
                reference.end();
            }
        }
    }

    @Test
    void messagesBelowTheThresholdAndControlFramesGoUncompressed() throws Exception {
        PerMessageDeflate deflate = agreed(Role.SERVER, "permessage-deflate", DeflateOptions.DEFAULT);
        try (WebSocketEncoder encoder = new WebSocketEncoder(Role.SERVER, 0, null, deflate.newDeflater())) {
            byte[] small = json(900, 1);
            small = java.util.Arrays.copyOf(small, 1023);
            List<Integer> first = new ArrayList<>();
            List<byte[]> payloads = frames(encode(encoder, pool, MessageType.BINARY, small, true), first);
            assertEquals(List.of(0x80 | Opcodes.BINARY), first);
            assertArrayEquals(small, payloads.get(0));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            encoder.writeControl(Opcodes.PING, new byte[125], 0, 125, out);
            assertEquals(0x80 | Opcodes.PING, out.toByteArray()[0] & 0xFF);
            // at the threshold it is compressed
            first.clear();
            frames(encode(encoder, pool, MessageType.BINARY, java.util.Arrays.copyOf(small, 1024), true), first);
            assertEquals(List.of(0x80 | 0x40 | Opcodes.BINARY), first);
        }
    }

    @Test
    void withoutContextTakeoverEveryMessageInflatesOnItsOwn() throws Exception {
        PerMessageDeflate deflate =
                agreed(Role.SERVER, "permessage-deflate; server_no_context_takeover", DeflateOptions.DEFAULT);
        try (WebSocketEncoder encoder = new WebSocketEncoder(Role.SERVER, 0, null, deflate.newDeflater())) {
            byte[] message = json(5000, 3);
            for (int i = 0; i < 3; i++) {
                List<byte[]> payloads =
                        frames(encode(encoder, pool, MessageType.TEXT, message, true), new ArrayList<>());
                Inflater fresh = new Inflater(true);
                assertArrayEquals(message, Compression.inflate(fresh, payloads.get(0)));
                fresh.end();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"permessage-deflate", "permessage-deflate; client_no_context_takeover"})
    void clientToServerRoundTripOfAThousandMessages(String answer) throws Exception {
        PerMessageDeflate client = agreed(Role.CLIENT, answer, DeflateOptions.DEFAULT.withThreshold(0));
        PerMessageDeflate server = agreed(Role.SERVER, answer, DeflateOptions.DEFAULT);
        Recorder recorder = new Recorder();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        List<byte[]> sent = new ArrayList<>();
        try (WebSocketEncoder encoder =
                        new WebSocketEncoder(Role.CLIENT, 3000, new SplittableRandom(1), client.newDeflater());
                WebSocketDecoder decoder = new WebSocketDecoder(
                        pool, Role.SERVER, WebSocketLimits.DEFAULT, recorder, server.newInflater())) {
            Random r = new Random(11);
            byte[][] bases = new byte[7][];
            for (int k = 0; k < bases.length; k++) {
                bases[k] = json(10_000, k);
            }
            for (int i = 0; i < 1000; i++) {
                byte[] message = i % 97 == 0 ? new byte[0] : java.util.Arrays.copyOf(bases[i % 7], r.nextInt(10_000));
                sent.add(message);
                wire.reset();
                try (RecyclableOutputStream s = stream(direct, message)) {
                    encoder.writeMessage(MessageType.BINARY, s, wire); // cut anywhere: binary
                }
                byte[] bytes = wire.toByteArray();
                assertEquals(0x40, bytes[0] & 0x40, "compressed, threshold 0");
                DecoderHarness.feed(
                        decoder,
                        bytes,
                        i % 50 == 0 ? DecoderHarness.Chunking.RANDOM_SPLITS : DecoderHarness.Chunking.WHOLE,
                        r);
            }
        }
        assertEquals(1000, recorder.payloads.size());
        for (int i = 0; i < 1000; i++) {
            assertArrayEquals(sent.get(i), recorder.payloads.get(i), "message " + i);
        }
        assertEquals(0, client.openCodecs());
        assertEquals(0, server.openCodecs());
    }

    @Test
    @Tag("allocation") // measures the thread's allocation, which mutation testing's coverage probes add to
    void closedEncoderRefusesToCompress() throws Exception {
        PerMessageDeflate deflate = agreed(Role.SERVER, "permessage-deflate", DeflateOptions.DEFAULT);
        MessageDeflater deflater = deflate.newDeflater();
        WebSocketEncoder encoder = new WebSocketEncoder(Role.SERVER, 0, null, deflater);
        encoder.close();
        assertTrue(deflater.isEnded());
        assertEquals(0, deflate.openCodecs());
        assertThrows(IllegalStateException.class, () -> encode(encoder, pool, MessageType.TEXT, json(5000, 1), true));
    }

    /**
     * Once warm, a compressed send allocates under 1% of the message (the module's target) even at
     * 16 KiB: the deflater's stream and the buffers of the gathering write are reused, so what
     * is left is the per-chunk handles of direct chunks (heap chunks: nothing).
     */
    @ParameterizedTest
    @ValueSource(strings = {"heap 16384", "heap 65536", "direct 16384", "direct 65536"})
    void warmSendAllocatesUnderOnePercentOfTheMessage(String chunksAndSize) throws Exception {
        boolean directChunks = chunksAndSize.startsWith("direct");
        int size = Integer.parseInt(chunksAndSize.substring(chunksAndSize.indexOf(' ') + 1));
        // chunks of the default sizes
        BufferPool defaultSizes = BufferPool.builder()
                .directChunks(directChunks)
                .leakDetection(dev.recyclable.buffers.LeakDetection.DISABLED)
                .build();
        PerMessageDeflate deflate = agreed(Role.SERVER, "permessage-deflate", DeflateOptions.DEFAULT);
        byte[] message = json(size, 5);
        CollectingChannel sink = CollectingChannel.discarding();
        try (WebSocketEncoder encoder = new WebSocketEncoder(Role.SERVER, 0, null, deflate.newDeflater());
                RecyclableOutputStream s = stream(defaultSizes, message)) {
            for (int i = 0; i < 200; i++) {
                encoder.writeMessage(MessageType.TEXT, s, sink);
            }
            long before = ThreadAllocation.current();
            for (int i = 0; i < 100; i++) {
                encoder.writeMessage(MessageType.TEXT, s, sink);
            }
            long perMessage = (ThreadAllocation.current() - before) / 100;
            assertTrue(
                    perMessage < message.length / 100, perMessage + " bytes per " + message.length + "-byte message");
            if (!directChunks) {
                assertTrue(perMessage < 16, perMessage + " bytes per message from heap chunks: reused, expected none");
            }
        }
        PoolAssertions.assertNothingInUse(defaultSizes);
    }
}
