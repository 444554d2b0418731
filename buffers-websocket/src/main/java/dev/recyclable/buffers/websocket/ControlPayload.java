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

/**
 * Collects a control frame's payload (at most 125 bytes, RFC 6455 section 5.5) in one reused
 * array, across any number of input pieces, and reads a Close frame's body (section 5.5.1).
 * Allocates nothing except a Close reason's {@code String}.
 */
final class ControlPayload {
    static final int MAX_LENGTH = 125;

    private final byte[] bytes = new byte[MAX_LENGTH];
    private final ByteBuffer view = ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    private int length;

    /** A new control frame begins. */
    void start() {
        length = 0;
    }

    /** Appends {@code n} payload bytes of {@code in} from {@code index}, unmasked. */
    void append(DecoderInput<?> in, int index, int n, Unmasker unmasker) {
        in.copyTo(index, bytes, length, n, unmasker);
        length += n;
    }

    /** The payload, read-only; reused for the next control frame. */
    ByteBuffer view() {
        view.limit(length).position(0);
        return view;
    }

    /**
     * The Close frame's status code: {@link CloseCodes#NO_STATUS} for an empty body.
     *
     * @throws WebSocketProtocolException a 1-byte body or a code not allowed on the wire (1002)
     */
    int closeCode() throws WebSocketProtocolException {
        if (length == 0) {
            return CloseCodes.NO_STATUS;
        }
        if (length == 1) {
            throw new WebSocketProtocolException(CloseCodes.PROTOCOL_ERROR, "close frame with a 1-byte body");
        }
        int code = ((bytes[0] & 0xFF) << 8) | (bytes[1] & 0xFF);
        if (!CloseCodes.isValidOnWire(code)) {
            throw new WebSocketProtocolException(CloseCodes.PROTOCOL_ERROR, "invalid close code " + code);
        }
        return code;
    }

    /**
     * The Close frame's reason, after {@link #closeCode()}; empty without one.
     *
     * @throws WebSocketProtocolException the reason is not valid UTF-8 (1007)
     */
    String closeReason() throws WebSocketProtocolException {
        if (length <= 2) {
            return "";
        }
        if (!Utf8Validator.isValid(bytes, 2, length - 2)) {
            throw new WebSocketProtocolException(CloseCodes.INVALID_PAYLOAD, "close reason is not valid UTF-8");
        }
        return new String(bytes, 2, length - 2, StandardCharsets.UTF_8);
    }
}
