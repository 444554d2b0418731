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
import dev.recyclable.buffers.websocket.PerMessageDeflate;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.Utf8FrameValidator;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.util.ReferenceCountUtil;
import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * A server's receive path without a socket: the same client-masked frames, cut into 16 KiB reads
 * that land in pooled direct {@code ByteBuf}s as from a socket, fired into two pipelines on the
 * calling thread: Netty's stock {@code WebSocket08FrameDecoder} + {@code Utf8FrameValidator} +
 * {@code WebSocketFrameAggregator}, and our {@link RecyclableWebSocketDecoder}; with
 * permessage-deflate ({@link #deflate}) Netty's inflating decoder sits after its frame decoder,
 * as {@code WebSocketServerCompressionHandler} installs it, and ours inflates on its own. A third
 * receiver, our plain {@link WebSocketDecoder} made with {@link #listener()}, is fed the same
 * reads as arrays ({@link #recyclable(WebSocketDecoder)}).
 */
final class EmbeddedDecoders implements AutoCloseable {
    private static final int READ = 16 * 1024;

    private final byte[] wire;
    private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
    private final Sink sink;
    private final EmbeddedChannel stock;
    private final EmbeddedChannel ours;
    private final EmbeddedChannel transportOnly;

    /** Uncompressed: one message of {@code payload} in {@link ShowcaseServer#FRAGMENT}-byte frames. */
    EmbeddedDecoders(BufferPool pool, byte[] payload, boolean text) {
        this(pool, WireMessages.frames(payload, text, ShowcaseServer.FRAGMENT, true), WebSocketLimits.DEFAULT);
    }

    /** Uncompressed: one message as {@code wire}'s client-masked frames; both pipelines held to {@code limits}. */
    EmbeddedDecoders(BufferPool pool, byte[] wire, WebSocketLimits limits) {
        this(wire, new Sink(), sink -> new ChannelHandler[][] {
            {
                new WebSocket08FrameDecoder(WebSocketDecoderConfig.newBuilder()
                        .expectMaskedFrames(true)
                        .allowExtensions(false)
                        .maxFramePayloadLength((int) limits.maxFramePayload())
                        .build()),
                new Utf8FrameValidator(),
                new WebSocketFrameAggregator((int) limits.maxMessageSize()),
                sink
            },
            {new RecyclableWebSocketDecoder(pool, Role.SERVER, limits), sink}
        });
    }

    /**
     * permessage-deflate, context takeover: both pipelines are given {@code input}'s first
     * message here, then each receive is {@code input.repeated()}, a valid continuation.
     */
    static EmbeddedDecoders deflate(BufferPool pool, DeflateWire input) {
        EmbeddedDecoders decoders = new EmbeddedDecoders(input.repeated(), new Sink(), sink -> {
            WebSocketLimits limits = DeflateWire.LIMITS;
            PerMessageDeflate agreed = DeflateWire.agreed();
            return new ChannelHandler[][] {
                {
                    new WebSocket08FrameDecoder(WebSocketDecoderConfig.newBuilder()
                            .expectMaskedFrames(true)
                            .allowExtensions(true)
                            .maxFramePayloadLength((int) limits.maxFramePayload())
                            .build()),
                    DeflateWire.nettyExtension().newExtensionDecoder(),
                    new Utf8FrameValidator(),
                    new WebSocketFrameAggregator(DeflateWire.MAX),
                    sink
                },
                {new RecyclableWebSocketDecoder(pool, Role.SERVER, limits, true, agreed), sink}
            };
        });
        try {
            decoders.receive(decoders.stock, input.first());
            decoders.receive(decoders.ours, input.first());
            return decoders;
        } catch (RuntimeException | Error e) {
            decoders.close();
            throw e;
        }
    }

    private EmbeddedDecoders(byte[] wire, Sink sink, Function<Sink, ChannelHandler[][]> pipelines) {
        this.wire = wire;
        this.sink = sink;
        ChannelHandler[][] handlers = pipelines.apply(sink);
        stock = new EmbeddedChannel(handlers[0]);
        ours = new EmbeddedChannel(handlers[1]);
        transportOnly = new EmbeddedChannel(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
            }
        });
    }

    /**
     * The reads alone, released unread: what the simulated socket costs whichever decoder
     * follows (Netty's pooled direct buffers are not free to obtain either).
     */
    void transportOnly() {
        feed(transportOnly);
    }

    /** One message through Netty's stock pipeline; returns its payload length. */
    long nettyStock() {
        return receive(stock);
    }

    /** One message through our decoder; returns its payload length. */
    long recyclable() {
        return receive(ours);
    }

    /** Where a plain {@link WebSocketDecoder} for {@link #recyclable(WebSocketDecoder)} delivers. */
    WebSocketListener listener() {
        return sink;
    }

    /**
     * One message through our plain decoder (made with {@link #listener()}), fed the reads as the
     * arrays they are; returns its payload length.
     */
    long recyclable(WebSocketDecoder decoder) throws WebSocketProtocolException {
        int before = sink.messages;
        long bytesBefore = sink.bytes;
        for (int i = 0; i < wire.length; i += READ) {
            decoder.feed(wire, i, Math.min(READ, wire.length - i));
        }
        return received(before, bytesBefore);
    }

    /** CRC-32 of the payload each pipeline delivers, computed off the measured path. */
    long checksumNettyStock() {
        return checksum(stock);
    }

    long checksumRecyclable() {
        return checksum(ours);
    }

    private long checksum(EmbeddedChannel channel) {
        sink.crc = new MessageCrc();
        try {
            receive(channel);
            return sink.crc.value();
        } finally {
            sink.crc = null;
        }
    }

    private long receive(EmbeddedChannel channel) {
        return receive(channel, wire);
    }

    private long receive(EmbeddedChannel channel, byte[] frames) {
        int before = sink.messages;
        long bytesBefore = sink.bytes;
        feed(channel, frames);
        return received(before, bytesBefore);
    }

    /** The payload bytes of the one message that arrived since {@code before}; throws if not exactly one. */
    private long received(int before, long bytesBefore) {
        if (sink.messages != before + 1) {
            throw new IllegalStateException("expected one message, got " + (sink.messages - before));
        }
        return sink.bytes - bytesBefore;
    }

    private void feed(EmbeddedChannel channel) {
        feed(channel, wire);
    }

    private void feed(EmbeddedChannel channel, byte[] frames) {
        for (int i = 0; i < frames.length; i += READ) {
            int n = Math.min(READ, frames.length - i);
            ByteBuf read = alloc.directBuffer(n, n).writeBytes(frames, i, n);
            channel.pipeline().fireChannelRead(read);
            channel.pipeline().fireChannelReadComplete();
        }
    }

    @Override
    public void close() {
        transportOnly.finishAndReleaseAll();
        stock.finishAndReleaseAll();
        ours.finishAndReleaseAll();
    }

    /** The application: counts messages and bytes; checksums them when asked to. */
    @ChannelHandler.Sharable
    private static final class Sink extends ChannelInboundHandlerAdapter implements WebSocketListener {
        int messages;
        long bytes;
        MessageCrc crc;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof WebSocketMessage message) {
                onMessage(message); // released by our decoder when this returns
            } else if (msg instanceof WebSocketFrame frame) {
                try {
                    messages++;
                    bytes += frame.content().readableBytes();
                    if (crc != null) {
                        for (ByteBuffer part : frame.content().nioBuffers()) {
                            crc.visit(part);
                        }
                    }
                } finally {
                    frame.release();
                }
            } else {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void onMessage(WebSocketMessage message) {
            messages++;
            bytes += message.length();
            if (crc != null) {
                crc.update(message);
            }
        }
    }
}
