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
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.deflate.DeflateOptions;
import dev.recyclable.buffers.websocket.deflate.PerMessageDeflate;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.Utf8FrameValidator;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.util.ReferenceCountUtil;
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
 * permessage-deflate in-process, server side, context takeover (the RFC's default), one
 * compressible text message of {@code messageBytes} (JSON-like: {@link DeflateWire#json}) per operation.
 * <ul>
 *   <li>receive: the client's compressed, masked frames (4 KiB fragments) in 16 KiB reads into
 *       {@code receiveRecyclable} (our {@link WebSocketDecoder} with its inflater),
 *       {@code receiveRecyclableNetty} (our {@link RecyclableWebSocketDecoder} fed pooled direct
 *       reads) and {@code receiveNettyStock} ({@code WebSocket08FrameDecoder} + Netty's
 *       permessage-deflate decoder from {@code PerMessageDeflateServerExtensionHandshaker} +
 *       {@code Utf8FrameValidator} + {@code WebSocketFrameAggregator}, the same reads);</li>
 *   <li>send: {@code sendRecyclable} (our {@link WebSocketEncoder} with its deflater, gathering
 *       write to a discarding channel) and {@code sendNettyStock} (Netty's permessage-deflate
 *       encoder + {@code WebSocket08FrameEncoder} in an {@code EmbeddedChannel}).</li>
 * </ul>
 * The receive input is the same compressed bytes every operation ({@link DeflateWire}: under
 * context takeover the repeated message compresses identically), so every receiver inflates a
 * valid continuation. Run with
 * {@code -prof gc}: target at most 1% of the message allocated per message, and 2x Netty's
 * receive throughput.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-Dio.netty.leakDetection.level=disabled"})
public class WebSocketDeflateBenchmark {
    private static final int READ = 16 * 1024;

    @Param({"16384", "1048576"})
    public int messageBytes;

    private byte[] message;
    private byte[] firstWire;
    private byte[] wire;
    private BufferPool pool;
    private final WebSocketDecodeBenchmark.Sink sink = new WebSocketDecodeBenchmark.Sink();
    private WebSocketDecoder recyclable;
    private EmbeddedChannel recyclableNetty;
    private EmbeddedChannel nettyStock;
    private ByteBufAllocator alloc;

    private PerMessageDeflate sendDeflate;
    private WebSocketEncoder encoder;
    private RecyclableOutputStream outgoing;
    private final WebSocketEncodeBenchmark.CountingChannel discard = new WebSocketEncodeBenchmark.CountingChannel();
    private EmbeddedChannel nettySend;
    private ByteBuf outgoingNetty;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        DeflateWire input = DeflateWire.of(messageBytes);
        message = input.message();
        firstWire = input.first();
        wire = input.repeated();

        pool = BufferPool.builder().build();
        alloc = PooledByteBufAllocator.DEFAULT;
        WebSocketLimits limits = new WebSocketLimits(1 << 20, DeflateWire.MAX, 1 << 16);
        PerMessageDeflate server = PerMessageDeflate.negotiateAsServer("permessage-deflate", DeflateOptions.DEFAULT)
                .orElseThrow();
        recyclable = new WebSocketDecoder(pool, Role.SERVER, limits, sink, server.newInflater());
        recyclable.feed(firstWire, 0, firstWire.length);
        recyclableNetty =
                new EmbeddedChannel(new RecyclableWebSocketDecoder(pool, Role.SERVER, limits, true, server), sink);
        feedReads(recyclableNetty, firstWire);
        WebSocketDecoderConfig config = WebSocketDecoderConfig.newBuilder()
                .expectMaskedFrames(true)
                .allowExtensions(true)
                .maxFramePayloadLength(1 << 20)
                .build();
        nettyStock = new EmbeddedChannel(
                new WebSocket08FrameDecoder(config),
                DeflateWire.nettyExtension().newExtensionDecoder(),
                new Utf8FrameValidator(),
                new WebSocketFrameAggregator(DeflateWire.MAX),
                sink);
        feedReads(nettyStock, firstWire);

        sendDeflate = PerMessageDeflate.negotiateAsServer("permessage-deflate", DeflateOptions.DEFAULT)
                .orElseThrow();
        encoder = new WebSocketEncoder(Role.SERVER, 0, null, sendDeflate.newDeflater());
        outgoing = pool.newStream();
        outgoing.write(message);
        nettySend = new EmbeddedChannel(
                new WebSocket08FrameEncoder(false), DeflateWire.nettyExtension().newExtensionEncoder());
        outgoingNetty = alloc.directBuffer(message.length).writeBytes(message);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        recyclable.close();
        recyclableNetty.finishAndReleaseAll();
        nettyStock.finishAndReleaseAll();
        encoder.close();
        outgoing.close();
        nettySend.finishAndReleaseAll();
        outgoingNetty.release();
        if (pool.stats().bytesInUse() != 0) {
            throw new IllegalStateException("pool leak: " + pool.stats());
        }
    }

    @Benchmark
    public int receiveRecyclable() throws WebSocketProtocolException {
        int before = sink.messages;
        for (int i = 0; i < wire.length; i += READ) {
            recyclable.feed(wire, i, Math.min(READ, wire.length - i));
        }
        return check(before);
    }

    @Benchmark
    public int receiveRecyclableNetty() {
        int before = sink.messages;
        feedReads(recyclableNetty, wire);
        return check(before);
    }

    @Benchmark
    public int receiveNettyStock() {
        int before = sink.messages;
        feedReads(nettyStock, wire);
        return check(before);
    }

    @Benchmark
    public long sendRecyclable() throws Exception {
        encoder.writeMessage(MessageType.TEXT, outgoing, discard);
        return discard.bytes;
    }

    @Benchmark
    public long sendNettyStock() {
        nettySend.writeOutbound(new TextWebSocketFrame(outgoingNetty.retainedDuplicate()));
        long bytes = 0;
        Object out;
        while ((out = nettySend.readOutbound()) != null) {
            bytes += ((ByteBuf) out).readableBytes();
            ReferenceCountUtil.release(out);
        }
        return bytes;
    }

    private void feedReads(EmbeddedChannel channel, byte[] frames) {
        for (int i = 0; i < frames.length; i += READ) {
            int n = Math.min(READ, frames.length - i);
            ByteBuf read = alloc.directBuffer(n, n).writeBytes(frames, i, n);
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
