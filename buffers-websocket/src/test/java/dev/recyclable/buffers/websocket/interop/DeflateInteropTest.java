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
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.DeflateOptions;
import dev.recyclable.buffers.websocket.PerMessageDeflate;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.fixtures.NodePeer;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import dev.recyclable.buffers.websocket.netty.RecyclableWebSocketClientHandshaker;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * permessage-deflate against npm ws (src/test/node/ws-deflate-peer.js), both ways: our Netty
 * client against a ws server and a ws client against our Netty server, with each context
 * takeover variant, fragmented compressed messages (text cut inside code points), messages up
 * to 16 MiB and 1,000 small messages in a row. Wire byte counts prove both sides compressed.
 */
class DeflateInteropTest {
    private final BufferPool pool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    /** Our side's options: level 1 above 1 MiB (16 MiB messages), else the default level 6. */
    private static DeflateOptions ourOptions(boolean serverNoContext, boolean clientNoContext, int maxSize) {
        return DeflateOptions.DEFAULT
                .withThreshold(0)
                .withCompressionLevel(maxSize > 1 << 20 ? 1 : 6)
                .withServerNoContextTakeover(serverNoContext)
                .withClientNoContextTakeover(clientNoContext);
    }

    @ParameterizedTest(name = "ws server {0}, our offer: server_no_ctx {1}, client_no_ctx {2}, up to {3} bytes")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"threshold\":0,\"zlibDeflateOptions\":{\"level\":1}}|false|false|16777216",
                "{\"threshold\":0,\"serverNoContextTakeover\":true}|false|false|1048576",
                "{\"threshold\":0,\"clientNoContextTakeover\":true}|false|false|1048576",
                "{\"threshold\":0}|true|false|1048576",
                "{\"threshold\":0}|false|true|1048576",
                "{\"threshold\":0,\"serverMaxWindowBits\":9}|false|false|1048576",
            })
    void ourNettyClientAgainstWsServer(String wsOptions, boolean serverNoContext, boolean clientNoContext, int maxSize)
            throws Exception {
        DeflateOptions options = ourOptions(serverNoContext, clientNoContext, maxSize);
        EventLoopGroup group = Loopback.group();
        try (NodePeer node = NodePeer.startScript("ws-deflate-peer.js", "echo-server", "4096", wsOptions)) {
            URI uri = URI.create("ws://127.0.0.1:" + node.port() + "/");
            WireBytes wire = new WireBytes();
            NettyWsClient client = NettyWsClient.connect(
                    group,
                    new RecyclableWebSocketClientHandshaker(uri, pool, WebSocketLimits.DEFAULT, 3000, options),
                    wire);
            Channel ch = client.channel;
            PerMessageDeflate agreed = client.handshaker.deflate();
            assertNotNull(agreed, "extension agreed");
            String ext = node.awaitLine("EXT ", 10_000);
            assertTrue(ext.startsWith("EXT permessage-deflate"), ext);
            assertEquals(
                    serverNoContext || wsOptions.contains("serverNoContextTakeover"), agreed.serverNoContextTakeover());
            assertEquals(
                    clientNoContext || wsOptions.contains("clientNoContextTakeover"), agreed.clientNoContextTakeover());

            long wireStart = wire.read.get();
            long payloadBytes = client.echoAll(pool, Payloads.SIZES, maxSize, 900);
            long received = wire.read.get() - wireStart;
            ch.writeAndFlush(ControlFrame.close(1000, "bye")).sync();
            assertEquals("close:1000", client.next());
            ch.closeFuture().await(10, TimeUnit.SECONDS);
            String closed = node.awaitLine("CLOSED", 10_000);
            assertTrue(closed.startsWith("CLOSED 1000"), closed);
            long wsRead = Long.parseLong(closed.split(" ")[3]);
            // half the payload is random binary: compression must show on the text half, both ways
            assertTrue(received < payloadBytes * 3 / 4, "received " + received + " wire bytes for " + payloadBytes);
            assertTrue(wsRead < payloadBytes * 3 / 4, "ws read " + wsRead + " wire bytes for " + payloadBytes);
            assertCodecsEnded(agreed);
        } finally {
            Loopback.shutdown(group);
        }
    }

    /** Netty removes the handlers (which end the codecs) just after the close future completes. */
    static void assertCodecsEnded(PerMessageDeflate agreed) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (agreed.openCodecs() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, agreed.openCodecs(), "inflater and deflater ended with the channel");
    }

    @ParameterizedTest(name = "ws client {0}, our server: server_no_ctx {1}, client_no_ctx {2}, up to {3} bytes")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"threshold\":0,\"zlibDeflateOptions\":{\"level\":1}}|false|false|16777216|permessage-deflate",
                "{\"threshold\":0,\"serverNoContextTakeover\":true}|false|false|1048576|permessage-deflate",
                "{\"threshold\":0,\"clientNoContextTakeover\":true}|false|false|1048576|permessage-deflate",
                "{\"threshold\":0}|true|true|1048576|permessage-deflate",
                "{\"threshold\":0,\"clientMaxWindowBits\":9}|false|false|1048576|permessage-deflate",
                "{\"threshold\":0,\"serverMaxWindowBits\":10}|false|false|65536|",
            })
    void wsClientAgainstOurNettyServer(
            String wsOptions, boolean serverNoContext, boolean clientNoContext, int maxSize, String expectedExtension)
            throws Exception {
        DeflateOptions options = ourOptions(serverNoContext, clientNoContext, maxSize);
        try (NettyEchoServer server = new NettyEchoServer(pool, WebSocketLimits.DEFAULT, 8192, options);
                NodePeer node = NodePeer.startScript(
                        "ws-deflate-peer.js",
                        "client",
                        "ws://127.0.0.1:" + server.port() + "/ws",
                        "4096",
                        wsOptions,
                        String.valueOf(maxSize),
                        "1000")) {
            assertEquals(0, node.awaitExit(240_000), node.output());
            String ext = node.awaitLine("EXT", 1000);
            if (expectedExtension == null) {
                // server_max_window_bits=10 cannot be honoured by the JDK's deflater: declined, not failed
                assertEquals("EXT", ext.trim());
            } else {
                assertTrue(ext.startsWith("EXT " + expectedExtension), ext);
            }
            String ok = node.awaitLine("OK", 1000);
            String[] parts = ok.split(" ");
            long payloadBytes = 0;
            int messages = 1000;
            for (int size : Payloads.SIZES) {
                if (size <= maxSize) {
                    payloadBytes += 2L * size;
                    messages += 2;
                }
            }
            for (int i = 0; i < 1000; i++) {
                payloadBytes += Payloads.json(i).length;
            }
            assertEquals(String.valueOf(messages), parts[1]);
            long wsRead = Long.parseLong(parts[3]);
            long wsWritten = Long.parseLong(parts[5]);
            if (expectedExtension != null) {
                assertTrue(wsRead < payloadBytes * 3 / 4, "ws read " + wsRead + " for " + payloadBytes);
                assertTrue(wsWritten < payloadBytes * 3 / 4, "ws wrote " + wsWritten + " for " + payloadBytes);
            } else {
                assertTrue(wsRead > payloadBytes && wsWritten > payloadBytes, ok);
            }
            assertEquals(messages, server.messages.get());
            assertTrue(server.errors.isEmpty(), String.valueOf(server.errors));
        }
    }
}
