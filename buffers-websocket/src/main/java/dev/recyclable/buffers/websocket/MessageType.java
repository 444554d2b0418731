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

/** The two kinds of WebSocket data message. */
public enum MessageType {
    /** UTF-8 text; the bytes are kept as received (already validated), never re-encoded. */
    TEXT(Opcodes.TEXT),
    /** Arbitrary bytes. */
    BINARY(Opcodes.BINARY);

    private final int opcode;

    MessageType(int opcode) {
        this.opcode = opcode;
    }

    /** The opcode of the first frame of such a message. */
    public int opcode() {
        return opcode;
    }
}
