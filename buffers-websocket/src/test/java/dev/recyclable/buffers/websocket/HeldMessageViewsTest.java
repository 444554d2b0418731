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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.interop.NettyViews;
import dev.recyclable.buffers.testing.HeldContent;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A view a listener takes of a message it does not retain (its {@code byteBuffers()}, a Netty
 * {@code ByteBuf} of its content) holds the message's chunks: it keeps showing the message's
 * bytes until it is closed, however many messages the decoder assembles after it in the stream
 * it reuses.
 */
class HeldMessageViewsTest extends TwoPoolsTest {
    private static final int MESSAGES = 1000;

    /** A kept view and the payload it must show. */
    private record Kept(int index, byte[] payload, ByteBufferView view, ByteBuf buf) {
        byte[] seen() {
            if (buf != null) {
                byte[] b = new byte[buf.readableBytes()];
                buf.getBytes(buf.readerIndex(), b);
                return b;
            }
            return HeldContent.bytesOf(view);
        }

        void letGo() {
            if (buf != null) {
                assertTrue(buf.release());
            } else {
                view.close();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = DecoderHarness.Chunking.class,
            names = {"WHOLE", "RANDOM_SPLITS", "SOURCE"})
    void viewsOfAHundredMessagesOutOfAThousandKeepEveryByte(DecoderHarness.Chunking chunking) throws Exception {
        keepEveryTenth(pool, chunking);
    }

    @ParameterizedTest
    @EnumSource(
            value = DecoderHarness.Chunking.class,
            names = {"WHOLE", "DIRECT_BUFFERS"})
    void viewsOfDirectChunkMessagesKeepEveryByte(DecoderHarness.Chunking chunking) throws Exception {
        keepEveryTenth(direct, chunking);
    }

    private void keepEveryTenth(BufferPool messagePool, DecoderHarness.Chunking chunking) throws Exception {
        Random random = new Random(chunking.ordinal() * 31L + (messagePool == direct ? 7 : 0));
        List<byte[]> payloads = new ArrayList<>();
        Frames frames = Frames.fromClient();
        for (int i = 0; i < MESSAGES; i++) {
            byte[] payload =
                    new byte[random.nextInt(i % 50 == 0 ? 20_000 : 3000)]; // several 1 KiB chunks, at times many
            random.nextBytes(payload);
            payloads.add(payload);
            if (i % 7 == 3 && payload.length > 10) { // fragmented, with a ping between the fragments
                int cut = payload.length / 3;
                frames.frame(false, Opcodes.BINARY, java.util.Arrays.copyOfRange(payload, 0, cut))
                        .ping("p")
                        .cont(true, java.util.Arrays.copyOfRange(payload, cut, payload.length));
            } else {
                frames.frame(true, Opcodes.BINARY, payload);
            }
        }
        byte[] wire = frames.build();
        List<Kept> kept = new ArrayList<>();
        int[] delivered = {0};
        WebSocketListener keepEveryTenth = message -> {
            int index = delivered[0]++;
            if (index % 10 == 0) {
                // the listener does not retain the message: it only keeps a view, as the Javadoc allows
                kept.add(
                        index % 20 == 0
                                ? new Kept(index, payloads.get(index), message.byteBuffers(), null)
                                : new Kept(index, payloads.get(index), null, NettyViews.asByteBuf(message.content())));
            }
        };
        try (WebSocketDecoder decoder =
                new WebSocketDecoder(messagePool, Role.SERVER, WebSocketLimits.DEFAULT, keepEveryTenth)) {
            DecoderHarness.feed(decoder, wire, chunking, new Random(5));
        }
        assertEquals(MESSAGES, delivered[0]);
        assertEquals(MESSAGES / 10, kept.size());
        for (Kept k : kept) {
            assertArrayEquals(k.payload(), k.seen(), "message " + k.index() + " changed under its view");
        }
        assertTrue(messagePool.stats().bytesInUse() > 0, "the views hold their chunks");
        kept.forEach(Kept::letGo);
    }
}
