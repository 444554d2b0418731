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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Recorder;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.fixtures.NodePeer;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Interop with an independent implementation, npm ws, over loopback: our raw-socket client
 * (encoder + decoder) against a ws server, and a ws client against our Netty server.
 */
class NodeWsInteropTest {
    private final BufferPool pool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    /** Records what arrives, messages as digests, so 16 MiB messages are compared without copies. */
    private static Recorder digests() {
        return new Recorder(message -> message.type() + ":" + MessageDigests.sha256(message.content()));
    }

    @Test
    void ourClientAgainstTheWsServerWithFragmentsAndPingsMidMessage() throws Exception {
        try (NodePeer node = NodePeer.start("echo-server", "4096");
                RawWebSocketClient client = new RawWebSocketClient(node.port(), "/")) {
            Recorder recorder = digests();
            // 3000-byte fragments: our cuts fall inside code points, ws's 4096-byte ones elsewhere
            WebSocketEncoder encoder = new WebSocketEncoder(Role.CLIENT, 3000);
            OutputStream out = new BufferedOutputStream(client.out, 64 * 1024);
            List<String> expected = new ArrayList<>();
            try (WebSocketDecoder decoder =
                    new WebSocketDecoder(pool, Role.CLIENT, WebSocketLimits.DEFAULT, recorder)) {
                int seed = 0;
                for (int size : Payloads.SIZES) {
                    for (MessageType type : MessageType.values()) {
                        byte[] payload = Payloads.of(type, size, seed++);
                        try (RecyclableOutputStream s = pool.newStream()) {
                            s.write(payload);
                            encoder.writeMessage(type, s, out);
                        }
                        out.flush();
                        if (size > 4096) {
                            expected.add("ping:mid-message");
                        }
                        expected.add(type + ":" + MessageDigests.sha256(payload));
                        client.readUntil(decoder, () -> recorder.events.size() == expected.size());
                        assertEquals(expected, recorder.events, node.output());
                    }
                }
                encoder.writeClose(1000, "done", out);
                out.flush();
                client.readUntil(decoder, () -> recorder.closeCode != -1);
                assertEquals(1000, recorder.closeCode);
            }
            client.close(); // ws reports the close once the TCP connection is gone
            assertEquals("CLOSED 1000", node.awaitLine("CLOSED", 10_000));
        }
    }

    @Test
    void invalidUtf8FromWsFailsAtTheBadFragmentBeforeTheMessageEnds() throws Exception {
        try (NodePeer node = NodePeer.start("bad-utf8-server");
                RawWebSocketClient client = new RawWebSocketClient(node.port(), "/")) {
            Recorder recorder = digests();
            WebSocketEncoder encoder = new WebSocketEncoder(Role.CLIENT, 0);
            try (WebSocketDecoder decoder =
                    new WebSocketDecoder(pool, Role.CLIENT, WebSocketLimits.DEFAULT, recorder)) {
                WebSocketProtocolException e =
                        assertThrows(WebSocketProtocolException.class, () -> client.readUntil(decoder, () -> false));
                assertEquals(1007, e.closeCode());
                assertTrue(decoder.isDone());
                encoder.writeClose(e.closeCode(), "invalid UTF-8", client.out);
            }
            assertTrue(recorder.events.isEmpty());
            client.close();
            assertEquals("CLOSED 1007", node.awaitLine("CLOSED", 10_000));
        }
    }

    @Test
    void wsClientAgainstOurNettyServer() throws Exception {
        try (NettyEchoServer server = new NettyEchoServer(pool, WebSocketLimits.DEFAULT, 8192);
                NodePeer node = NodePeer.start("client", "ws://127.0.0.1:" + server.port() + "/ws", "4096")) {
            int exit = node.awaitExit(120_000);
            assertEquals(0, exit, node.output());
            String ok = node.awaitLine("OK", 1000);
            assertEquals("OK " + 2 * Payloads.SIZES.length, ok.substring(0, ok.indexOf(" pongs")));
            // one ping per message longer than a fragment; the server answered each with a pong
            long fragmented = java.util.Arrays.stream(Payloads.SIZES)
                            .filter(s -> s > 4096)
                            .count()
                    * 2;
            assertEquals("pongs " + fragmented, ok.substring(ok.indexOf("pongs")));
            assertEquals(2 * Payloads.SIZES.length, server.messages.get());
            assertEquals(fragmented, server.pings.get());
            assertEquals(List.of(1000), server.closeCodesReceived);
            assertFalse(server.errors.stream().anyMatch(t -> true), String.valueOf(server.errors));
        }
    }
}
