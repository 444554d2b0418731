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
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketDecoder;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.CharacterCodingException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

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
public class WebSocketDecodeBenchmark extends InProcessBenchmark {
    static final int READ = 16 * 1024;

    /** 1 KiB, 64 KiB, 1 MiB, 16 MiB. */
    @Param({"1024", "65536", "1048576", "16777216"})
    public int messageBytes;

    @Param({"TEXT", "BINARY"})
    public String type;

    private byte[] wire;
    private BufferPool pool;
    /** Both Netty pipelines, fed pooled direct reads (see {@link EmbeddedDecoders}). */
    private EmbeddedDecoders netty;

    private WebSocketDecoder recyclable;

    @Setup(Level.Trial)
    public void setUp() {
        boolean text = type.equals("TEXT");
        byte[] payload = text ? WireMessages.text(messageBytes) : WireMessages.binary(messageBytes);
        wire = WireMessages.frames(payload, text, WireMessages.FRAGMENT, true);
        pool = BufferPool.builder().build();
        WebSocketLimits limits = new WebSocketLimits(1 << 20, 64L << 20, 1 << 16);
        netty = new EmbeddedDecoders(pool, wire, limits);
        recyclable = new WebSocketDecoder(pool, Role.SERVER, limits, netty.listener());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        recyclable.close();
        netty.close();
        assertDrained(pool);
    }

    @Benchmark
    public long recyclable() throws WebSocketProtocolException {
        return netty.recyclable(recyclable);
    }

    @Benchmark
    public long recyclableNetty() {
        return netty.recyclable();
    }

    @Benchmark
    public long nettyStock() {
        return netty.nettyStock();
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
}
