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
package dev.recyclable.buffers.benchmarks.websocket;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameEncoder;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A server's compressed send path without a socket: one text message per send, context takeover,
 * compressed and framed by Netty's permessage-deflate encoder (as
 * {@code WebSocketServerCompressionHandler} installs it) + {@code WebSocket08FrameEncoder} in an
 * {@code EmbeddedChannel}, whose output is read and released, against our
 * {@link WebSocketEncoder} with its deflater, writing to a channel that takes every gathering
 * write and drops it, as a socket would take it.
 */
final class DeflateSenders implements AutoCloseable {
    private final byte[] message;
    private final EmbeddedChannel stock;
    private final ByteBuf stockPayload;
    private final WebSocketEncoder ours;
    private final RecyclableOutputStream oursPayload;
    private final WebSocketEncodeBenchmark.CountingChannel discard = new WebSocketEncodeBenchmark.CountingChannel();

    DeflateSenders(BufferPool pool, byte[] message) throws IOException {
        this.message = message;
        stock = new EmbeddedChannel(
                new WebSocket08FrameEncoder(false), DeflateWire.nettyExtension().newExtensionEncoder());
        stockPayload =
                PooledByteBufAllocator.DEFAULT.directBuffer(message.length).writeBytes(message);
        ours = new WebSocketEncoder(Role.SERVER, 0, null, DeflateWire.agreed().newDeflater());
        oursPayload = pool.newStream();
        oursPayload.write(message);
    }

    /** One message through Netty's pipeline; returns the bytes it put on the wire. */
    long nettyStock() {
        return drain(null);
    }

    /** One message through our encoder; returns the bytes it put on the wire. */
    long recyclable() {
        long before = discard.bytes;
        try {
            ours.writeMessage(MessageType.TEXT, oursPayload, discard);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return discard.bytes - before;
    }

    /**
     * Sends {@code count} messages through Netty's pipeline and inflates them in order with one
     * inflater (context takeover); returns how many came out as the message. Call it before
     * any other send: the inflater starts with an empty window, as the peer's does.
     */
    int nettyStockDeliveries(int count) {
        Inflater peer = new Inflater(true);
        try {
            int good = 0;
            for (int i = 0; i < count; i++) {
                ByteArrayOutputStream wire = new ByteArrayOutputStream();
                drain(wire);
                good += delivers(peer, wire.toByteArray()) ? 1 : 0;
            }
            return good;
        } finally {
            peer.end();
        }
    }

    /** As {@link #nettyStockDeliveries}, for our encoder. */
    int recyclableDeliveries(int count) throws IOException {
        Inflater peer = new Inflater(true);
        try {
            int good = 0;
            for (int i = 0; i < count; i++) {
                ByteArrayOutputStream wire = new ByteArrayOutputStream();
                discard.copy = wire;
                try {
                    ours.writeMessage(MessageType.TEXT, oursPayload, discard);
                } finally {
                    discard.copy = null;
                }
                good += delivers(peer, wire.toByteArray()) ? 1 : 0;
            }
            return good;
        } finally {
            peer.end();
        }
    }

    private long drain(ByteArrayOutputStream copy) {
        stock.writeOutbound(new TextWebSocketFrame(stockPayload.retainedDuplicate()));
        long bytes = 0;
        Object out;
        while ((out = stock.readOutbound()) != null) {
            ByteBuf b = (ByteBuf) out;
            bytes += b.readableBytes();
            if (copy != null) {
                copy.writeBytes(ByteBufUtil.getBytes(b));
            }
            ReferenceCountUtil.release(out);
        }
        return bytes;
    }

    /**
     * Whether {@code wire} is one compressed text message (unmasked frames, RSV1 on the first
     * only, FIN on the last) that inflates to the message: the frames' payloads joined, the
     * {@code 00 00 ff ff} the sender left out put back (RFC 7692 7.2.2).
     */
    private boolean delivers(Inflater peer, byte[] wire) {
        ByteBuffer in = ByteBuffer.wrap(wire);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        boolean first = true;
        boolean fin = false;
        while (in.hasRemaining() && !fin) {
            int b0 = in.get() & 0xFF;
            boolean rsv1 = (b0 & 0x40) != 0;
            int opcode = b0 & 0x0F;
            if (rsv1 != first || opcode != (first ? 1 : 0)) {
                return false;
            }
            fin = (b0 & 0x80) != 0;
            int len7 = in.get() & 0x7F;
            long length = len7 == 126 ? in.getShort() & 0xFFFF : len7 == 127 ? in.getLong() : len7;
            byte[] payload = new byte[(int) length];
            in.get(payload);
            compressed.writeBytes(payload);
            first = false;
        }
        if (!fin || in.hasRemaining()) {
            return false;
        }
        compressed.write(new byte[] {0, 0, (byte) 0xFF, (byte) 0xFF}, 0, 4);
        peer.setInput(compressed.toByteArray());
        byte[] inflated = new byte[message.length + 1];
        int n = 0;
        try {
            while (n < inflated.length && !peer.needsInput()) {
                int got = peer.inflate(inflated, n, inflated.length - n);
                if (got == 0) {
                    break; // needs input, or the stream ended: either way nothing more comes out
                }
                n += got;
            }
        } catch (DataFormatException e) {
            return false; // not a valid continuation of what this inflater has seen
        }
        return n == message.length && Arrays.equals(message, 0, n, inflated, 0, n) && peer.needsInput();
    }

    @Override
    public void close() {
        stock.finishAndReleaseAll();
        stockPayload.release();
        ours.close();
        oursPayload.close();
    }
}
