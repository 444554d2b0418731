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
package dev.recyclable.buffers.websocket.jdk;

import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * Sends pooled payloads through a JDK {@link WebSocket}, which allows one pending send at a time:
 * each method chains its pieces and completes when the last one was sent. Call the next send
 * only after the returned future completed.
 */
public final class JdkWebSocketSender {
    private JdkWebSocketSender() {}

    /**
     * Sends {@code payload} as one binary message, one frame per pooled chunk (the chunks are
     * passed as read-only views, not copied by this code; the JDK masks them into its own
     * buffer). Takes ownership of {@code payload}: it is closed when the send completes or fails.
     */
    public static CompletableFuture<WebSocket> sendBinary(WebSocket webSocket, RecyclableOutputStream payload) {
        ByteBufferView view;
        try {
            view = payload.byteBuffers();
        } finally {
            payload.close(); // the view keeps the chunks until it is closed
        }
        ByteBuffer[] parts = view.buffers();
        CompletableFuture<WebSocket> chain;
        if (parts.length == 0) {
            chain = webSocket.sendBinary(ByteBuffer.allocate(0), true);
        } else {
            chain = webSocket.sendBinary(parts[0], parts.length == 1);
            for (int i = 1; i < parts.length; i++) {
                ByteBuffer part = parts[i];
                boolean last = i == parts.length - 1;
                chain = chain.thenCompose(ws -> ws.sendBinary(part, last));
            }
        }
        return chain.whenComplete((ws, error) -> view.close());
    }

    /**
     * Sends the UTF-8 in {@code utf8} as one text message. The JDK's API takes only UTF-16 text
     * and re-encodes it, so this decodes once; takes ownership of {@code utf8} and closes it.
     */
    public static CompletableFuture<WebSocket> sendText(WebSocket webSocket, RecyclableOutputStream utf8) {
        String text;
        try {
            text = utf8.toString(StandardCharsets.UTF_8);
        } finally {
            utf8.close();
        }
        return webSocket.sendText(text, true);
    }
}
