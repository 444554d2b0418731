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
package dev.recyclable.buffers.benchmarks.websocket;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * What typical hand-written WebSocket code does (Java-WebSocket's shape): a fresh array per
 * frame payload, unmasked in place, appended to a {@code ByteArrayOutputStream}; at the final
 * frame {@code toByteArray()} for binary, or a validating UTF-8 decode into a
 * {@code StringBuilder} and {@code toString()} for text. Minimal header parsing, no limits.
 */
final class TypicalAccumulator {
    private ByteArrayOutputStream message;
    private final byte[] header = new byte[14];
    private int headerLength;
    private int headerNeeded = 2;
    private byte[] payload;
    private int payloadFilled;
    private boolean text;
    private boolean fin;
    private boolean masked;
    private Object last;

    /** Feeds bytes; returns the number of complete messages produced (byte[] or String kept in {@link #last()}). */
    int feed(byte[] src, int offset, int length) throws CharacterCodingException {
        int messages = 0;
        int i = offset;
        int end = offset + length;
        while (i < end) {
            if (payload == null) {
                header[headerLength++] = src[i++];
                if (headerLength == 2) {
                    masked = (header[1] & 0x80) != 0;
                    int len7 = header[1] & 0x7F;
                    headerNeeded = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + (masked ? 4 : 0);
                }
                if (headerLength == headerNeeded) {
                    startPayload();
                    if (payload.length == 0) {
                        messages += endFrame();
                    }
                }
            } else {
                int n = Math.min(end - i, payload.length - payloadFilled);
                System.arraycopy(src, i, payload, payloadFilled, n);
                payloadFilled += n;
                i += n;
                if (payloadFilled == payload.length) {
                    messages += endFrame();
                }
            }
        }
        return messages;
    }

    private void startPayload() {
        int len7 = header[1] & 0x7F;
        long n = len7;
        int p = 2;
        if (len7 == 126) {
            n = ((header[2] & 0xFF) << 8) | (header[3] & 0xFF);
            p = 4;
        } else if (len7 == 127) {
            n = 0;
            for (int k = 2; k < 10; k++) {
                n = (n << 8) | (header[k] & 0xFF);
            }
            p = 10;
        }
        fin = (header[0] & 0x80) != 0;
        int opcode = header[0] & 0x0F;
        if (opcode != 0) {
            text = opcode == 1;
            message = new ByteArrayOutputStream(); // a fresh accumulator per message, as typical code does
        }
        payload = new byte[(int) n];
        payloadFilled = 0;
        headerMaskAt = p;
    }

    private int headerMaskAt;

    private int endFrame() throws CharacterCodingException {
        if (masked) {
            for (int k = 0; k < payload.length; k++) {
                payload[k] ^= header[headerMaskAt + (k & 3)];
            }
        }
        message.write(payload, 0, payload.length);
        payload = null;
        headerLength = 0;
        headerNeeded = 2;
        if (!fin) {
            return 0;
        }
        byte[] all = message.toByteArray();
        message = null;
        if (text) {
            CharsetDecoder decoder = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            CharBuffer chars = decoder.decode(ByteBuffer.wrap(all));
            last = new StringBuilder(chars.length()).append(chars).toString();
        } else {
            last = all;
        }
        return 1;
    }

    Object last() {
        return last;
    }
}
