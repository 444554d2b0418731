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

import java.io.ByteArrayOutputStream;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionStage;

/**
 * Typical user code on the JDK's {@code java.net.http.WebSocket} client: text appended to a
 * {@code StringBuilder}, binary copied out of the JDK's buffer into a {@code ByteArrayOutputStream},
 * each turned into a {@code String} or {@code byte[]} when the message is complete and handed to
 * {@link #text} or {@link #binary}.
 */
abstract class TypicalJdkListener implements WebSocket.Listener {
    private StringBuilder text = new StringBuilder();
    private ByteArrayOutputStream binary = new ByteArrayOutputStream();

    /** A complete text message. */
    abstract void text(String message);

    /** A complete binary message. */
    abstract void binary(byte[] message);

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        text.append(data);
        if (last) {
            String message = text.toString();
            text = new StringBuilder();
            text(message);
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
            binary(message);
        }
        webSocket.request(1);
        return null;
    }
}
