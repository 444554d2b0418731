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
import static org.junit.jupiter.api.Assertions.fail;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Property tests with seeded randomness (each failure message names its seed): random messages
 * through the encoder and random splits always come out equal; random and mutated byte streams
 * never crash the decoder, never leak a chunk, and end in messages or a protocol error.
 */
class FuzzTest {
    private static final int ROUNDS = 600;
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void encodedMessagesSurviveAnySplit() throws Exception {
        for (int seed = 0; seed < ROUNDS; seed++) {
            Random random = new Random(seed);
            Role sender = random.nextBoolean() ? Role.CLIENT : Role.SERVER;
            Role receiver = sender == Role.CLIENT ? Role.SERVER : Role.CLIENT;
            WebSocketEncoder encoder = new WebSocketEncoder(sender, 1 + random.nextInt(3000), random);
            List<byte[]> sent = new ArrayList<>();
            List<MessageType> types = new ArrayList<>();
            ByteArrayOutputStream wire = new ByteArrayOutputStream();
            int count = 1 + random.nextInt(5);
            for (int m = 0; m < count; m++) {
                MessageType type = random.nextBoolean() ? MessageType.TEXT : MessageType.BINARY;
                byte[] payload = type == MessageType.TEXT ? randomText(random) : randomBytes(random);
                try (RecyclableOutputStream s = pool.newStream()) {
                    s.write(payload);
                    encoder.writeMessage(type, s, wire);
                }
                if (random.nextInt(4) == 0) {
                    encoder.writeControl(Opcodes.PING, new byte[] {1, 2, 3}, 0, 3, wire);
                }
                sent.add(payload);
                types.add(type);
            }
            Recorder recorder = new Recorder();
            try (WebSocketDecoder decoder = new WebSocketDecoder(pool, receiver, WebSocketLimits.DEFAULT, recorder)) {
                feedRandomly(decoder, wire.toByteArray(), random);
            } catch (WebSocketProtocolException e) {
                fail("seed " + seed + ": " + e);
            }
            assertEquals(sent.size(), recorder.payloads.size(), "seed " + seed);
            for (int i = 0; i < sent.size(); i++) {
                assertArrayEquals(sent.get(i), recorder.payloads.get(i), "seed " + seed + " message " + i);
                assertEquals(types.get(i), recorder.types.get(i), "seed " + seed);
            }
        }
    }

    @Test
    void randomBytesEndInMessagesOrAProtocolErrorAndLeakNothing() {
        int errors = 0;
        for (int seed = 0; seed < ROUNDS * 4; seed++) {
            Random random = new Random(seed);
            byte[] wire = random.nextBoolean() ? randomBytes(random) : mutatedValidStream(random);
            Role role = random.nextBoolean() ? Role.SERVER : Role.CLIENT;
            WebSocketLimits limits =
                    new WebSocketLimits(125 + random.nextInt(5000), 1 + random.nextInt(20_000), 1 + random.nextInt(20));
            Recorder recorder = new Recorder();
            try (WebSocketDecoder decoder = new WebSocketDecoder(pool, role, limits, recorder)) {
                feedRandomly(decoder, wire, random);
            } catch (WebSocketProtocolException e) {
                errors++;
                int code = e.closeCode();
                assertTrue(code == 1002 || code == 1007 || code == 1008 || code == 1009, "seed " + seed + ": " + code);
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " crashed the decoder", e);
            }
            for (int i = 0; i < recorder.payloads.size(); i++) {
                if (recorder.types.get(i) == MessageType.TEXT) {
                    byte[] text = recorder.payloads.get(i);
                    assertTrue(Utf8Validator.isValid(text, 0, text.length), "seed " + seed);
                }
                assertTrue(recorder.payloads.get(i).length <= limits.maxMessageSize(), "seed " + seed);
            }
            assertEquals(0, pool.stats().bytesInUse(), "seed " + seed);
        }
        assertTrue(errors > 0, "random input should break the protocol at least once");
    }

    private static void feedRandomly(WebSocketDecoder decoder, byte[] wire, Random random)
            throws WebSocketProtocolException {
        int i = 0;
        while (i < wire.length && !decoder.isDone()) {
            int n = Math.min(wire.length - i, 1 + random.nextInt(random.nextBoolean() ? 8 : 2000));
            int kind = random.nextInt(3);
            if (kind == 0) {
                decoder.feed(wire, i, n);
            } else if (kind == 1) {
                decoder.feed(new ArraySource(wire), i, n);
            } else {
                ByteBuffer b = random.nextBoolean() ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
                b.put(wire, i, n).flip();
                decoder.feed(b);
            }
            i += n;
        }
    }

    /** The wire as a random-access {@link ByteSource}, as a transport buffer would be. */
    private record ArraySource(byte[] bytes) implements ByteSource {
        @Override
        public byte getByte(int index) {
            return bytes[index];
        }

        @Override
        public void getBytes(int index, byte[] dst, int dstIndex, int length) {
            System.arraycopy(bytes, index, dst, dstIndex, length);
        }

        @Override
        public void getBytes(int index, ByteBuffer dst, int dstIndex, int length) {
            dst.put(dstIndex, bytes, index, length);
        }
    }

    private static byte[] mutatedValidStream(Random random) {
        Frames f = random.nextBoolean() ? Frames.fromClient() : Frames.fromServer();
        int frames = 1 + random.nextInt(6);
        for (int i = 0; i < frames; i++) {
            int opcode = new int[] {0, 1, 2, 8, 9, 10}[random.nextInt(6)];
            f.frame(random.nextInt(3) > 0, opcode, random.nextBoolean() ? randomText(random) : randomBytes(random));
        }
        byte[] wire = f.build();
        int mutations = random.nextInt(4);
        for (int m = 0; m < mutations && wire.length > 0; m++) {
            wire[random.nextInt(wire.length)] ^= (byte) (1 << random.nextInt(8));
        }
        if (wire.length > 0 && random.nextInt(4) == 0) {
            wire = Arrays.copyOf(wire, random.nextInt(wire.length));
        }
        return wire;
    }

    private static byte[] randomBytes(Random random) {
        byte[] b = new byte[random.nextInt(4) == 0 ? random.nextInt(70_000) : random.nextInt(300)];
        random.nextBytes(b);
        return b;
    }

    private static byte[] randomText(Random random) {
        int n = random.nextInt(4) == 0 ? random.nextInt(20_000) : random.nextInt(200);
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(8);
            sb.appendCodePoint(
                    kind < 5
                            ? 0x20 + random.nextInt(0x5F)
                            : kind < 7 ? 0xA0 + random.nextInt(0xD000) : 0x10000 + random.nextInt(0x10000));
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
