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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A real browser as the peer: headless Chromium loads a page from our Netty server (pipeline as
 * README.md builds it) and its script talks WebSocket to that server (browser-peer.html). The
 * server sends text with multi-byte characters cut by our fragment boundaries and binary
 * messages of 1 KiB, 1 MiB and 16 MiB, all fragmented by our encoder, and a Ping; the browser
 * echoes the messages, answers the Ping, closes with 1000, then sends a message over our limit
 * and must see our 1009 with its reason. The page POSTs what it saw; both sides' views are
 * compared byte for byte (SHA-256).
 *
 * <p>Needs Chromium ({@code .ci/setup} installs it): without one the test fails, it does not skip.
 */
class BrowserPeerTest {
    /**
     * What our server answers in Sec-WebSocket-Extensions to Chromium's offer, "" for no header.
     * Today nothing is negotiated; when permessage-deflate is, this is the one line to update
     * (everything else in the test holds with or without an extension).
     */
    static final String EXTENSIONS_WE_ANSWER = "";

    private static final int FRAGMENT_SIZE = 1000;
    private static final long MAX_MESSAGE = 16L << 20;
    /** README's defaults with the message limit at 16 MiB, so the largest message fits exactly. */
    private static final WebSocketLimits LIMITS = WebSocketLimits.DEFAULT.withMaxMessageSize(MAX_MESSAGE);

    private static final Duration REPORT_TIMEOUT = Duration.ofSeconds(90);

    private final BufferPool pool = BufferPool.builder().build();

    @Test
    void chromiumExchangesFragmentedMessagesPingsAndClosesWithOurNettyServer() throws Exception {
        byte[] text = textCutByFragmentBoundaries();
        List<BrowserSession.Outgoing> messages = List.of(
                new BrowserSession.Outgoing(MessageType.TEXT, text),
                new BrowserSession.Outgoing(MessageType.BINARY, Payloads.binary(1024, 1)),
                new BrowserSession.Outgoing(MessageType.BINARY, Payloads.binary(1 << 20, 2)),
                new BrowserSession.Outgoing(MessageType.BINARY, Payloads.binary(16 << 20, 3)));
        byte[] pingPayload = "ping from our server \u2713".getBytes(StandardCharsets.UTF_8);
        BrowserSession.Script script = new BrowserSession.Script(messages, pingPayload);

        System.out.println("BrowserPeerTest: " + HeadlessChromium.version());
        try (BrowserPeerServer server = new BrowserPeerServer(pool, LIMITS, FRAGMENT_SIZE, script)) {
            Map<String, String> report;
            long start = System.nanoTime();
            try (HeadlessChromium chromium = HeadlessChromium.open(server.pageUrl("overLimit=" + (MAX_MESSAGE + 1)))) {
                report = awaitReport(server, chromium);
            }
            long reported = System.nanoTime();
            System.out.println("BrowserPeerTest: page requested " + (server.pageServedNanos - start) / 1_000_000
                    + " ms after the browser's start, report POSTed " + (reported - server.pageServedNanos) / 1_000_000
                    + " ms later: " + report);
            System.out.println("BrowserPeerTest: Chromium offered Sec-WebSocket-Extensions " + server.extensionsOffered
                    + ", we answered " + server.extensionsAnswered);
            BrowserSession.Record seen = server.record;
            assertNull(
                    report.get("failure"), () -> "the page failed: " + report.get("failure") + "; server saw " + seen);

            // the browser received every message intact, and we received its echoes intact
            List<String> expected = new ArrayList<>();
            for (BrowserSession.Outgoing m : messages) {
                expected.add(m.summary());
            }
            assertNotNull(report.get("messages"), () -> "the page reported no messages: " + report);
            List<String> browserSaw = new ArrayList<>();
            for (int i = 0; i < Integer.parseInt(report.get("messages")); i++) {
                browserSaw.add(report.get("m" + i));
            }
            assertEquals(expected, browserSaw, "what the browser received");
            assertEquals(expected, seen.echoes, "the browser's echoes, as our server received them");

            // the browser answered our Ping with a Pong carrying the same payload
            assertEquals(List.of(HexFormat.of().formatHex(pingPayload)), seen.pongs, "Pongs received");

            // a normal close started by the browser, answered by us with the same code
            assertEquals(List.of("1000 bye"), seen.closes, "Close frames our server received");
            assertEquals("1000", report.get("normalClose.code"));
            assertEquals("", report.get("normalClose.reason"), "we answer a Close with its code alone");
            assertEquals("true", report.get("normalClose.wasClean"));
            assertEquals("0", report.get("normalClose.errorEvents"));

            // over our limit: the browser sees 1009 and the reason our decoder gave
            assertEquals(1, seen.errors.size(), () -> "server errors: " + seen.errors);
            WebSocketProtocolException tooBig = assertInstanceOf(WebSocketProtocolException.class, seen.errors.get(0));
            assertEquals(CloseCodes.MESSAGE_TOO_BIG, tooBig.closeCode());
            assertEquals(
                    String.valueOf(CloseCodes.MESSAGE_TOO_BIG),
                    report.get("limitClose.code"),
                    () -> "the browser's close event after the over-limit message: " + report);
            // the decoder sends the exception's message as the reason, cut to fit a control frame
            String reason = report.get("limitClose.reason");
            assertFalse(reason.isEmpty(), "the browser saw no reason");
            assertTrue(tooBig.getMessage().startsWith(reason), () -> reason + " vs " + tooBig.getMessage());
            // no TCP reset although the browser was still sending: it read our Close, then our end of stream
            assertEquals("true", report.get("limitClose.wasClean"));

            // extensions: both handshakes answered as today, and the browser agrees on the result
            assertEquals(2, server.extensionsOffered.size(), () -> "upgrades seen: " + server.extensionsOffered);
            assertEquals(List.of(EXTENSIONS_WE_ANSWER, EXTENSIONS_WE_ANSWER), server.extensionsAnswered);
            assertEquals(EXTENSIONS_WE_ANSWER, report.get("extensions"), "WebSocket.extensions in the browser");
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    /**
     * Waits for the page's report; fails at once if the browser exits first, and after
     * {@link #REPORT_TIMEOUT} with what the server saw and the browser's last output.
     */
    private static Map<String, String> awaitReport(BrowserPeerServer server, HeadlessChromium chromium)
            throws InterruptedException, ExecutionException {
        long deadline = System.nanoTime() + REPORT_TIMEOUT.toNanos();
        while (true) {
            try {
                return server.report.get(250, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (!chromium.isAlive()) {
                    fail("Chromium exited with " + chromium.exitValue() + " before the page reported; server saw "
                            + server.record + "\n" + chromium.logTail());
                }
                if (System.nanoTime() > deadline) {
                    fail("no report from the page within " + REPORT_TIMEOUT + "; server saw " + server.record
                            + "; offered " + server.extensionsOffered + "\n" + chromium.logTail());
                }
            }
        }
    }

    /**
     * About 4 KiB of UTF-8 in which each of our first four fragment boundaries falls inside a
     * character (4, 3, 2 and 4 bytes long), with mixed 1- to 4-byte text around them.
     */
    private static byte[] textCutByFragmentBoundaries() {
        String[] cut = {"\uD83D\uDE00", "\u4E2D", "\u00E9", "\uD834\uDD1E"}; // 😀 中 é 𝄞
        StringBuilder sb = new StringBuilder();
        int length = 0;
        for (int i = 0; i < cut.length; i++) {
            int boundary = (i + 1) * FRAGMENT_SIZE;
            byte[] filler = Payloads.text(boundary - 1 - length, i); // the cut character starts 1 byte before
            sb.append(new String(filler, StandardCharsets.UTF_8)).append(cut[i]);
            length += filler.length + cut[i].getBytes(StandardCharsets.UTF_8).length;
        }
        sb.append(new String(Payloads.text(100, 7), StandardCharsets.UTF_8));
        byte[] utf8 = sb.toString().getBytes(StandardCharsets.UTF_8);
        for (int boundary = FRAGMENT_SIZE; boundary < utf8.length; boundary += FRAGMENT_SIZE) {
            assertEquals(0x80, utf8[boundary] & 0xC0, "byte " + boundary + " continues a character");
        }
        return utf8;
    }
}
