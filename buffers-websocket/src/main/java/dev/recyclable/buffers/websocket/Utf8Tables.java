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

/**
 * The tables of Björn Höhrmann's UTF-8 DFA, used by {@link Utf8Validator}: a byte's character
 * class, and the next state for (state + class). States are multiples of 12; 0 accepts, 12
 * rejects.
 */
final class Utf8Tables {
    static final int ACCEPT = 0;
    static final int REJECT = 12;

    /** Byte -> character class: ASCII is class 0; from 0x80 up, runs given as (last byte, class) pairs. */
    static final byte[] CLASSES = classes(
            0x8F, 1, 0x9F, 9, 0xBF, 7, 0xC1, 8, 0xDF, 2, 0xE0, 10, 0xEC, 3, 0xED, 4, 0xEF, 3, 0xF0, 11, 0xF3, 6, 0xF4,
            5, 0xFF, 8);

    /** (state + class) -> state. */
    static final byte[] TRANSITIONS = {
        0, 12, 24, 36, 60, 96, 84, 12, 12, 12, 48, 72, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
        12, 0, 12, 12, 12, 12, 12, 0, 12, 0, 12, 12, 12, 24, 12, 12, 12, 12, 12, 24, 12, 24, 12, 12,
        12, 12, 12, 12, 12, 12, 12, 24, 12, 12, 12, 12, 12, 24, 12, 12, 12, 12, 12, 12, 12, 24, 12, 12,
        12, 12, 12, 12, 12, 12, 12, 36, 12, 36, 12, 12, 12, 36, 12, 12, 12, 12, 12, 36, 12, 36, 12, 12,
        12, 36, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    };

    private Utf8Tables() {}

    /** @param lastAndClass pairs (last byte of a run, its class), ascending from 0x80 */
    private static byte[] classes(int... lastAndClass) {
        byte[] classes = new byte[256];
        int b = 0x80;
        for (int i = 0; i < lastAndClass.length; i += 2) {
            for (; b <= lastAndClass[i]; b++) {
                classes[b] = (byte) lastAndClass[i + 1];
            }
        }
        return classes;
    }
}
