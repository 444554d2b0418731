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
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketDecoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

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
public class WebSocketDeflateBenchmark extends InProcessBenchmark {
    @Param({"16384", "1048576"})
    public int messageBytes;

    private BufferPool pool;
    /** Both Netty pipelines, given the first message, fed pooled direct reads (see {@link EmbeddedDecoders}). */
    private EmbeddedDecoders receivers;

    private WebSocketDecoder recyclable;
    private DeflateSenders senders;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        DeflateWire input = DeflateWire.of(messageBytes);
        pool = BufferPool.builder().build();
        receivers = EmbeddedDecoders.deflate(pool, input);
        recyclable = new WebSocketDecoder(
                pool,
                Role.SERVER,
                DeflateWire.LIMITS,
                receivers.listener(),
                DeflateWire.agreed().newInflater());
        recyclable.feed(input.first(), 0, input.first().length);
        senders = new DeflateSenders(pool, input.message());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        recyclable.close();
        receivers.close();
        senders.close();
        assertDrained(pool);
    }

    @Benchmark
    public long receiveRecyclable() throws WebSocketProtocolException {
        return receivers.recyclable(recyclable);
    }

    @Benchmark
    public long receiveRecyclableNetty() {
        return receivers.recyclable();
    }

    @Benchmark
    public long receiveNettyStock() {
        return receivers.nettyStock();
    }

    @Benchmark
    public long sendRecyclable() {
        return senders.recyclable();
    }

    @Benchmark
    public long sendNettyStock() {
        return senders.nettyStock();
    }
}
