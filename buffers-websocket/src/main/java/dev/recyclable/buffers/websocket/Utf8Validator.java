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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Incremental, fail-fast UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing
 * above U+10FFFF). Bytes may be fed in any split, a code point may straddle two calls; the
 * validator rejects at the first byte that cannot continue a valid sequence, which is what
 * RFC 6455 section 8.1 and Autobahn's 6.x cases ask of a text message.
 *
 * <p>ASCII runs are skipped eight bytes at a time through a {@code long} view of the array and
 * whole multi-byte sequences are checked structurally; whatever is invalid, or may continue in
 * the next call, goes through Björn Höhrmann's DFA ({@link Utf8Tables}: a 256-entry byte class table and a
 * 108-entry transition table), which pinpoints the failing byte and keeps state across calls. Not thread-safe; one instance per message being assembled,
 * reused via {@link #reset()}. Allocates nothing.
 */
public final class Utf8Validator {
    private static final int ACCEPT = Utf8Tables.ACCEPT;
    private static final int REJECT = Utf8Tables.REJECT;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte[] CLASSES = Utf8Tables.CLASSES;
    private static final byte[] TRANSITIONS = Utf8Tables.TRANSITIONS;

    private int state = ACCEPT;

    /**
     * Feeds {@code length} bytes of {@code bytes} from {@code offset}.
     *
     * @return false as soon as the bytes seen so far can no longer be valid UTF-8; once false,
     *         it stays false until {@link #reset()}
     */
    public boolean update(byte[] bytes, int offset, int length) {
        if (state != REJECT) {
            state = scan(state, bytes, offset, offset + length);
        }
        return state != REJECT;
    }

    /**
     * Feeds the bytes between {@code buffer}'s position and limit without moving its position.
     *
     * @return false as soon as the input can no longer be valid UTF-8
     */
    public boolean update(ByteBuffer buffer) {
        return update(buffer, buffer.position(), buffer.remaining());
    }

    /** Feeds {@code length} bytes of {@code buffer} from absolute {@code index}. */
    public boolean update(ByteBuffer buffer, int index, int length) {
        if (state == REJECT) {
            return false;
        }
        if (buffer.hasArray()) {
            int start = buffer.arrayOffset() + index;
            state = scan(state, buffer.array(), start, start + length);
        } else {
            state = scan(state, buffer, index, index + length);
        }
        return state != REJECT;
    }

    /** Whether everything fed so far is valid and ends on a code point boundary. */
    public boolean isComplete() {
        return state == ACCEPT;
    }

    /** Whether everything fed so far is valid or a valid prefix. */
    public boolean isValidSoFar() {
        return state != REJECT;
    }

    /** Forgets all input, ready for a new message. */
    public void reset() {
        state = ACCEPT;
    }

    /** Whether the range is complete, valid UTF-8. */
    public static boolean isValid(byte[] bytes, int offset, int length) {
        return scan(ACCEPT, bytes, offset, offset + length) == ACCEPT;
    }

    private static int scan(int state, byte[] bytes, int index, int end) {
        int i = index;
        int s = state;
        while (true) {
            if (s == ACCEPT) {
                i = skipValid(bytes, i, end);
            }
            if (i >= end) {
                return s;
            }
            s = TRANSITIONS[s + CLASSES[bytes[i++] & 0xFF]];
            if (s == REJECT) {
                return REJECT;
            }
        }
    }

    /**
     * From a code point boundary, skips whole valid sequences: ASCII eight bytes at a time, 2-, 3-
     * and 4-byte sequences checked structurally. Stops at the first sequence that is invalid or
     * may run past {@code end}, leaving it to the DFA, which finds the exact failing byte and
     * carries state across calls.
     */
    private static int skipValid(byte[] bytes, int index, int end) {
        int i = index;
        while (i < end) {
            int b0 = bytes[i] & 0xFF;
            if (b0 < 0x80) {
                while (i <= end - 8 && ((long) LONGS.get(bytes, i) & HIGH_BITS) == 0) {
                    i += 8;
                }
                while (i < end && bytes[i] >= 0) {
                    i++;
                }
                continue;
            }
            if (i > end - 4) {
                return i;
            }
            int b1 = bytes[i + 1] & 0xFF;
            if (b0 < 0xE0) {
                if (b0 < 0xC2 || !isContinuation(b1)) {
                    return i;
                }
                i += 2;
            } else if (b0 < 0xF0) {
                int min = b0 == 0xE0 ? 0xA0 : 0x80;
                int max = b0 == 0xED ? 0x9F : 0xBF;
                if (b1 < min || b1 > max || !isContinuation(bytes[i + 2] & 0xFF)) {
                    return i;
                }
                i += 3;
            } else {
                int min = b0 == 0xF0 ? 0x90 : 0x80;
                int max = b0 == 0xF4 ? 0x8F : 0xBF;
                if (b0 > 0xF4
                        || b1 < min
                        || b1 > max
                        || !isContinuation(bytes[i + 2] & 0xFF)
                        || !isContinuation(bytes[i + 3] & 0xFF)) {
                    return i;
                }
                i += 4;
            }
        }
        return i;
    }

    private static boolean isContinuation(int b) {
        return (b & 0xC0) == 0x80;
    }

    private static int scan(int state, ByteBuffer buffer, int index, int end) {
        int i = index;
        int s = state;
        while (true) {
            if (s == ACCEPT) {
                // the high-bit mask is the same in either byte order
                while (i <= end - 8 && (buffer.getLong(i) & HIGH_BITS) == 0) {
                    i += 8;
                }
            }
            if (i >= end) {
                return s;
            }
            s = TRANSITIONS[s + CLASSES[buffer.get(i++) & 0xFF]];
            if (s == REJECT) {
                return REJECT;
            }
        }
    }
}
