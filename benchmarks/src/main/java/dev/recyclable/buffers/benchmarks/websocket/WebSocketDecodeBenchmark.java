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
import java.nio.charset.CharacterCodingException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decoder + assembler in-process: one message of {@code messageBytes} as pre-built, client-masked
 * frames of 4 KiB fragments, received in 16 KiB reads, per operation. Contenders:
 * <ul>
 *   <li>{@code recyclable}: our {@link WebSocketDecoder} fed the read arrays directly;</li>
 *   <li>{@code recyclableNetty}: our {@link RecyclableWebSocketDecoder} in an {@link EmbeddedChannel},
 *       fed pooled direct {@code ByteBuf}s as a socket read would deliver them;</li>
 *   <li>{@code nettyStock}: {@code WebSocket08FrameDecoder} + {@code Utf8FrameValidator} +
 *       {@code WebSocketFrameAggregator} in an {@code EmbeddedChannel}, fed the same buffers;</li>
 *   <li>{@code typical}: a fresh array per frame into a {@code ByteArrayOutputStream}, then
 *       {@code toByteArray()} or a validating decode into a {@code StringBuilder}.</li>
 * </ul>
 * Every contender validates text as UTF-8. Run with {@code -prof gc}: the target is under 41 B
 * per 4 KiB frame for ours ({@code gc.alloc.rate.norm / (messageBytes / 4096)}), at least 2x
 * Netty's throughput for binary and 3x for text.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-Dio.netty.leakDetection.level=disabled"})
public class WebSocketDecodeBenchmark {
    static final int READ = 16 * 1024;

    /** 1 KiB, 64 KiB, 1 MiB, 16 MiB. */
    @Param({"1024", "65536", "1048576", "16777216"})
    public int messageBytes;

    @Param({"TEXT", "BINARY"})
    public String type;

    private byte[] wire;
    private BufferPool pool;
    private WebSocketDecoder recyclable;
    private final Sink sink = new Sink();
    private EmbeddedChannel recyclableNetty;
    private EmbeddedChannel nettyStock;
    private ByteBufAllocator alloc;

    /** Consumes what each contender delivers, touching only its length. */
    @ChannelHandler.Sharable
    static final class Sink extends ChannelInboundHandlerAdapter implements WebSocketListener {
        long bytes;
        int messages;

        @Override
        public void onMessage(WebSocketMessage message) {
            bytes += message.length();
            messages++;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof WebSocketMessage m) {
                onMessage(m); // released by our decoder when this returns
            } else if (msg instanceof WebSocketFrame f) {
                bytes += f.content().readableBytes();
                messages++;
                f.release();
            } else {
                ReferenceCountUtil.release(msg);
            }
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        boolean text = type.equals("TEXT");
        byte[] payload = text ? WireMessages.text(messageBytes) : WireMessages.binary(messageBytes);
        wire = WireMessages.frames(payload, text, WireMessages.FRAGMENT, true);
        pool = BufferPool.builder().build();
        WebSocketLimits limits = new WebSocketLimits(1 << 20, 64L << 20, 1 << 16);
        recyclable = new WebSocketDecoder(pool, Role.SERVER, limits, sink);
        alloc = PooledByteBufAllocator.DEFAULT;
        recyclableNetty = new EmbeddedChannel(new RecyclableWebSocketDecoder(pool, Role.SERVER, limits), sink);
        WebSocketDecoderConfig config = WebSocketDecoderConfig.newBuilder()
                .expectMaskedFrames(true)
                .allowExtensions(false)
                .maxFramePayloadLength(1 << 20)
                .build();
        nettyStock = new EmbeddedChannel(
                new WebSocket08FrameDecoder(config),
                new Utf8FrameValidator(),
                new WebSocketFrameAggregator(64 << 20),
                sink);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        recyclable.close();
        recyclableNetty.finishAndReleaseAll();
        nettyStock.finishAndReleaseAll();
        if (pool.stats().bytesInUse() != 0) {
            throw new IllegalStateException("pool leak: " + pool.stats());
        }
    }

    @Benchmark
    public int recyclable() throws WebSocketProtocolException {
        int before = sink.messages;
        for (int i = 0; i < wire.length; i += READ) {
            recyclable.feed(wire, i, Math.min(READ, wire.length - i));
        }
        return check(before);
    }

    @Benchmark
    public int recyclableNetty() {
        int before = sink.messages;
        feedReads(recyclableNetty);
        return check(before);
    }

    @Benchmark
    public int nettyStock() {
        int before = sink.messages;
        feedReads(nettyStock);
        return check(before);
    }

    @Benchmark
    public Object typical() throws CharacterCodingException {
        TypicalAccumulator typical = new TypicalAccumulator(); // per connection state, as cheap as ours
        int messages = 0;
        for (int i = 0; i < wire.length; i += READ) {
            messages += typical.feed(wire, i, Math.min(READ, wire.length - i));
        }
        if (messages != 1) {
            throw new IllegalStateException("typical decoded " + messages + " messages");
        }
        return typical.last();
    }

    /**
     * Each 16 KiB read lands in a fresh pooled direct buffer, as from a socket, and goes straight
     * into the pipeline as the transport would fire it ({@code EmbeddedChannel.writeInbound}
     * would add its own per-call garbage to both Netty contenders).
     */
    private void feedReads(EmbeddedChannel channel) {
        for (int i = 0; i < wire.length; i += READ) {
            int n = Math.min(READ, wire.length - i);
            ByteBuf read = alloc.directBuffer(n, n).writeBytes(wire, i, n);
            channel.pipeline().fireChannelRead(read);
            channel.pipeline().fireChannelReadComplete();
        }
    }

    private int check(int before) {
        if (sink.messages != before + 1) {
            throw new IllegalStateException("expected one message, got " + (sink.messages - before));
        }
        return sink.messages;
    }
}
