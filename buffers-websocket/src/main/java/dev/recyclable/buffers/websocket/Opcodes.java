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

/** The frame opcodes of RFC 6455 section 5.2; the others are reserved. */
public final class Opcodes {
    public static final int CONTINUATION = 0x0;
    public static final int TEXT = 0x1;
    public static final int BINARY = 0x2;
    public static final int CLOSE = 0x8;
    public static final int PING = 0x9;
    public static final int PONG = 0xA;

    private Opcodes() {}

    /** Control frames have the high bit of the opcode set. */
    public static boolean isControl(int opcode) {
        return (opcode & 0x8) != 0;
    }

    /** Whether the opcode is one RFC 6455 defines; everything else is reserved. */
    public static boolean isDefined(int opcode) {
        return opcode <= BINARY || (opcode >= CLOSE && opcode <= PONG);
    }
}
