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

import dev.recyclable.buffers.SegmentVisitor;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.CRC32;

/**
 * The two receiving sides the showcase compares on the JDK's {@code java.net.http.WebSocket}
 * client. Both check every message they receive against the payload the server sends (text by
 * its UTF-8 bytes' CRC-32 or by equality, binary by CRC-32) and release one permit per message.
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
            binaryCrc = crc(binary);
            textCrc = crc(textUtf8);
            text = new String(textUtf8, StandardCharsets.UTF_8);
            binaryLength = binary.length;
            textLength = textUtf8.length;
        }

        void verdict(boolean ok) {
            (ok ? good : bad).incrementAndGet();
            received.release();
        }

        private static long crc(byte[] bytes) {
            CRC32 crc = new CRC32();
            crc.update(bytes);
            return crc.getValue();
        }
    }

    /**
     * Typical user code on the JDK client: text appended to a {@code StringBuilder}, binary
     * copied out of the JDK's buffer into a {@code ByteArrayOutputStream}, each turned into a
     * {@code String} or {@code byte[]} when the message is complete.
     */
    static final class Typical implements WebSocket.Listener {
        private final Expected expected;
        private final CRC32 crc = new CRC32();
        private StringBuilder text = new StringBuilder();
        private ByteArrayOutputStream binary = new ByteArrayOutputStream();

        Typical(Expected expected) {
            this.expected = expected;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String message = text.toString();
                text = new StringBuilder();
                expected.verdict(message.equals(expected.text));
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            byte[] piece = new byte[data.remaining()];
            data.get(piece);
            binary.write(piece, 0, piece.length);
            if (last) {
                byte[] message = binary.toByteArray();
                binary = new ByteArrayOutputStream();
                crc.reset();
                crc.update(message);
                expected.verdict(crc.getValue() == expected.binaryCrc);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            expected.error.compareAndSet(null, error);
        }
    }

    /**
     * Our side: a {@link WebSocketListener} behind {@code JdkWebSocketAdapter}. The message's
     * pooled chunks are read in place ({@code forEachSegment}) and go back to the pool when
     * {@link #onMessage} returns.
     */
    static final class Recyclable implements WebSocketListener {
        private final Expected expected;
        private final CRC32 crc = new CRC32();
        private final SegmentVisitor checksum = new SegmentVisitor() {
            @Override
            public void visit(byte[] array, int offset, int length) {
                crc.update(array, offset, length);
            }

            @Override
            public void visit(ByteBuffer segment) {
                crc.update(segment);
            }
        };

        Recyclable(Expected expected) {
            this.expected = expected;
        }

        @Override
        public void onMessage(WebSocketMessage message) {
            crc.reset();
            try {
                message.content().forEachSegment(checksum);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            boolean text = message.isText();
            expected.verdict(message.length() == (text ? expected.textLength : expected.binaryLength)
                    && crc.getValue() == (text ? expected.textCrc : expected.binaryCrc));
        }

        @Override
        public void onError(Throwable error) {
            expected.error.compareAndSet(null, error);
        }
    }
}
