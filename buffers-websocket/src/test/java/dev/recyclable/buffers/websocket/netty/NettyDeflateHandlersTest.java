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
package dev.recyclable.buffers.websocket.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.Compression;
import dev.recyclable.buffers.websocket.DeflateOptions;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.PerMessageDeflate;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.ThreadAllocation;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Inflater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Netty handlers with permessage-deflate in an EmbeddedChannel: inflation, the bomb, compression, native memory. */
class NettyDeflateHandlersTest {
    private final BufferPool pool = BufferPool.builder()
            .minChunkSize(256)
            .maxChunkSize(64 * 1024)
            .maxIdleBytes(256L << 20)
            .leakDetection(LeakDetection.DISABLED)
            .build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private static PerMessageDeflate agreed() {
        return PerMessageDeflate.negotiateAsServer("permessage-deflate", DeflateOptions.DEFAULT)
                .orElseThrow();
    }

    /** One masked client frame, header and masking written out by hand. */
    private static byte[] maskedFrame(int firstByte, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(firstByte);
        int n = payload.length;
        if (n < 126) {
            out.write(0x80 | n);
        } else if (n <= 0xFFFF) {
            out.write(0x80 | 126);
            out.write(n >>> 8);
            out.write(n & 0xFF);
        } else {
            out.write(0x80 | 127);
            for (int s = 56; s >= 0; s -= 8) {
                out.write((int) ((long) n >>> s) & 0xFF);
            }
        }
        byte[] key = {0x11, 0x22, 0x33, 0x44};
        out.write(key, 0, 4);
        for (int i = 0; i < n; i++) {
            out.write(payload[i] ^ key[i & 3]);
        }
        return out.toByteArray();
    }

    @Test
    void inflatesCompressedMessagesFromDirectReadsAndEndsTheInflaterWhenTheChannelCloses() {
        PerMessageDeflate deflate = agreed();
        Keep keep = Keep.texts();
        EmbeddedChannel ch = new EmbeddedChannel(
                new RecyclableWebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, true, deflate), keep);
        assertEquals(1, deflate.openCodecs());
        String text = "Grüße, Привет, 你好, 🎉 ".repeat(2000);
        byte[] wire =
                maskedFrame(0x80 | 0x40 | Opcodes.TEXT, Compression.compress(text.getBytes(StandardCharsets.UTF_8)));
        for (int i = 0; i < wire.length; i += 1000) {
            ByteBuf direct = Unpooled.directBuffer(1000);
            direct.writeBytes(wire, i, Math.min(1000, wire.length - i));
            ch.writeInbound(direct);
        }
        assertEquals(List.of(text), keep.seen);
        ch.close();
        assertEquals(0, deflate.openCodecs(), "channel close ends the inflater");
    }

    /**
     * The decompression bomb through the Netty handler: a 1 MiB frame that would inflate to
     * 1 GiB, against a 4 MiB limit. The handler answers Close 1009; the pool held at most the
     * limit plus one chunk; the heap saw little more than those chunks.
     */
    @Test
    void decompressionBombIsClosedWith1009WithinTheLimitPlusOneChunk() throws Exception {
        long limit = 4 << 20;
        byte[] bomb = maskedFrame(0x80 | 0x40 | Opcodes.BINARY, Compression.zerosBomb(1024));
        WebSocketLimits limits =
                WebSocketLimits.DEFAULT.withMaxMessageSize(limit).withMaxFramePayload(2L << 20);
        // a first bomb on another channel with a cold pool: class loading and chunk allocation are not measured
        EmbeddedChannel cold = new EmbeddedChannel(
                new RecyclableWebSocketEncoder(Role.SERVER, 0),
                new RecyclableWebSocketDecoder(pool, Role.SERVER, limits, true, agreed()),
                Keep.texts());
        cold.writeInbound(Unpooled.wrappedBuffer(bomb));
        cold.finishAndReleaseAll();
        long coldPeak = pool.stats().bytesIdle();

        PerMessageDeflate deflate = agreed();
        Keep keep = Keep.texts();
        EmbeddedChannel ch = new EmbeddedChannel(
                new RecyclableWebSocketEncoder(Role.SERVER, 0),
                new RecyclableWebSocketDecoder(pool, Role.SERVER, limits, true, deflate),
                keep);
        ByteBuf input = Unpooled.wrappedBuffer(bomb);
        ThreadAllocation.current();
        long before = ThreadAllocation.current();
        ch.writeInbound(input);
        long allocated = ThreadAllocation.current() - before;

        assertEquals(1, keep.errors.size());
        WebSocketProtocolException e = assertInstanceOf(WebSocketProtocolException.class, keep.errors.get(0));
        assertEquals(CloseCodes.MESSAGE_TOO_BIG, e.closeCode());
        ByteBuf close = ch.readOutbound();
        assertEquals(0x80 | Opcodes.CLOSE, close.getUnsignedByte(0));
        assertEquals(CloseCodes.MESSAGE_TOO_BIG, close.getUnsignedShort(2));
        close.release();
        assertTrue(keep.seen.isEmpty());
        PoolAssertions.assertNothingInUse(pool);
        long peak = pool.stats().bytesIdle(); // every chunk the message held went back idle
        assertTrue(peak >= limit && peak <= limit + 64 * 1024, "pool peak " + peak);
        assertEquals(coldPeak, peak, "the second bomb reused the first one's chunks and needed no more");
        assertTrue(allocated < 256 * 1024, "allocated " + allocated + " heap bytes for a 1 GiB bomb");
        assertEquals(0, input.refCnt(), "the read buffer was released");
        ch.finishAndReleaseAll();
        assertEquals(0, deflate.openCodecs());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1000})
    void encoderCompressesMessagesAboveTheThresholdNeverControlFramesAndEndsItsDeflater(int fragmentSize)
            throws Exception {
        PerMessageDeflate deflate = agreed();
        EmbeddedChannel ch = new EmbeddedChannel(new RecyclableWebSocketEncoder(Role.SERVER, fragmentSize, deflate));
        assertEquals(1, deflate.openCodecs());
        byte[] text = "{\"id\":1,\"name\":\"Grüße 🎉\"},".repeat(1000).getBytes(StandardCharsets.UTF_8);
        Inflater reference = new Inflater(true);
        for (int round = 0; round < 3; round++) {
            RecyclableOutputStream s = pool.newStream();
            s.write(text);
            assertTrue(ch.writeOutbound(WebSocketMessage.text(s)));
            List<Integer> firstBytes = new ArrayList<>();
            ByteArrayOutputStream payload = new ByteArrayOutputStream();
            readFrames(ch, firstBytes, payload);
            assertEquals(0x40 | Opcodes.TEXT, firstBytes.get(0) & 0x7F, "RSV1 on the first frame");
            for (int i = 1; i < firstBytes.size(); i++) {
                assertEquals(0, firstBytes.get(i) & 0x70, "no RSV on continuations");
            }
            assertTrue(payload.size() < text.length / 10, "compressed to " + payload.size());
            assertArrayEquals(text, Compression.inflate(reference, payload.toByteArray()));
        }
        reference.end();
        // below the threshold: as it is
        RecyclableOutputStream small = pool.newStream();
        small.write(Arrays.copyOf(text, 100));
        ch.writeOutbound(WebSocketMessage.text(small));
        List<Integer> firstBytes = new ArrayList<>();
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        readFrames(ch, firstBytes, payload);
        assertEquals(List.of(0x80 | Opcodes.TEXT), firstBytes);
        assertArrayEquals(Arrays.copyOf(text, 100), payload.toByteArray());
        ch.writeOutbound(ControlFrame.ping(new byte[100]));
        ByteBuf ping = ch.readOutbound();
        assertEquals(0x80 | Opcodes.PING, ping.getUnsignedByte(0));
        ping.release();
        ch.finishAndReleaseAll();
        assertEquals(0, deflate.openCodecs(), "channel close ends the deflater");
    }

    /**
     * The deflater reuses one stream for every message; frames Netty has not written yet hold
     * the chunks of earlier messages, which must keep their bytes while later messages are
     * compressed (frozen content: the reused stream goes on in fresh chunks).
     */
    @Test
    void framesNettyHoldsKeepTheirBytesWhileLaterMessagesAreCompressed() throws Exception {
        PerMessageDeflate deflate = agreed();
        EmbeddedChannel ch = new EmbeddedChannel(new RecyclableWebSocketEncoder(Role.SERVER, 0, deflate));
        List<byte[]> sent = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            // different sizes and contents: several 256 B..64 KiB chunks each, none alike
            byte[] text = ("{\"n\":" + i + ",\"v\":\"" + "αβγ".repeat(i + 1) + "\"},")
                    .repeat(200 + 300 * i)
                    .getBytes(StandardCharsets.UTF_8);
            sent.add(text);
            RecyclableOutputStream s = pool.newStream();
            s.write(text);
            assertTrue(ch.writeOutbound(WebSocketMessage.text(s))); // stays queued, unread: held
        }
        List<Integer> firstBytes = new ArrayList<>();
        List<byte[]> frames = new ArrayList<>();
        readFrames(ch, firstBytes, new ByteArrayOutputStream(), frames);
        assertEquals(sent.size(), frames.size());
        Inflater reference = new Inflater(true);
        for (int i = 0; i < sent.size(); i++) {
            assertEquals(0x80 | 0x40 | Opcodes.TEXT, firstBytes.get(i), "message " + i);
            assertArrayEquals(sent.get(i), Compression.inflate(reference, frames.get(i)), "message " + i);
        }
        reference.end();
        ch.finishAndReleaseAll();
        assertEquals(0, deflate.openCodecs(), "channel close ends the deflater");
    }

    /** Reads the encoder's output (header buffers and payload slices) as frames: first bytes and joined payload. */
    private static void readFrames(EmbeddedChannel ch, List<Integer> firstBytes, ByteArrayOutputStream payload) {
        readFrames(ch, firstBytes, payload, new ArrayList<>());
    }

    /** As above, also collecting each frame's payload on its own. */
    private static void readFrames(
            EmbeddedChannel ch, List<Integer> firstBytes, ByteArrayOutputStream payload, List<byte[]> frames) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        ByteBuf b;
        while ((b = ch.readOutbound()) != null) {
            all.writeBytes(ByteBufUtil.getBytes(b));
            b.release();
        }
        byte[] wire = all.toByteArray();
        int i = 0;
        while (i < wire.length) {
            firstBytes.add(wire[i] & 0xFF);
            int len7 = wire[i + 1] & 0x7F;
            i += 2;
            long len = len7;
            if (len7 == 126) {
                len = ((wire[i] & 0xFF) << 8) | (wire[i + 1] & 0xFF);
                i += 2;
            } else if (len7 == 127) {
                len = 0;
                for (int k = 0; k < 8; k++) {
                    len = (len << 8) | (wire[i + k] & 0xFF);
                }
                i += 8;
            }
            payload.write(wire, i, (int) len);
            frames.add(Arrays.copyOfRange(wire, i, i + (int) len));
            i += (int) len;
        }
    }
}
