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

import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.CRC32;

/**
 * The receiving sides the showcase compares on the JDK's {@code java.net.http.WebSocket}
 * client: typical code and our adapter, each for a listener that wants text as a
 * {@code String} and for one that wants its UTF-8 bytes. All check every message they receive
 * against the payload the server sends (text by equality or by its UTF-8 bytes' CRC-32, binary
 * by CRC-32) and release one permit per message.
 */
final class ShowcaseReceivers {
    private ShowcaseReceivers() {}

    /** What the server sends, and what each side counts. */
    static final class Expected {
        final long binaryCrc;
        final long textCrc;
        final String text;
        final long binaryLength;
        final long textLength;
        final Semaphore received = new Semaphore(0);
        final AtomicInteger good = new AtomicInteger();
        final AtomicInteger bad = new AtomicInteger();
        final AtomicReference<Throwable> error = new AtomicReference<>();

        Expected(byte[] binary, byte[] textUtf8) {
            binaryCrc = MessageCrc.of(binary);
            textCrc = MessageCrc.of(textUtf8);
            text = new String(textUtf8, StandardCharsets.UTF_8);
            binaryLength = binary.length;
            textLength = textUtf8.length;
        }

        void verdict(boolean ok) {
            (ok ? good : bad).incrementAndGet();
            received.release();
        }
    }

    /**
     * Typical user code on the JDK client ({@link TypicalJdkListener}): text checked by equality,
     * binary by CRC-32. With {@code utf8}, text is wanted as bytes ({@code getBytes(UTF_8)} of
     * the {@code String}), checked by CRC-32.
     */
    static final class Typical extends TypicalJdkListener {
        private final Expected expected;
        private final boolean utf8;
        private final CRC32 crc = new CRC32();

        Typical(Expected expected, boolean utf8) {
            this.expected = expected;
            this.utf8 = utf8;
        }

        @Override
        void text(String message) {
            if (utf8) {
                byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
                crc.reset();
                crc.update(bytes);
                expected.verdict(bytes.length == expected.textLength && crc.getValue() == expected.textCrc);
            } else {
                expected.verdict(message.equals(expected.text));
            }
        }

        @Override
        void binary(byte[] message) {
            crc.reset();
            crc.update(message);
            expected.verdict(crc.getValue() == expected.binaryCrc);
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            expected.error.compareAndSet(null, error);
        }
    }

    /**
     * Our side: a {@link WebSocketListener} behind {@code JdkWebSocketAdapter}. The message's
     * bytes (the UTF-8, for text) are read in place from its pooled chunks ({@code forEachSegment})
     * and go back to the pool when {@link #onMessage} returns; with {@code asString}, text is
     * taken as a {@code String} ({@code message.text()}) and checked by equality, as
     * {@link Typical} checks its own.
     */
    static final class Recyclable implements WebSocketListener {
        private final Expected expected;
        private final boolean asString;
        private final MessageCrc crc = new MessageCrc();

        Recyclable(Expected expected, boolean asString) {
            this.expected = expected;
            this.asString = asString;
        }

        @Override
        public void onMessage(WebSocketMessage message) {
            boolean text = message.isText();
            if (text && asString) {
                expected.verdict(message.text().equals(expected.text));
                return;
            }
            crc.reset();
            crc.update(message);
            expected.verdict(message.length() == (text ? expected.textLength : expected.binaryLength)
                    && crc.value() == (text ? expected.textCrc : expected.binaryCrc));
        }

        @Override
        public void onError(Throwable error) {
            expected.error.compareAndSet(null, error);
        }
    }
}
