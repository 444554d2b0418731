package dev.recyclable.buffers.websocket.netty;

import io.netty.util.AttributeKey;

/** The channel attribute through which the encoder tells the decoder that a Close was sent. */
final class CloseState {
    static final AttributeKey<Boolean> SENT = AttributeKey.valueOf(CloseState.class, "closeSent");

    private CloseState() {
    }
}
