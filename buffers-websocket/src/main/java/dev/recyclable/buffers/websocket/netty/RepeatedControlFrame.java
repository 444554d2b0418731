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

import java.nio.ByteBuffer;

/**
 * The last control frame of one opcode that the peer sent, reused while the peer repeats its
 * payload. A {@link ControlFrame} never changes, so one instance can be fired to any number of
 * handlers and written any number of times: a heartbeat, which sends the same Ping payload again
 * and again, then costs no frame, no payload copy and no Pong object per Ping. A new payload
 * gets a new frame, and the old one stays valid for whoever still holds it.
 *
 * <p>Used on the channel's event loop only.
 */
final class RepeatedControlFrame {
    private final int opcode;
    private ControlFrame last;
    private ControlFrame pong;

    RepeatedControlFrame(int opcode) {
        this.opcode = opcode;
    }

    /** A frame with {@code payload}'s remaining bytes: the last one if its payload is the same. */
    ControlFrame of(ByteBuffer payload) {
        ControlFrame frame = last;
        if (frame == null || !frame.hasPayload(payload)) {
            frame = ControlFrame.copyOf(opcode, payload);
            last = frame;
            pong = null;
        }
        return frame;
    }

    /** The Pong answering the frame {@link #of} returned last (a Ping). */
    ControlFrame pong() {
        ControlFrame reply = pong;
        if (reply == null) {
            reply = last.pong();
            pong = reply;
        }
        return reply;
    }
}
