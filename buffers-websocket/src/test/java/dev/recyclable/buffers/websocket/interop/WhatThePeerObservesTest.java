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
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.fixtures.NodePeer;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketAdapter;
import io.netty.channel.EventLoopGroup;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What npm ws, as the peer, observes of the decisions our side takes: a Pong for every Ping (also
 * one in the middle of a fragmented message), and for every protocol violation the close code and
 * reason on the wire (not 1006, a connection that just dropped). The peer (ws-raw-peer.js) writes
 * hand-made frames straight to its socket after a normal handshake. Covered: the Netty client
 * pipeline as {@code RecyclableWebSocketClientHandshaker} assembles it, the Netty server pipeline
 * as the README builds it ({@code HttpServerCodec}, {@code HttpObjectAggregator},
 * {@code WebSocketUpgradeHandler}), and the JDK HttpClient with {@link JdkWebSocketAdapter}.
 */
class WhatThePeerObservesTest {
    /** 64 KiB messages at most, so that the peer's "too-big" case (100,000 bytes) is over it. */
    private static final WebSocketLimits LIMITS = WebSocketLimits.DEFAULT.withMaxMessageSize(64 * 1024);

    private static final long TIMEOUT_MS = 20_000;

    /** The rule-breaking cases of ws-raw-peer.js and the close code our decoder must send for each. */
    private static final Map<String, Integer> VIOLATIONS = new LinkedHashMap<>();

    static {
        VIOLATIONS.put("utf8-split-across-fragments", 1007);
        VIOLATIONS.put("utf8-truncated-at-message-end", 1007);
        VIOLATIONS.put("length-max-63-bit", 1009);
        VIOLATIONS.put("length-top-bit-set", 1002);
        VIOLATIONS.put("length-non-minimal-16-bit", 1002);
        VIOLATIONS.put("length-non-minimal-64-bit", 1002);
        VIOLATIONS.put("rsv1", 1002);
        VIOLATIONS.put("rsv2", 1002);
        VIOLATIONS.put("rsv3", 1002);
        VIOLATIONS.put("reserved-opcode-3", 1002);
        VIOLATIONS.put("reserved-opcode-b", 1002);
        VIOLATIONS.put("continuation-without-start", 1002);
        VIOLATIONS.put("new-message-inside-fragmented", 1002);
        VIOLATIONS.put("wrong-masking", 1002);
        VIOLATIONS.put("control-over-125", 1002);
        VIOLATIONS.put("fragmented-control", 1002);
        VIOLATIONS.put("close-1-byte-body", 1002);
        VIOLATIONS.put("close-code-1005", 1002);
        VIOLATIONS.put("close-reason-invalid-utf8", 1007);
        VIOLATIONS.put("too-big", 1009);
    }

    private final BufferPool pool = BufferPool.builder().build();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    /** The reason our Netty decoder puts in its Close: the violation's message, at most 100 chars. */
    private static String reasonSent(WebSocketProtocolException e) {
        String m = e.getMessage();
        return m.length() > 100 ? m.substring(0, 100) : m;
    }

    /** "code reason" from the peer's "CLOSE case code reason" line. */
    private static String peerClose(NodePeer node, String name) throws InterruptedException {
        String prefix = "CLOSE " + name + " ";
        return node.awaitLine(prefix, TIMEOUT_MS).substring(prefix.length());
    }

    @Test
    void nettyClientPipelineFromOurHandshaker() throws Exception {
        EventLoopGroup group = Loopback.group();
        try (NodePeer node = NodePeer.startScript("ws-raw-peer.js", "server")) {
            String base = "ws://127.0.0.1:" + node.port() + "/";

            NettyWsClient ping = NettyWsClient.connect(group, URI.create(base + "ping"), pool, LIMITS, 0);
            assertEquals("Ping[13 bytes]", ping.next());
            assertEquals("close:1000", ping.next()); // the peer closes once it has its Pong
            assertEquals("PONG ping are you there", node.awaitLine("PONG ping ", TIMEOUT_MS));
            assertEquals("1000 ", peerClose(node, "ping"));
            assertTrue(ping.errors.isEmpty(), String.valueOf(ping.errors));

            NettyWsClient mid = NettyWsClient.connect(group, URI.create(base + "ping-mid-message"), pool, LIMITS, 0);
            assertEquals("Ping[11 bytes]", mid.next());
            assertEquals(
                    MessageType.TEXT + ":" + MessageDigests.sha256("hello world".getBytes(StandardCharsets.UTF_8)),
                    mid.next());
            assertEquals("close:1000", mid.next());
            assertEquals("PONG ping-mid-message mid-message", node.awaitLine("PONG ping-mid-message ", TIMEOUT_MS));
            assertEquals("1000 ", peerClose(node, "ping-mid-message"));
            assertTrue(mid.errors.isEmpty(), String.valueOf(mid.errors));

            Map<String, String> expected = new LinkedHashMap<>();
            Map<String, String> observed = new LinkedHashMap<>();
            for (Map.Entry<String, Integer> v : VIOLATIONS.entrySet()) {
                NettyWsClient client = NettyWsClient.connect(group, URI.create(base + v.getKey()), pool, LIMITS, 0);
                String first = client.next();
                assertTrue(first.startsWith("error:"), v.getKey() + ": " + first);
                assertTrue(client.channel.closeFuture().await(TIMEOUT_MS), v.getKey() + ": channel still open");
                observed.put(v.getKey(), peerClose(node, v.getKey()));
                expected.put(v.getKey(), v.getValue() + " " + ourViolation(v.getKey(), client.errors));
            }
            assertEquals(expected, observed);
        } finally {
            Loopback.shutdown(group);
        }
    }

    /** The reason of the one violation our side reported; anything else fails the test. */
    private static String ourViolation(String name, List<Throwable> errors) {
        assertEquals(1, errors.size(), name + ": " + errors);
        assertTrue(errors.get(0) instanceof WebSocketProtocolException, name + ": " + errors);
        return reasonSent((WebSocketProtocolException) errors.get(0));
    }

    @Test
    void nettyServerPipelineAsTheReadmeBuildsIt() throws Exception {
        try (NettyEchoServer server = new NettyEchoServer(pool, LIMITS, 0)) {
            List<String> names = new ArrayList<>(List.of("ping", "ping-mid-message"));
            names.addAll(VIOLATIONS.keySet());
            List<String> args = new ArrayList<>(List.of("client", "ws://127.0.0.1:" + server.port() + "/ws"));
            args.addAll(names);
            try (NodePeer node = NodePeer.startScript("ws-raw-peer.js", args.toArray(String[]::new))) {
                node.awaitLine("DONE", 120_000);
                assertEquals("PONG ping are you there", node.awaitLine("PONG ping ", TIMEOUT_MS));
                assertEquals("1000 ", peerClose(node, "ping"));
                assertEquals("PONG ping-mid-message mid-message", node.awaitLine("PONG ping-mid-message ", TIMEOUT_MS));
                assertEquals("1000 ", peerClose(node, "ping-mid-message"));
                assertEquals(1, server.messages.get(), "the message around the ping arrived");
                assertEquals(2, server.pings.get());

                // connections run one after the other, so our side's violations come in case order
                assertEquals(VIOLATIONS.size(), server.errors.size(), String.valueOf(server.errors));
                Map<String, String> expected = new LinkedHashMap<>();
                Map<String, String> observed = new LinkedHashMap<>();
                int i = 0;
                for (Map.Entry<String, Integer> v : VIOLATIONS.entrySet()) {
                    Throwable ours = server.errors.get(i++);
                    assertTrue(ours instanceof WebSocketProtocolException, v.getKey() + ": " + ours);
                    expected.put(v.getKey(), v.getValue() + " " + reasonSent((WebSocketProtocolException) ours));
                    observed.put(v.getKey(), peerClose(node, v.getKey()));
                }
                assertEquals(expected, observed);
            }
        }
    }

    /** The JDK client's events through our adapter, as strings. */
    private static final class JdkEvents implements WebSocketListener {
        final BlockingQueue<String> queue = new LinkedBlockingQueue<>();

        @Override
        public void onMessage(WebSocketMessage message) {
            queue.add(message.type() + ":" + message.text());
        }

        @Override
        public void onPing(ByteBuffer payload) {
            queue.add("ping:" + StandardCharsets.UTF_8.decode(payload.duplicate()));
        }

        @Override
        public void onClose(int code, String reason) {
            queue.add("close:" + code);
        }

        @Override
        public void onError(Throwable e) {
            queue.add("error:"
                    + (e instanceof WebSocketProtocolException p
                            ? "closeCode " + p.closeCode()
                            : e.getClass().getSimpleName()));
        }

        String next() throws InterruptedException {
            String e = queue.poll(TIMEOUT_MS, TimeUnit.MILLISECONDS);
            assertNotNull(e, "no event within " + TIMEOUT_MS + " ms");
            return e;
        }
    }

    @Test
    void jdkHttpClientWithOurAdapter() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (NodePeer node = NodePeer.startScript("ws-raw-peer.js", "server")) {
            String base = "ws://127.0.0.1:" + node.port() + "/";

            JdkEvents ping = new JdkEvents();
            connect(http, base + "ping", ping);
            assertEquals("ping:are you there", ping.next());
            assertEquals("close:1000", ping.next());
            assertEquals("PONG ping are you there", node.awaitLine("PONG ping ", TIMEOUT_MS));
            assertEquals("1000 ", peerClose(node, "ping"));

            JdkEvents mid = new JdkEvents();
            connect(http, base + "ping-mid-message", mid);
            assertEquals("ping:mid-message", mid.next());
            assertEquals("TEXT:hello world", mid.next());
            assertEquals("close:1000", mid.next());
            assertEquals("PONG ping-mid-message mid-message", node.awaitLine("PONG ping-mid-message ", TIMEOUT_MS));
            assertEquals("1000 ", peerClose(node, "ping-mid-message"));

            Map<String, String> expected = new LinkedHashMap<>();
            Map<String, String> observed = new LinkedHashMap<>();
            for (String name : VIOLATIONS.keySet()) {
                JdkEvents events = new JdkEvents();
                // ?fill=1: the JDK hides frame headers, so a too-long message shows only as its bytes arrive
                connect(http, base + name + "?fill=1", events);
                String ours = events.next();
                String peer = peerClose(node, name);
                if (ADAPTER_DECIDES.contains(name)) {
                    // our adapter's limit: 1009 to the listener, 1008 on the wire (the JDK refuses to send 1009)
                    expected.put(name, "error:closeCode 1009, peer 1008 message too big");
                } else {
                    // the JDK's decoder found it: the listener hears of it; the peer sees the JDK's
                    // code, or 1006 when the JDK's race closed the socket before its Close went out
                    expected.put(name, "error:ProtocolException, peer " + jdkCode(name) + " (or 1006)");
                    if (peer.equals(jdkCode(name) + " ") || peer.equals("1006 ")) {
                        peer = jdkCode(name) + " (or 1006)";
                    }
                }
                observed.put(name, ours + ", peer " + peer);
            }
            assertEquals(expected, observed);
        }
    }

    /** The cases the JDK passes through and our adapter's message limit catches (with ?fill=1). */
    private static final List<String> ADAPTER_DECIDES = List.of("length-max-63-bit", "too-big");

    /**
     * The code the JDK's own decoder puts in its Close: 1007 for invalid UTF-8 in a text message,
     * 1002 for everything else, including an invalid close reason (where RFC 6455 suggests 1007).
     * The reason is always empty. It reaches the peer only sometimes: on a violation
     * {@code WebSocketImpl.signalError} closes the socket's input and output at once, and the
     * Close that {@code processError} sends next fails with "Output closed" (JDK 17 and 25), so
     * the peer usually sees 1006. Our adapter hears of the violation only in {@code onError},
     * after the socket is gone, and cannot put a Close on the wire either.
     */
    private static int jdkCode(String name) {
        return name.startsWith("utf8-") ? 1007 : 1002;
    }

    private void connect(HttpClient http, String uri, JdkEvents events) {
        http.newWebSocketBuilder()
                .buildAsync(URI.create(uri), new JdkWebSocketAdapter(pool, LIMITS, events))
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }
}
