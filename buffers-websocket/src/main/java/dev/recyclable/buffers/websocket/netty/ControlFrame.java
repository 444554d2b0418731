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
package dev.recyclable.buffers.websocket.netty;

import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A Ping, Pong or Close frame travelling through a Netty pipeline: read from the decoder (it
 * fires one for every control frame it receives) or written to the encoder. The payload (at
 * most 125 bytes) is a plain heap copy: control frames are rare and tiny, so they stay out of
 * the pool and need no release.
 */
public final class ControlFrame {
    private final int opcode;
    private final byte[] payload;

    private ControlFrame(int opcode, byte[] payload) {
        if (opcode != Opcodes.PING && opcode != Opcodes.PONG && opcode != Opcodes.CLOSE) {
            throw new IllegalArgumentException("not a control opcode: " + opcode);
        }
        if (payload.length > 125) {
            throw new IllegalArgumentException("control payload of " + payload.length + " bytes (max 125)");
        }
        this.opcode = opcode;
        this.payload = payload;
    }

    public static ControlFrame ping(byte[] payload) {
        return new ControlFrame(Opcodes.PING, payload.clone());
    }

    public static ControlFrame pong(byte[] payload) {
        return new ControlFrame(Opcodes.PONG, payload.clone());
    }

    /** A Close frame with a status code (valid on the wire) and a reason cut to fit. */
    public static ControlFrame close(int code, String reason) {
        return new ControlFrame(Opcodes.CLOSE, WebSocketEncoder.closeBody(code, reason));
    }

    /** A Close frame without a body (the peer sees 1005). */
    public static ControlFrame emptyClose() {
        return new ControlFrame(Opcodes.CLOSE, new byte[0]);
    }

    static ControlFrame copyOf(int opcode, ByteBuffer payload) {
        byte[] bytes = new byte[payload.remaining()];
        payload.get(payload.position(), bytes); // absolute: no duplicate() per frame
        return new ControlFrame(opcode, bytes);
    }

    /** Whether {@code other}'s remaining bytes are this frame's payload; reads absolutely, moves nothing. */
    boolean hasPayload(ByteBuffer other) {
        int n = payload.length;
        if (other.remaining() != n) {
            return false;
        }
        int at = other.position();
        for (int i = 0; i < n; i++) {
            if (other.get(at + i) != payload[i]) {
                return false;
            }
        }
        return true;
    }

    /** The Pong answering this Ping; the payload array is shared, as neither ever changes it. */
    ControlFrame pong() {
        return new ControlFrame(Opcodes.PONG, payload);
    }

    public int opcode() {
        return opcode;
    }

    /** A copy of the payload. */
    public byte[] payload() {
        return payload.clone();
    }

    int payloadLength() {
        return payload.length;
    }

    byte[] payloadArray() {
        return payload;
    }

    /** For a Close frame, its status code, or {@link CloseCodes#NO_STATUS} when it has none. */
    public int closeCode() {
        requireClose();
        return payload.length < 2 ? CloseCodes.NO_STATUS : ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
    }

    /** For a Close frame, its reason (empty when none). */
    public String closeReason() {
        requireClose();
        return payload.length <= 2 ? "" : new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8);
    }

    private void requireClose() {
        if (opcode != Opcodes.CLOSE) {
            throw new IllegalStateException("not a Close frame");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ControlFrame c && c.opcode == opcode && java.util.Arrays.equals(c.payload, payload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(opcode, java.util.Arrays.hashCode(payload));
    }

    @Override
    public String toString() {
        return switch (opcode) {
            case Opcodes.PING -> "Ping[" + payload.length + " bytes]";
            case Opcodes.PONG -> "Pong[" + payload.length + " bytes]";
            default -> "Close[" + closeCode() + ", " + closeReason() + "]";
        };
    }
}
