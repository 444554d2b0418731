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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.fixtures.NodePeer;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A Netty client with our handshaker, decoder and (masking) encoder against the npm ws server. */
class NettyClientInteropTest {
    private final BufferPool pool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void nettyClientWithOurHandlersAgainstWsServer() throws Exception {
        EventLoopGroup group = Loopback.group();
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
            Loopback.shutdown(group);
        }
    }
}
