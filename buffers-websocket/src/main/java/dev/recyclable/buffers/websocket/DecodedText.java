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
package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;

/**
 * The payload of a text message that its transport delivered already decoded to UTF-16, as the
 * JDK's {@code java.net.http.WebSocket} does, for a transport adapter to lend through
 * {@link MessageLender#lendText}. A {@link WebSocketMessage} holding it builds {@link
 * WebSocketMessage#text()} from the UTF-16 directly, and encodes the UTF-8 bytes into a pooled
 * stream only when they are asked for: text that arrived decoded is not encoded back to UTF-8
 * for a listener that wants a {@code String}, nor decoded twice.
 *
 * <p><b>Ownership.</b> The message that holds an instance owns it until the message is
 * released, and then calls {@link #release()} exactly once; after that nothing reads it. The
 * text does not change while it is held. Implementations say where the text lives (the JDK
 * adapter keeps the JDK's own buffers, which the JDK lets a listener keep until it says so).
 * Not thread-safe, like the message.
 */
public interface DecodedText {

    /** The whole text. Each call builds a new {@code String}. */
    String text();

    /**
     * The number of bytes {@link #encodeUtf8} appends: the length of the text in UTF-8 (an
     * unpaired surrogate, which valid UTF-8 never decodes to, counts as the three bytes of
     * U+FFFD).
     */
    long utf8Length();

    /** Appends the text's UTF-8 encoding to {@code out}, unpaired surrogates as U+FFFD. */
    void encodeUtf8(RecyclableOutputStream out) throws IOException;

    /** Called once, when the message holding this text is released. */
    void release();
}
