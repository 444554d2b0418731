package dev.recyclable.buffers.websocket.interop;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketClientHandshaker;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** A Netty client with our handshaker, decoder and (masking) encoder against the npm ws server. */
class NettyClientInteropTest {
    private final BufferPool pool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private static final class Client extends SimpleChannelInboundHandler<Object> {
        final RecyclableWebSocketClientHandshaker handshaker;
        final BlockingQueue<String> events = new LinkedBlockingQueue<>();
        ChannelPromise handshakeDone;

        Client(RecyclableWebSocketClientHandshaker handshaker) {
            this.handshaker = handshaker;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            handshakeDone = ctx.newPromise();
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            handshaker.handshake(ctx.channel());
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof FullHttpResponse response) {
                handshaker.finishHandshake(ctx.channel(), response);
                handshakeDone.setSuccess();
            } else if (msg instanceof WebSocketMessage m) {
                events.add(m.type() + ":" + MessageDigests.sha256(m.content()));
            } else if (msg instanceof ControlFrame c) {
                events.add(c.opcode() == Opcodes.CLOSE ? "close:" + c.closeCode() : c.toString());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            events.add("error:" + cause);
            ctx.close();
        }

        String next() throws InterruptedException {
            String e = events.poll(60, TimeUnit.SECONDS);
            assertNotNull(e, "no event within 60 s");
            return e;
        }
    }

    @Test
    void nettyClientWithOurHandlersAgainstWsServer() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try (NodePeer node = NodePeer.start("echo-server", "4096")) {
            URI uri = URI.create("ws://127.0.0.1:" + node.port() + "/");
            Client client = new Client(new RecyclableWebSocketClientHandshaker(uri, pool, WebSocketLimits.DEFAULT, 3000));
            Channel ch = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(8192), client);
                        }
                    })
                    .connect(uri.getHost(), uri.getPort()).sync().channel();
            client.handshakeDone.await(10, TimeUnit.SECONDS);
            int seed = 500;
            for (int size : Payloads.SIZES) {
                for (MessageType type : MessageType.values()) {
                    byte[] payload = type == MessageType.TEXT ? Payloads.text(size, seed) : Payloads.binary(size, seed);
                    seed++;
                    RecyclableOutputStream s = pool.newStream();
                    s.write(payload);
                    ch.writeAndFlush(type == MessageType.TEXT ? WebSocketMessage.text(s) : WebSocketMessage.binary(s))
                            .sync();
                    if (size > 4096) {
                        assertEquals("Ping[11 bytes]", client.next());
                    }
                    assertEquals(type + ":" + MessageDigests.sha256(payload), client.next(), "size " + size);
                }
            }
            ch.writeAndFlush(ControlFrame.close(1000, "bye")).sync();
            assertEquals("close:1000", client.next());
            ch.closeFuture().await(10, TimeUnit.SECONDS);
            assertEquals("CLOSED 1000", node.awaitLine("CLOSED", 10_000));
        } finally {
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
        }
    }
}
