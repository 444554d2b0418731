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

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A listener that writes down, in order, everything a decoder delivers (copies, never references). */
public final class Recorder implements WebSocketListener {
    public final List<String> events = new ArrayList<>();
    final List<byte[]> payloads = new ArrayList<>();
    final List<MessageType> types = new ArrayList<>();
    public int closeCode = -1;
    private final Function<WebSocketMessage, String> describe;

    /** Keeps a copy of each message's payload and type; its event is {@code text:<text>} or {@code binary:<length>}. */
    Recorder() {
        describe = this::copy;
    }

    /** Writes each message down only as {@code describe} says, without a copy (a digest of 16 MiB, say). */
    public Recorder(Function<WebSocketMessage, String> describe) {
        this.describe = describe;
    }

    private String copy(WebSocketMessage message) {
        byte[] bytes = message.toByteArray();
        payloads.add(bytes);
        types.add(message.type());
        return message.isText() ? "text:" + message.text() : "binary:" + bytes.length;
    }

    @Override
    public void onMessage(WebSocketMessage message) {
        events.add(describe.apply(message));
    }

    @Override
    public void onPing(ByteBuffer payload) {
        events.add("ping:" + StandardCharsets.UTF_8.decode(payload.duplicate()));
    }

    @Override
    public void onPong(ByteBuffer payload) {
        events.add("pong:" + StandardCharsets.UTF_8.decode(payload.duplicate()));
    }

    @Override
    public void onClose(int code, String reason) {
        closeCode = code;
        events.add("close:" + code + ":" + reason);
    }
}
