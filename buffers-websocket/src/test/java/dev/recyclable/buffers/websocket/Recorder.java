package dev.recyclable.buffers.websocket;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A listener that writes down, in order, everything a decoder delivers (copies, never references). */
final class Recorder implements WebSocketListener {
    final List<String> events = new ArrayList<>();
    final List<byte[]> payloads = new ArrayList<>();
    final List<MessageType> types = new ArrayList<>();
    int closeCode = -1;

    @Override
    public void onMessage(WebSocketMessage message) {
        byte[] bytes = message.toByteArray();
        payloads.add(bytes);
        types.add(message.type());
        events.add(message.isText() ? "text:" + message.text() : "binary:" + bytes.length);
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
