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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * permessage-deflate compression that fails half way: the pool's stream size cap reached at
 * every chunk boundary of the compressed output, and the {@code Deflater} itself failing at
 * every call it makes. Each time the failed message's chunks are all back in the pool when the
 * write throws, and the encoder goes on: the next message, with context takeover, inflates at
 * the receiver (our decoder) to what was sent.
 */
class CompressionFailuresTest {
    private static final int CHUNK = 1024;

    /** Where the receiving decoder keeps its messages. */
    private final BufferPool receiver = BufferPool.builder().build();

    @AfterEach
    void receiverHoldsNothing() {
        PoolAssertions.assertNothingInUse(receiver);
    }

    /** Chunks of one size, so the compressed output crosses a chunk boundary every {@link #CHUNK} bytes. */
    private static BufferPool capped(long maxStreamSize) {
        return BufferPool.builder()
                .minChunkSize(CHUNK)
                .maxChunkSize(CHUNK)
                .maxStreamSize(maxStreamSize)
                .leakDetection(LeakDetection.DISABLED)
                .build();
    }

    private static PerMessageDeflate agreed(Role role) {
        String header = "permessage-deflate";
        return role == Role.SERVER
                ? PerMessageDeflate.negotiateAsServer(header, DeflateOptions.DEFAULT.withThreshold(0))
                        .orElseThrow()
                : PerMessageDeflate.acceptAsClient(header, DeflateOptions.DEFAULT.withThreshold(0))
                        .orElseThrow();
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b; // incompressible: the compressed form is a little longer
    }

    private static byte[] json(int n, long seed) {
        return Arrays.copyOf(DeflatingEncoderTest.json(n, seed), n);
    }

    private static RecyclableOutputStream stream(BufferPool pool, byte[] bytes) throws IOException {
        RecyclableOutputStream s = pool.newStream();
        s.write(bytes);
        return s;
    }

    /** Our encoder's frames, to the other role's decoder with the agreed inflater. */
    private static final class Link implements AutoCloseable {
        final WebSocketEncoder encoder;
        final WebSocketDecoder decoder;
        final Recorder recorder = new Recorder();
        final boolean gathering;

        Link(Role role, boolean gathering, MessageDeflater deflater, BufferPool receiver) {
            Role peer = role == Role.SERVER ? Role.CLIENT : Role.SERVER;
            this.encoder = new WebSocketEncoder(
                    role, 3000, role == Role.CLIENT ? new SplittableRandom(role.ordinal()) : null, deflater);
            this.decoder = new WebSocketDecoder(
                    receiver,
                    peer,
                    WebSocketLimits.DEFAULT,
                    recorder,
                    agreed(peer).newInflater());
            this.gathering = gathering;
        }

        /** Writes {@code payload} as one binary message; the bytes written go to the decoder. */
        void send(RecyclableOutputStream payload) throws IOException {
            byte[] wire;
            try {
                if (gathering) {
                    CollectingChannel c = new CollectingChannel();
                    try {
                        encoder.writeMessage(MessageType.BINARY, payload, c);
                    } finally {
                        wire = c.out.toByteArray();
                    }
                } else {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    try {
                        encoder.writeMessage(MessageType.BINARY, payload, out);
                    } finally {
                        wire = out.toByteArray();
                    }
                }
            } catch (IOException | RuntimeException | Error e) {
                // a failed compression writes nothing: the peer's inflater never sees a part of it
                wire = null;
                throw e;
            }
            decoder.feed(wire, 0, wire.length);
        }

        /** Sends {@code message} whole and checks what the decoder made of it. */
        void sendAndCheck(BufferPool pool, byte[] message) throws IOException {
            int before = recorder.payloads.size();
            try (RecyclableOutputStream s = stream(pool, message)) {
                send(s);
            }
            assertEquals(before + 1, recorder.payloads.size());
            assertArrayEquals(message, recorder.payloads.get(before));
        }

        @Override
        public void close() {
            encoder.close();
            decoder.close();
        }
    }

    /**
     * The pool's stream cap is the payload's length; the incompressible payload compresses to a
     * little more, so the cap is reached while compressing: right before, at and right after the
     * boundary of every chunk of the compressed output, for both roles and both sinks.
     */
    @ParameterizedTest(name = "{0}, gathering={1}")
    @CsvSource({"SERVER, false", "SERVER, true", "CLIENT, false", "CLIENT, true"})
    void theSizeCapReachedAtEveryChunkBoundaryReturnsEveryChunkAndTheEncoderGoesOn(Role role, boolean gathering)
            throws Exception {
        int failures = 0;
        for (int boundary = 1; boundary <= 8; boundary++) {
            for (int delta = -1; delta <= 1; delta++) {
                int cap = boundary * CHUNK + delta;
                BufferPool pool = capped(cap);
                PerMessageDeflate deflate = agreed(role);
                try (Link link = new Link(role, gathering, deflate.newDeflater(), receiver)) {
                    byte[] earlier = json(cap / 2, boundary);
                    link.sendAndCheck(pool, earlier);
                    assertEquals(0, pool.stats().bytesInUse(), "between messages the encoder holds no chunk");

                    try (RecyclableOutputStream big = stream(pool, random(cap, boundary))) {
                        long payloadBytes = pool.stats().bytesInUse();
                        BufferLimitExceededException e =
                                assertThrows(BufferLimitExceededException.class, () -> link.send(big));
                        assertEquals(cap, e.limit());
                        assertEquals(
                                payloadBytes,
                                pool.stats().bytesInUse(),
                                "cap " + cap + ": only the payload is held after the failure");
                        failures++;
                    }
                    assertEquals(0, pool.stats().bytesInUse(), "cap " + cap);

                    // the next messages refer to the earlier one (context takeover), never to the failed one
                    link.sendAndCheck(pool, earlier);
                    link.sendAndCheck(pool, json(cap / 3, boundary + 100));
                    assertEquals(0, pool.stats().bytesInUse(), "cap " + cap);
                }
                assertEquals(0, deflate.openCodecs());
                PoolAssertions.assertNothingInUse(pool);
            }
        }
        assertEquals(24, failures);
    }

    /** A {@code Deflater} that fails (an {@code Error}, as zlib's failures surface) at one of its calls. */
    private static final class FailingDeflater extends Deflater {
        int calls;
        int failAt = -1;

        FailingDeflater() {
            super(Deflater.DEFAULT_COMPRESSION, true);
        }

        @Override
        public int deflate(ByteBuffer output, int flush) {
            count();
            return super.deflate(output, flush);
        }

        @Override
        public int deflate(byte[] output, int off, int len, int flush) {
            count();
            return super.deflate(output, off, len, flush);
        }

        private void count() {
            if (++calls == failAt) {
                throw new InternalError("zlib failed (on purpose)");
            }
        }
    }

    /**
     * The {@code Deflater} fails at its first call of a message, at its second, and so on to its
     * last: every time the failed message's chunks are back in the pool, and the next message
     * inflates to what was sent, with the context of the messages before the failed one.
     */
    @ParameterizedTest(name = "{0}, gathering={1}")
    @CsvSource({"SERVER, false", "SERVER, true", "CLIENT, false", "CLIENT, true"})
    void aDeflaterFailingAtAnyOfItsCallsReturnsEveryChunkAndTheEncoderGoesOn(Role role, boolean gathering)
            throws Exception {
        BufferPool pool = capped(Integer.MAX_VALUE - 8);
        byte[] earlier = json(6000, 3);
        byte[] failing = random(20_000, 4); // many windows of the compressed stream: many calls
        int failedAt = 0;
        for (int k = 1; ; k++) {
            FailingDeflater zlib = new FailingDeflater();
            boolean failed;
            try (Link link = new Link(role, gathering, new MessageDeflater(zlib, 0, false, () -> {}), receiver)) {
                link.sendAndCheck(pool, earlier);
                zlib.failAt = zlib.calls + k;
                try (RecyclableOutputStream s = stream(pool, failing)) {
                    long payloadBytes = pool.stats().bytesInUse();
                    try {
                        link.send(s);
                        failed = false;
                    } catch (InternalError e) {
                        failed = true;
                        failedAt++;
                    }
                    zlib.failAt = -1;
                    assertEquals(payloadBytes, pool.stats().bytesInUse(), "call " + k);
                }
                assertEquals(0, pool.stats().bytesInUse(), "call " + k);
                link.sendAndCheck(pool, earlier);
                link.sendAndCheck(pool, json(4000, k));
            }
            PoolAssertions.assertNothingInUse(pool);
            if (!failed) {
                break; // the message took fewer calls than k: every call has failed once
            }
        }
        assertTrue(failedAt >= 20, "calls failed: " + failedAt);
    }

    /**
     * Netty's pipeline: the write whose compression reaches the cap fails its promise with the
     * cause, the message and the compressed chunks are released, and the next message goes out
     * compressed and inflates.
     */
    @Test
    void theNettyEncoderFailsTheWriteReleasesEverythingAndGoesOn() throws Exception {
        for (int boundary = 1; boundary <= 8; boundary++) {
            for (int delta = -1; delta <= 1; delta++) {
                int cap = boundary * CHUNK + delta;
                BufferPool pool = capped(cap);
                PerMessageDeflate deflate = agreed(Role.SERVER);
                EmbeddedChannel ch = new EmbeddedChannel(new RecyclableWebSocketEncoder(Role.SERVER, 0, deflate));
                Recorder recorder = new Recorder();
                try (WebSocketDecoder decoder = new WebSocketDecoder(
                        receiver,
                        Role.CLIENT,
                        WebSocketLimits.DEFAULT,
                        recorder,
                        agreed(Role.CLIENT).newInflater())) {
                    byte[] earlier = json(cap / 2, boundary);
                    assertTrue(ch.writeAndFlush(WebSocketMessage.binary(stream(pool, earlier)))
                            .isSuccess());
                    ChannelFuture failed = ch.writeAndFlush(WebSocketMessage.binary(stream(pool, random(cap, 9))));
                    assertFalse(failed.isSuccess());
                    BufferLimitExceededException e =
                            assertInstanceOf(BufferLimitExceededException.class, failed.cause());
                    assertEquals(cap, e.limit());
                    assertTrue(ch.writeAndFlush(WebSocketMessage.binary(stream(pool, earlier)))
                            .isSuccess());
                    ByteBuf out;
                    while ((out = ch.readOutbound()) != null) {
                        byte[] bytes = ByteBufUtil.getBytes(out);
                        out.release();
                        decoder.feed(bytes, 0, bytes.length);
                    }
                    assertEquals(2, recorder.payloads.size(), "cap " + cap);
                    assertArrayEquals(earlier, recorder.payloads.get(0));
                    assertArrayEquals(earlier, recorder.payloads.get(1));
                    assertEquals(0, pool.stats().bytesInUse(), "cap " + cap + ": written, released, nothing held");
                }
                assertFalse(ch.finish());
                assertEquals(0, deflate.openCodecs());
                PoolAssertions.assertNothingInUse(pool);
            }
        }
    }
}
