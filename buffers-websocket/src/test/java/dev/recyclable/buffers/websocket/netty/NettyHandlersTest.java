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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Netty handlers in an EmbeddedChannel: direct, heap and composite reads; frames out; failures. */
class NettyHandlersTest {
    private final BufferPool pool = BufferPool.builder()
            .minChunkSize(256)
            .maxChunkSize(4096)
            .leakDetection(LeakDetection.DISABLED)
            .build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    /** A server's pipeline: our encoder ({@code fragmentSize}), our decoder, then {@code keep}. */
    private EmbeddedChannel server(int fragmentSize, Keep keep) {
        return new EmbeddedChannel(
                new RecyclableWebSocketEncoder(Role.SERVER, fragmentSize),
                new RecyclableWebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT),
                keep);
    }

    /** Writes fail at the head ({@link RefuseWrites}); then our encoder and decoder in {@code role}, then keep. */
    private EmbeddedChannel refusingWrites(Role role, Keep keep) {
        return new EmbeddedChannel(
                new RefuseWrites(),
                new RecyclableWebSocketEncoder(role, 0),
                new RecyclableWebSocketDecoder(pool, role, WebSocketLimits.DEFAULT),
                keep);
    }

    /** Every buffer the channel wrote, as an array each (released). */
    private static List<byte[]> written(EmbeddedChannel ch) {
        List<byte[]> buffers = new ArrayList<>();
        Object out;
        while ((out = ch.readOutbound()) != null) {
            ByteBuf buf = assertInstanceOf(ByteBuf.class, out, "what the channel wrote went through the encoder");
            buffers.add(ByteBufUtil.getBytes(buf));
            buf.release();
        }
        return buffers;
    }

    /** What a fresh decoder in {@code role} makes of the buffers: messages as arrays, Pongs as "pong" + bytes ("pong1,2"). */
    private List<Object> decode(Role role, List<byte[]> buffers) throws Exception {
        List<Object> decoded = new ArrayList<>();
        try (WebSocketDecoder decoder =
                new WebSocketDecoder(pool, role, WebSocketLimits.DEFAULT, new WebSocketListener() {
                    @Override
                    public void onMessage(WebSocketMessage message) {
                        decoded.add(message.toByteArray());
                    }

                    @Override
                    public void onPong(ByteBuffer p) {
                        StringJoiner bytes = new StringJoiner(",", "pong", "");
                        for (int i = p.position(); i < p.limit(); i++) {
                            bytes.add(Byte.toString(p.get(i)));
                        }
                        decoded.add(bytes.toString());
                    }
                })) {
            for (byte[] b : buffers) {
                decoder.feed(b, 0, b.length);
            }
        }
        return decoded;
    }

    private static byte[] clientFrames(MessageType type, byte[] payload, int fragmentSize, BufferPool pool)
            throws Exception {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        WebSocketEncoder encoder = new WebSocketEncoder(Role.CLIENT, fragmentSize);
        try (RecyclableOutputStream s = pool.newStream()) {
            s.write(payload);
            encoder.writeMessage(type, s, wire);
        }
        return wire.toByteArray();
    }

    @Test
    void decodesFromDirectHeapAndCompositeBuffersInAnySplit() throws Exception {
        Keep keep = Keep.retained();
        EmbeddedChannel ch =
                new EmbeddedChannel(new RecyclableWebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT), keep);
        byte[] text = "κόσμε and more ".repeat(2000).getBytes(StandardCharsets.UTF_8);
        byte[] wire = clientFrames(MessageType.TEXT, text, 5000, pool);
        Random random = new Random(3);
        int i = 0;
        int kind = 0;
        while (i < wire.length) {
            int n = Math.min(wire.length - i, 1 + random.nextInt(9000));
            ByteBuf buf;
            switch (kind++ % 3) {
                case 0 -> buf = PooledByteBufAllocator.DEFAULT.directBuffer(n).writeBytes(wire, i, n);
                case 1 -> buf = Unpooled.wrappedBuffer(wire, i, n);
                default -> {
                    int half = n / 2;
                    CompositeByteBuf c = Unpooled.compositeBuffer();
                    c.addComponent(true, Unpooled.directBuffer(half).writeBytes(wire, i, half));
                    c.addComponent(true, Unpooled.wrappedBuffer(wire, i + half, n - half));
                    buf = c;
                }
            }
            ch.writeInbound(buf);
            assertEquals(0, buf.refCnt(), "every read buffer is released at once");
            i += n;
        }
        assertEquals(1, keep.seen.size());
        try (WebSocketMessage m = (WebSocketMessage) keep.seen.get(0)) {
            assertArrayEquals(text, m.toByteArray());
        }
        assertFalse(ch.finish());
    }

    @Test
    void answersPingsAndEncodesFramesWithoutCopyingThePayload() throws Exception {
        Keep keep = Keep.retained();
        EmbeddedChannel ch = server(1000, keep);
        ByteArrayOutputStream ping = new ByteArrayOutputStream();
        new WebSocketEncoder(Role.CLIENT, 0).writeControl(Opcodes.PING, new byte[] {7}, 0, 1, ping);
        ch.writeInbound(Unpooled.wrappedBuffer(ping.toByteArray()));
        assertEquals(ControlFrame.ping(new byte[] {7}), keep.seen.get(0));

        byte[] payload = new byte[5000];
        new Random(5).nextBytes(payload);
        RecyclableOutputStream s = pool.newStream();
        s.write(payload);
        ch.writeOutbound(WebSocketMessage.binary(s));

        // decode everything the server wrote with a client-role decoder
        List<byte[]> buffers = written(ch);
        // pong, then 5 frames of header + payload slice each
        assertEquals(1 + 5 * 2, buffers.size());
        List<Object> decoded = decode(Role.CLIENT, buffers);
        assertEquals("pong7", decoded.get(0));
        assertArrayEquals(payload, (byte[]) decoded.get(1));
        assertFalse(ch.finish());
    }

    @Test
    void aViolationSendsTheCloseCodeClosesTheChannelAndReleasesThePartialMessage() throws Exception {
        Keep keep = Keep.retained();
        EmbeddedChannel ch = server(0, keep);
        byte[] start = clientFrames(MessageType.BINARY, new byte[3000], 0, pool);
        start[0] &= 0x7F; // not final: a message in progress
        ch.writeInbound(Unpooled.wrappedBuffer(start));
        assertTrue(pool.stats().bytesInUse() > 0);
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte) 0x83, (byte) 0x80, 1, 2, 3, 4})); // reserved opcode
        ByteBuf close = ch.readOutbound();
        assertEquals(0x88, close.getUnsignedByte(0));
        assertEquals(1002, close.getUnsignedShort(2));
        close.release();
        assertFalse(ch.isOpen());
        assertInstanceOf(WebSocketProtocolException.class, keep.errors.get(0));
        assertTrue(keep.seen.isEmpty());
        ch.finishAndReleaseAll();
    }

    @Test
    void aClosedConnectionReleasesThePartialMessage() throws Exception {
        EmbeddedChannel ch =
                new EmbeddedChannel(new RecyclableWebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT));
        byte[] wire = clientFrames(MessageType.BINARY, new byte[20_000], 0, pool);
        ch.writeInbound(Unpooled.wrappedBuffer(wire, 0, 15_000));
        assertTrue(pool.stats().bytesInUse() >= 14_000);
        ch.close();
        assertEquals(0, pool.stats().bytesInUse());
        ch.finishAndReleaseAll();
    }

    @Test
    void aCloseFrameIsAnsweredWithTheSameCode() throws Exception {
        Keep keep = Keep.retained();
        EmbeddedChannel ch = server(0, keep);
        ByteArrayOutputStream close = new ByteArrayOutputStream();
        new WebSocketEncoder(Role.CLIENT, 0).writeClose(4001, "app", close);
        ch.writeInbound(Unpooled.wrappedBuffer(close.toByteArray()));
        assertEquals(4001, ((ControlFrame) keep.seen.get(0)).closeCode());
        assertEquals("app", ((ControlFrame) keep.seen.get(0)).closeReason());
        ByteBuf reply = ch.readOutbound();
        assertEquals(4001, reply.getUnsignedShort(2));
        reply.release();
        assertFalse(ch.isOpen());
        ch.finishAndReleaseAll();
    }

    /** Fails every write that reaches it, as a broken connection would. */
    private static final class RefuseWrites extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            ReferenceCountUtil.release(msg);
            promise.setFailure(new IOException("refused"));
        }
    }

    private static byte[] serverPing(byte... payload) throws Exception {
        ByteArrayOutputStream ping = new ByteArrayOutputStream();
        new WebSocketEncoder(Role.SERVER, 0).writeControl(Opcodes.PING, payload, 0, payload.length, ping);
        return ping.toByteArray();
    }

    @Test
    void anEncoderOnTheApplicationSideIsMovedSoThePongGoesOutAsAFrame() throws Exception {
        // the order Netty's client handshake leaves: the decoder added in front of the encoder
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast("ws-encoder", new RecyclableWebSocketEncoder(Role.CLIENT, 0));
        ch.pipeline()
                .addFirst("ws-decoder", new RecyclableWebSocketDecoder(pool, Role.CLIENT, WebSocketLimits.DEFAULT));
        assertEquals(List.of("ws-encoder", "ws-decoder"), ch.pipeline().names().subList(0, 2));

        ch.writeInbound(Unpooled.wrappedBuffer(serverPing((byte) 9)));
        assertEquals(ControlFrame.ping(new byte[] {9}), ch.readInbound());
        // the Pong went through the encoder, masked as a client's frame must be: a server decodes it
        assertEquals(List.of("pong9"), decode(Role.SERVER, written(ch)));
        assertFalse(ch.finish());
    }

    /**
     * A heartbeat repeats its Ping: the same immutable frame is fired again and the same Pong
     * written, and every Pong still reaches the wire; a new payload gets a new frame while the
     * one a handler kept keeps its bytes.
     */
    @Test
    void repeatedPingsShareOneFrameAndEveryPingIsStillAnswered() throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(new RecyclableWebSocketEncoder(Role.CLIENT, 0));
        ch.pipeline().addLast(new RecyclableWebSocketDecoder(pool, Role.CLIENT, WebSocketLimits.DEFAULT));
        ch.writeInbound(Unpooled.wrappedBuffer(serverPing((byte) 1, (byte) 2)));
        ch.writeInbound(Unpooled.wrappedBuffer(serverPing((byte) 1, (byte) 2)));
        ControlFrame first = ch.readInbound();
        assertSame(first, ch.readInbound(), "the same payload: the same frame");

        ch.writeInbound(Unpooled.wrappedBuffer(serverPing((byte) 1, (byte) 3)));
        ch.writeInbound(Unpooled.wrappedBuffer(serverPing((byte) 1)));
        ch.writeInbound(Unpooled.wrappedBuffer(serverPing()));
        ch.writeInbound(Unpooled.wrappedBuffer(serverPing()));
        assertEquals(ControlFrame.ping(new byte[] {1, 3}), ch.readInbound());
        assertEquals(ControlFrame.ping(new byte[] {1}), ch.readInbound());
        ControlFrame empty = ch.readInbound();
        assertEquals(ControlFrame.ping(new byte[0]), empty);
        assertSame(empty, ch.readInbound());
        assertArrayEquals(new byte[] {1, 2}, first.payload(), "a kept frame keeps its payload");
        assertEquals(
                List.of("pong1,2", "pong1,2", "pong1,3", "pong1", "pong", "pong"), decode(Role.SERVER, written(ch)));
        assertFalse(ch.finish());
    }

    @Test
    void aPongThatCannotBeSentIsReportedAndTheChannelClosed() throws Exception {
        Keep keep = Keep.retained();
        EmbeddedChannel ch = refusingWrites(Role.CLIENT, keep);
        ch.writeInbound(Unpooled.wrappedBuffer(serverPing((byte) 1)));
        assertEquals(ControlFrame.ping(new byte[] {1}), keep.seen.get(0));
        assertEquals(1, keep.errors.size(), String.valueOf(keep.errors));
        IOException e = assertInstanceOf(IOException.class, keep.errors.get(0));
        assertEquals("Pong frame could not be sent to the peer", e.getMessage());
        assertEquals("refused", e.getCause().getMessage());
        assertFalse(ch.isOpen());
        ch.finishAndReleaseAll();
    }

    @Test
    void aCloseThatCannotBeSentIsReportedBesideTheViolation() throws Exception {
        Keep keep = Keep.retained();
        EmbeddedChannel ch = refusingWrites(Role.SERVER, keep);
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte) 0x83, (byte) 0x80, 1, 2, 3, 4})); // reserved opcode
        assertEquals(2, keep.errors.size(), String.valueOf(keep.errors));
        assertEquals(
                1002,
                assertInstanceOf(WebSocketProtocolException.class, keep.errors.get(0))
                        .closeCode());
        IOException e = assertInstanceOf(IOException.class, keep.errors.get(1));
        assertEquals("Close frame could not be sent to the peer", e.getMessage());
        assertFalse(ch.isOpen());
        ch.finishAndReleaseAll();
    }
}
