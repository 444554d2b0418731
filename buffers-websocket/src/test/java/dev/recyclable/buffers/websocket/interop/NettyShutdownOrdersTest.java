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
package dev.recyclable.buffers.websocket.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.netty.WebSocketUpgradeHandler;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real Netty servers and clients on loopback, each connection holding what a live WebSocket
 * connection holds on both sides (the chunk kept for the next message, and half a message
 * received), shut down in the orders Netty applications write. Whatever the order, every chunk
 * goes back to each side's pool, without waiting for the peer.
 *
 * <p>The event loop's own race is among them: a {@code shutdownGracefully} with no quiet period
 * that lands while the loop runs a task (a {@code serverChannel.close().sync()} just before
 * leaves it such tasks) ends the loop without closing its channels.
 */
class NettyShutdownOrdersTest {
    private static final int CONNECTIONS = 3;
    private static final int PARTIAL = 20_000;

    private final BufferPool serverPool = BufferPool.builder().build();
    private final BufferPool clientPool = BufferPool.builder().build();
    private final EventLoopGroup serverGroup = Loopback.group();
    private final EventLoopGroup clientGroup = Loopback.group();
    private final Queue<Channel> accepted = new ConcurrentLinkedQueue<>();
    private final Queue<Throwable> serverErrors = new ConcurrentLinkedQueue<>();

    @AfterEach
    void groupsEnd() throws InterruptedException {
        serverGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
        clientGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }

    /** How an application ends its server while clients are still connected (but for the last). */
    enum Order {
        /** The server channel closed, then the group shut down with no quiet period (the showcase's order). */
        SERVER_CHANNEL_THEN_GROUP,
        /** {@code shutdownGracefully(0, 2 s)} while the event loop runs a task: the loop ends, its channels open. */
        GROUP_WHILE_THE_LOOP_IS_BUSY,
        /** The group shut down, its channels left to it. */
        GROUP_ONLY,
        /** {@code shutdownGracefully(0, 0)}: no quiet period, no timeout. */
        GROUP_AT_ONCE,
        /** Every accepted channel deregistered from its event loop, then registered again. */
        CHILDREN_DEREGISTERED,
        /** Each connection's handlers removed from its pipeline by the application. */
        HANDLERS_REMOVED,
        /** The clients close first, then the server. */
        CLIENTS_FIRST
    }

    @ParameterizedTest
    @EnumSource(Order.class)
    void everyChunkGoesBackOnBothSidesWhateverTheShutdownOrder(Order order) throws Exception {
        Channel server = Loopback.serve(serverGroup, ch -> {
            accepted.add(ch);
            return new ChannelHandler[] {
                new HttpServerCodec(),
                new HttpObjectAggregator(8192),
                new WebSocketUpgradeHandler("/ws", serverPool, WebSocketLimits.DEFAULT, 4096),
                new Echo()
            };
        });
        List<NettyWsClient> clients = new ArrayList<>();
        for (int i = 0; i < CONNECTIONS; i++) {
            NettyWsClient client = NettyWsClient.connect(
                    clientGroup, Loopback.uri(server, "/ws"), clientPool, WebSocketLimits.DEFAULT, 0);
            clients.add(client);
            // a whole message each way: each decoder keeps a chunk for the next one
            client.send(clientPool, MessageType.TEXT, "hello".getBytes(StandardCharsets.UTF_8));
            assertTrue(client.next().startsWith("TEXT:"));
            // then the first fragment of a message each way, never finished
            client.channel
                    .writeAndFlush(Unpooled.wrappedBuffer(firstFragment(Role.CLIENT)))
                    .sync();
        }
        for (Channel child : accepted) {
            child.writeAndFlush(Unpooled.wrappedBuffer(firstFragment(Role.SERVER)))
                    .sync();
        }
        PoolWaits.awaitInUse(serverPool, CONNECTIONS * PARTIAL);
        PoolWaits.awaitInUse(clientPool, CONNECTIONS * PARTIAL);

        switch (order) {
            case SERVER_CHANNEL_THEN_GROUP -> {
                server.close().sync();
                serverGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
            }
            case GROUP_WHILE_THE_LOOP_IS_BUSY -> shutDownWhileBusy(serverGroup, server.eventLoop());
            case GROUP_ONLY ->
                serverGroup.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
            case GROUP_AT_ONCE ->
                serverGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
            case CHILDREN_DEREGISTERED -> {
                for (Channel child : accepted) {
                    child.deregister().sync();
                }
            }
            case HANDLERS_REMOVED -> {
                for (Channel child : accepted) {
                    child.eventLoop()
                            .submit(() -> {
                                while (child.pipeline().last() != null) {
                                    child.pipeline().removeLast();
                                }
                            })
                            .sync();
                }
            }
            case CLIENTS_FIRST -> {
                for (NettyWsClient client : clients) {
                    client.channel.close().sync();
                }
                server.close().sync();
            }
        }
        // the server side gave everything back, whether or not a client has noticed yet
        PoolAssertions.assertNothingInUse(serverPool, Duration.ofSeconds(5));

        // the clients' loop meets the same race, or their channels close: they give everything back too
        shutDownWhileBusy(clientGroup, clients.get(0).channel.eventLoop());
        PoolAssertions.assertNothingInUse(clientPool, Duration.ofSeconds(5));

        if (order == Order.CHILDREN_DEREGISTERED) {
            // a decoder that ended when its channel left the loop says so if the channel comes back
            for (Channel child : accepted) {
                serverGroup.register(child).sync();
                assertTrue(child.closeFuture().await(5, TimeUnit.SECONDS), "closed when registered again");
            }
            assertEquals(CONNECTIONS, serverErrors.size(), String.valueOf(serverErrors));
            for (Throwable e : serverErrors) {
                assertInstanceOf(IllegalStateException.class, e);
            }
        } else {
            assertTrue(serverErrors.isEmpty(), String.valueOf(serverErrors));
        }
        PoolAssertions.assertNothingInUse(serverPool, Duration.ZERO);
        assertEquals(CONNECTIONS, accepted.size());
    }

    /**
     * {@code shutdownGracefully(0, 2 s)} called while {@code loop} (the group's one thread) runs a
     * task: the loop finishes the task, sees no task left, and ends.
     */
    private static void shutDownWhileBusy(EventLoopGroup group, EventLoop loop) throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        loop.execute(() -> {
            running.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!loop.isShuttingDown() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
        });
        assertTrue(running.await(5, TimeUnit.SECONDS));
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
    }

    /** The first fragment of a binary message of {@link #PARTIAL} bytes, as {@code role} sends it. */
    private static byte[] firstFragment(Role role) throws Exception {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        BufferPool scratch = BufferPool.builder().build();
        try (RecyclableOutputStream s = scratch.newStream()) {
            s.write(new byte[PARTIAL]);
            new WebSocketEncoder(role, 0).writeMessage(MessageType.BINARY, s, wire);
        }
        byte[] frame = wire.toByteArray();
        frame[0] &= 0x7F; // not final: the message goes on, and never does
        return frame;
    }

    /** The application's end of a server connection: echoes messages, records what reaches it. */
    private final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof WebSocketMessage m) {
                ctx.writeAndFlush(m.retain());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            serverErrors.add(cause);
        }
    }
}
