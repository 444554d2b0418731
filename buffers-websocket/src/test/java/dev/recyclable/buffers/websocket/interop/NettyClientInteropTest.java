package dev.recyclable.buffers.websocket.interop;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A Netty client with our handshaker, decoder and (masking) encoder against the npm ws server. */
class NettyClientInteropTest {
    private final BufferPool pool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void nettyClientWithOurHandlersAgainstWsServer() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try (NodePeer node = NodePeer.start("echo-server", "4096")) {
            URI uri = URI.create("ws://127.0.0.1:" + node.port() + "/");
            NettyWsClient client = NettyWsClient.connect(group, uri, pool, WebSocketLimits.DEFAULT, 3000);
            Channel ch = client.channel;
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
