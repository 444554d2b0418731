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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.Recorder;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.WebSocketUpgradeHandler;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our Netty server decoder in the middle of a fragmented message from a raw-socket peer, when
 * the connection ends every way it can: the peer drops or resets it, sends a Close or breaks
 * the protocol, or the application's handler throws (an {@code Error} too) and closes the
 * channel from {@code exceptionCaught}, as Netty applications do. The half-assembled message
 * and the kept chunk go back to the pool each time (through {@code channelInactive},
 * {@code exceptionCaught}'s close, or the violation), and the peer observes what it should.
 */
class NettyDecoderEndsMidMessageTest {
    private static final int FRAGMENT = 300_000;

    private final BufferPool serverPool = BufferPool.builder().build();
    private final BufferPool clientPool = BufferPool.builder().build();
    private final EventLoopGroup group = Loopback.group();
    /** What the server's application saw: messages, control frames, exceptions, the end. */
    private final BlockingQueue<String> serverSaw = new LinkedBlockingQueue<>();

    @AfterEach
    void end() throws InterruptedException {
        Loopback.shutdown(group);
        PoolAssertions.assertNothingInUse(clientPool);
    }

    enum End {
        /** The peer closes its socket without a Close frame: channelInactive. */
        PEER_DROPS,
        /** The peer resets the connection: exceptionCaught (connection reset), then channelInactive. */
        PEER_RESETS,
        /** The peer sends a Close in the middle of the message. */
        PEER_CLOSES,
        /** The peer sends a reserved opcode: our decoder fails the connection with 1002. */
        PEER_VIOLATES,
        /** The application's handler throws a RuntimeException on a Ping mid-message and closes in exceptionCaught. */
        HANDLER_THROWS,
        /** The same with a StackOverflowError. */
        HANDLER_THROWS_AN_ERROR
    }

    @ParameterizedTest
    @EnumSource(End.class)
    void theHalfAssembledMessageGoesBackWhateverEndsTheConnection(End end) throws Exception {
        Channel server = Loopback.serve(group, ch -> new ChannelHandler[] {
            new HttpServerCodec(),
            new HttpObjectAggregator(8192),
            new WebSocketUpgradeHandler("/ws", serverPool, WebSocketLimits.DEFAULT, 0),
            new Application(end)
        });
        try (RawWebSocketClient client = new RawWebSocketClient(Loopback.port(server), "/ws")) {
            WebSocketEncoder encoder = new WebSocketEncoder(Role.CLIENT, 0);
            // a whole message (the decoder keeps a chunk after it), then the first fragment of the next
            client.out.write(frame(encoder, fill(100), true));
            client.out.write(frame(encoder, fill(FRAGMENT), false));
            client.out.flush();
            assertEquals("message", serverSaw.poll(10, TimeUnit.SECONDS));
            PoolWaits.awaitInUse(serverPool, FRAGMENT);

            switch (end) {
                case PEER_DROPS -> client.socket.close();
                case PEER_RESETS -> {
                    client.socket.setSoLinger(true, 0);
                    client.socket.close();
                }
                case PEER_CLOSES -> encoder.writeClose(CloseCodes.GOING_AWAY, "bye", client.out);
                case PEER_VIOLATES -> client.out.write(new byte[] {(byte) 0x83, (byte) 0x80, 1, 2, 3, 4});
                case HANDLER_THROWS, HANDLER_THROWS_AN_ERROR ->
                    encoder.writeControl(Opcodes.PING, new byte[] {1}, 0, 1, client.out);
            }
            if (!client.socket.isClosed()) {
                client.out.flush();
            }

            PoolAssertions.assertNothingInUse(serverPool, Duration.ofSeconds(5));
            // what the peer observes: our Close for its Close or a violation, the end of the stream otherwise
            if (!client.socket.isClosed()) {
                Recorder recorder = new Recorder(m -> "message");
                try (WebSocketDecoder decoder =
                        new WebSocketDecoder(clientPool, Role.CLIENT, WebSocketLimits.DEFAULT, recorder)) {
                    client.readUntil(decoder, () -> recorder.closeCode != -1);
                }
                int expected = switch (end) {
                    case PEER_CLOSES -> CloseCodes.GOING_AWAY;
                    case PEER_VIOLATES -> CloseCodes.PROTOCOL_ERROR;
                    default -> -1; // the application closed the channel without a Close
                };
                assertEquals(expected, recorder.closeCode);
                client.socket.close();
            }
            List<String> seen = drain();
            assertTrue(seen.contains("end"), () -> "the server's channel ended: " + seen);
            switch (end) {
                case PEER_CLOSES -> assertTrue(seen.contains("close:1001"), seen::toString);
                case PEER_VIOLATES ->
                    assertTrue(
                            seen.contains("error:" + WebSocketProtocolException.class.getSimpleName()), seen::toString);
                case HANDLER_THROWS ->
                    assertTrue(seen.contains("error:" + IllegalStateException.class.getSimpleName()), seen::toString);
                case HANDLER_THROWS_AN_ERROR ->
                    assertTrue(seen.contains("error:" + StackOverflowError.class.getSimpleName()), seen::toString);
                default -> {}
            }
        }
        server.close().sync();
    }

    private List<String> drain() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        java.util.ArrayList<String> seen = new java.util.ArrayList<>();
        while (!seen.contains("end") && System.nanoTime() < deadline) {
            String s = serverSaw.poll(100, TimeUnit.MILLISECONDS);
            if (s != null) {
                seen.add(s);
            }
        }
        return seen;
    }

    private static byte[] fill(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 'a');
        return b;
    }

    private byte[] frame(WebSocketEncoder encoder, byte[] payload, boolean fin) throws Exception {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        try (RecyclableOutputStream s = clientPool.newStream()) {
            s.write(payload);
            encoder.writeMessage(MessageType.BINARY, s, wire);
        }
        byte[] frame = wire.toByteArray();
        assertNotNull(frame);
        if (!fin) {
            frame[0] &= 0x7F;
        }
        return frame;
    }

    /** The server application: records what it sees, throws where the case says, closes on an exception. */
    private final class Application extends ChannelInboundHandlerAdapter {
        private final End end;

        Application(End end) {
            this.end = end;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof WebSocketMessage) {
                serverSaw.add("message");
            } else if (msg instanceof ControlFrame c) {
                if (c.opcode() == Opcodes.CLOSE) {
                    serverSaw.add("close:" + c.closeCode());
                } else if (end == End.HANDLER_THROWS) {
                    throw new IllegalStateException("the application's own failure");
                } else if (end == End.HANDLER_THROWS_AN_ERROR) {
                    throw new StackOverflowError("the application's own failure");
                }
            } else {
                ctx.fireChannelRead(msg);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            serverSaw.add("error:" + cause.getClass().getSimpleName());
            if (!(cause instanceof WebSocketProtocolException)) {
                ctx.close(); // what Netty applications do; a violation our decoder ends itself
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            serverSaw.add("end");
        }
    }
}
