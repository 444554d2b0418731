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
import dev.recyclable.buffers.SegmentVisitor;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketAdapter;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketClientHandshaker;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketDecoder;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** The receiving sides of the loopback benchmark; each releases one permit per complete message. */
final class LoopbackClients {
    private LoopbackClients() {}

    interface Client extends AutoCloseable {
        /** Asks the peer for {@code count} messages. */
        void request(String command) throws Exception;

        @Override
        void close() throws Exception;
    }

    static Client open(String kind, int port, Semaphore received, BufferPool pool, ContentCheck check)
            throws Exception {
        URI uri = URI.create("ws://127.0.0.1:" + port + "/");
        return switch (kind) {
            case "recyclableNetty" -> new NettyClient(uri, received, pool, true, check);
            case "nettyStock" -> new NettyClient(uri, received, pool, false, check);
            case "nettyFloor" -> NettyClient.floor(uri, received, pool, check);
            case "jdkRecyclable" -> new JdkClient(uri, adapter(pool, new InPlaceReader(received, check)));
            case "jdkRecyclableString" -> new JdkClient(uri, adapter(pool, new StringReader(received, check)));
            case "jdkTypical" -> new JdkClient(uri, new Typical(received, check, false));
            case "jdkTypicalUtf8" -> new JdkClient(uri, new Typical(received, check, true));
            case "jdkFloor" -> new JdkClient(uri, new DroppingJdkListener(received, check));
            default -> throw new IllegalArgumentException(kind);
        };
    }

    static JdkWebSocketAdapter adapter(BufferPool pool, WebSocketListener listener) {
        return new JdkWebSocketAdapter(pool, new WebSocketLimits(64L << 20, 64L << 20, 1 << 16), listener);
    }

    /**
     * Our adapter's listener that wants the payload's bytes (the UTF-8, for text): it reads them
     * in place from the pooled chunks ({@code forEachSegment}), as a user who wants bytes
     * would, and keeps their count.
     */
    static final class InPlaceReader implements WebSocketListener, SegmentVisitor {
        private final Semaphore received;
        private final ContentCheck check;
        private long bytes;
        volatile long lastLength;

        InPlaceReader(Semaphore received, ContentCheck check) {
            this.received = received;
            this.check = check;
        }

        @Override
        public void onMessage(WebSocketMessage message) {
            bytes = 0;
            try {
                message.content().forEachSegment(this);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            lastLength = bytes;
            if (check.armed()) {
                check.update(message.toByteArray()); // raw UTF-8 for text
                check.messageEnd();
            }
            received.release();
        }

        @Override
        public void visit(byte[] array, int offset, int length) {
            bytes += length;
        }

        @Override
        public void visit(ByteBuffer segment) {
            bytes += segment.remaining();
        }
    }

    /** Our adapter's listener that wants a text message as a {@code String} ({@code message.text()}); keeps the last one. */
    static final class StringReader implements WebSocketListener {
        private final Semaphore received;
        private final ContentCheck check;
        volatile Object last;

        StringReader(Semaphore received, ContentCheck check) {
            this.received = received;
            this.check = check;
        }

        @Override
        public void onMessage(WebSocketMessage message) {
            if (message.isText()) {
                String text = message.text();
                last = text;
                if (check.armed()) { // the UTF-8 bytes only for the check, off the measured path
                    check.update(text.getBytes(StandardCharsets.UTF_8));
                    check.messageEnd();
                }
            } else {
                last = message.length();
                if (check.armed()) {
                    check.update(message.toByteArray());
                    check.messageEnd();
                }
            }
            received.release();
        }
    }

    /** Netty client: our handshaker + handlers, or Netty's protocol handler + aggregator. */
    static final class NettyClient implements Client {
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        private final Channel channel;
        private final boolean recyclable;
        private final BufferPool pool;

        NettyClient(URI uri, Semaphore received, BufferPool pool, boolean recyclable, ContentCheck check)
                throws Exception {
            this.recyclable = recyclable;
            this.pool = pool;
            Counter counter = new Counter(received, check);
            RecyclableWebSocketClientHandshaker handshaker = recyclable
                    ? new RecyclableWebSocketClientHandshaker(
                            uri, pool, new WebSocketLimits(64L << 20, 64L << 20, 1 << 16), 0)
                    : null;
            channel = new Bootstrap()
                    .group(group)
                    .channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(8192));
                            if (recyclable) {
                                ch.pipeline().addLast(new OurHandshake(handshaker), counter);
                            } else {
                                ch.pipeline()
                                        .addLast(
                                                new WebSocketClientProtocolHandler(
                                                        WebSocketClientProtocolConfig.newBuilder()
                                                                .webSocketUri(uri)
                                                                .maxFramePayloadLength(64 << 20)
                                                                .build()),
                                                new WebSocketFrameAggregator(64 << 20),
                                                counter);
                            }
                        }
                    })
                    .connect(uri.getHost(), uri.getPort())
                    .sync()
                    .channel();
            if (recyclable) {
                channel.pipeline().get(OurHandshake.class).done.await(10, TimeUnit.SECONDS);
            } else {
                counter.handshakeDone.acquire();
            }
        }

        /**
         * Our handshake and encoder (for the requests), with the decoder replaced by a
         * {@link FrameSkipper}: the transport's own cost per message.
         */
        static NettyClient floor(URI uri, Semaphore received, BufferPool pool, ContentCheck check) throws Exception {
            NettyClient client = new NettyClient(uri, received, pool, true, check);
            client.channel
                    .eventLoop()
                    .submit(() -> client.channel
                            .pipeline()
                            .replace(RecyclableWebSocketDecoder.class, "floor", new FrameSkipper(received, check)))
                    .sync();
            return client;
        }

        @Override
        public void request(String command) throws Exception {
            if (recyclable) {
                RecyclableOutputStream s = pool.newStream();
                s.write(command.getBytes(StandardCharsets.UTF_8));
                channel.writeAndFlush(WebSocketMessage.text(s));
            } else {
                channel.writeAndFlush(new TextWebSocketFrame(command));
            }
        }

        @Override
        public void close() throws Exception {
            channel.close().sync();
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
        }
    }

    static final class OurHandshake extends ChannelInboundHandlerAdapter {
        final RecyclableWebSocketClientHandshaker handshaker;
        ChannelPromise done;

        OurHandshake(RecyclableWebSocketClientHandshaker handshaker) {
            this.handshaker = handshaker;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            done = ctx.newPromise();
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            handshaker.handshake(ctx.channel());
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof FullHttpResponse response) {
                try {
                    handshaker.finishHandshake(ctx.channel(), response);
                } finally {
                    response.release();
                }
                done.setSuccess();
            } else {
                ctx.fireChannelRead(msg);
            }
        }
    }

    @ChannelHandler.Sharable
    static final class Counter extends ChannelInboundHandlerAdapter {
        final Semaphore received;
        final ContentCheck check;
        final Semaphore handshakeDone = new Semaphore(0);

        Counter(Semaphore received, ContentCheck check) {
            this.received = received;
            this.check = check;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                handshakeDone.release();
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof WebSocketMessage m) {
                if (check.armed()) {
                    check.update(m.toByteArray());
                    check.messageEnd();
                }
                received.release(); // released by our decoder when this returns
            } else if (msg instanceof WebSocketFrame frame) {
                if (check.armed()) {
                    check.update(ByteBufUtil.getBytes(frame.content()));
                    check.messageEnd();
                }
                frame.release();
                received.release();
            } else {
                ReferenceCountUtil.release(msg);
            }
        }
    }

    static final class JdkClient implements Client {
        private final WebSocket webSocket;

        JdkClient(URI uri, WebSocket.Listener listener) {
            webSocket = HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(uri, listener)
                    .join();
        }

        @Override
        public void request(String command) {
            webSocket.sendText(command, true).join();
        }

        @Override
        public void close() {
            webSocket.abort();
        }
    }

    /**
     * Typical user code on the JDK client ({@link TypicalJdkListener}); keeps the last message.
     * With {@code utf8}, a text message is wanted as bytes: {@code getBytes(UTF_8)} of the
     * {@code String}, as a user who wants bytes writes it.
     */
    static final class Typical extends TypicalJdkListener {
        private final Semaphore received;
        private final ContentCheck check;
        private final boolean utf8;
        volatile Object last;

        Typical(Semaphore received, ContentCheck check, boolean utf8) {
            this.received = received;
            this.check = check;
            this.utf8 = utf8;
        }

        @Override
        void text(String message) {
            if (utf8) {
                byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
                last = bytes;
                if (check.armed()) {
                    check.update(bytes);
                    check.messageEnd();
                }
            } else {
                last = message;
                if (check.armed()) { // the UTF-8 bytes only for the check, off the measured path
                    check.update(message.getBytes(StandardCharsets.UTF_8));
                    check.messageEnd();
                }
            }
            received.release();
        }

        @Override
        void binary(byte[] message) {
            last = message;
            if (check.armed()) {
                check.update(message);
                check.messageEnd();
            }
            received.release();
        }
    }

    /** The JDK client's own floor: every delivery dropped. */
    static final class DroppingJdkListener implements WebSocket.Listener {
        private final Semaphore received;
        private final ContentCheck check;
        /** Only while the check is armed: a UTF-16 pair may be split between two deliveries. */
        private final StringBuilder checkedText = new StringBuilder();

        DroppingJdkListener(Semaphore received, ContentCheck check) {
            this.received = received;
            this.check = check;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            if (check.armed()) {
                checkedText.append(data);
                if (last) {
                    check.update(checkedText.toString().getBytes(StandardCharsets.UTF_8));
                    checkedText.setLength(0);
                    check.messageEnd();
                }
            }
            if (last) {
                received.release();
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            if (check.armed()) {
                check.update(data);
                if (last) {
                    check.messageEnd();
                }
            }
            if (last) {
                received.release();
            }
            webSocket.request(1);
            return null;
        }
    }
}
