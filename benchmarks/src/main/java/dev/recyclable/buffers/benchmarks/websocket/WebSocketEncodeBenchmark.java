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
import dev.recyclable.buffers.benchmarks.JmhDefaults;
import dev.recyclable.buffers.benchmarks.core.DiscardingOutputStream;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketEncoder;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The encoders' own cost per message of {@code messageBytes} in 4 KiB frames, written to sinks
 * that only count: {@link WebSocketEncoder} as a server to a {@link GatheringByteChannel} and to
 * an {@link OutputStream}, as a client (masking) to an {@link OutputStream}, and
 * {@link RecyclableWebSocketEncoder} as a server in a Netty pipeline whose head releases what it
 * is given. Run with {@code -prof gc}: the aim is no allocation per frame.
 */
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", JmhDefaults.PRE_TOUCH, JmhDefaults.NETTY_LEAK_DETECTION_OFF})
public class WebSocketEncodeBenchmark extends InProcessBenchmark {
    @Param({"1024", "1048576"})
    public int messageBytes;

    private BufferPool pool;
    private RecyclableOutputStream payload;
    private byte[] bytes;
    private WebSocketEncoder server;
    private WebSocketEncoder client;
    private final CountingChannel channel = new CountingChannel();
    private final DiscardingOutputStream stream = new DiscardingOutputStream();
    private EmbeddedChannel netty;
    private final Releaser releaser = new Releaser();

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        pool = BufferPool.builder().build();
        bytes = new byte[messageBytes];
        new SplittableRandom(7).nextBytes(bytes);
        payload = pool.newStream();
        payload.write(bytes);
        server = new WebSocketEncoder(Role.SERVER, WireMessages.FRAGMENT);
        client = new WebSocketEncoder(Role.CLIENT, WireMessages.FRAGMENT, new SplittableRandom(3));
        netty = new EmbeddedChannel(releaser, new RecyclableWebSocketEncoder(Role.SERVER, WireMessages.FRAGMENT));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        payload.close();
        netty.finishAndReleaseAll();
        assertDrained(pool);
    }

    @Benchmark
    public long serverToChannel() throws Exception {
        server.writeMessage(MessageType.BINARY, payload, channel);
        return channel.bytes;
    }

    @Benchmark
    public long serverToStream() throws Exception {
        server.writeMessage(MessageType.BINARY, payload, stream);
        return stream.bytesSeen();
    }

    @Benchmark
    public long clientToStream() throws Exception {
        client.writeMessage(MessageType.BINARY, payload, stream);
        return stream.bytesSeen();
    }

    @Benchmark
    public long nettyServer() throws Exception {
        // the message owns its stream and the encoder closes it, so each op fills a fresh one
        // (a copy of messageBytes into pooled chunks, the same in every run: compare runs, not methods)
        RecyclableOutputStream content = pool.newStream();
        content.write(bytes);
        netty.writeAndFlush(WebSocketMessage.binary(content));
        return releaser.bytes;
    }

    /** Closest to the head: takes every outbound buffer as a socket would, counts and releases it. */
    static final class Releaser extends ChannelOutboundHandlerAdapter {
        long bytes;

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof io.netty.buffer.ByteBuf buf) {
                bytes += buf.readableBytes();
            }
            ReferenceCountUtil.release(msg);
            promise.trySuccess();
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {}
    }

    /** Takes every write whole and counts it; drops the bytes unless {@link #copy} is set (content checks). */
    static final class CountingChannel implements GatheringByteChannel {
        long bytes;
        /** Where the bytes written go, off the measured path; null: dropped. */
        java.io.ByteArrayOutputStream copy;

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            long n = 0;
            for (int i = offset; i < offset + length; i++) {
                n += write(srcs[i]);
            }
            return n;
        }

        @Override
        public long write(ByteBuffer[] srcs) {
            return write(srcs, 0, srcs.length);
        }

        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            if (copy != null) {
                byte[] b = new byte[n];
                src.get(b);
                copy.writeBytes(b);
            }
            src.position(src.limit());
            bytes += n;
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {}
    }
}
