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
 * Reads RFC 6455 frame headers one byte at a time, in any split, and enforces the rules a header
 * alone decides (section 5.2): RSV bits (RSV1 only with permessage-deflate, only on a message's
 * first frame), reserved opcodes, fragmented or oversized control frames, masking against the
 * role, a 64-bit length with its top bit set and non-minimal length encodings, all 1002.
 *
 * <p>{@link #accept(int)} reports what became known, so that the decoder checks what needs the
 * message's state (continuation order, size limits) at the same point a one-piece decoder would:
 * right after the first byte, and as soon as the length is known, before the masking key.
 */
final class FrameHeaderReader {
    /** {@link #accept(int)}: the first byte was read; {@link #opcode()} and {@link #fin()} are known. */
    static final int OPCODE_KNOWN = 1;
    /** {@link #accept(int)}: {@link #payloadLength()} is known. */
    static final int LENGTH_KNOWN = 2;
    /** {@link #accept(int)}: the header is complete; the payload follows. */
    static final int COMPLETE = 4;

    private static final int MAX_CONTROL_PAYLOAD = 125;

    private static final int FIRST_BYTE = 0;
    private static final int SECOND_BYTE = 1;
    private static final int EXTENDED_LENGTH = 2;
    private static final int MASK_KEY = 3;

    private final Role role;
    private final boolean compressionNegotiated;

    private int step = FIRST_BYTE;
    private int bytesLeft;
    private boolean fin;
    private int opcode;
    private boolean compressed;
    private boolean masked;
    private boolean eightByteLength;
    private long payloadLength;
    private int maskKey;

    /**
     * @param role                  this endpoint's role; it decides which masking the peer must use
     * @param compressionNegotiated whether permessage-deflate is in use (RSV1 allowed)
     */
    FrameHeaderReader(Role role, boolean compressionNegotiated) {
        this.role = role;
        this.compressionNegotiated = compressionNegotiated;
    }

    /**
     * Takes the next header byte.
     *
     * @return the events this byte completed: a combination of {@link #OPCODE_KNOWN},
     *         {@link #LENGTH_KNOWN} and {@link #COMPLETE}, or 0; after {@code COMPLETE} the next
     *         byte starts a new header
     * @throws WebSocketProtocolException a header rule was broken (1002)
     */
    int accept(int b) throws WebSocketProtocolException {
        switch (step) {
            case FIRST_BYTE -> {
                firstByte(b);
                step = SECOND_BYTE;
                return OPCODE_KNOWN;
            }
            case SECOND_BYTE -> {
                return secondByte(b);
            }
            case EXTENDED_LENGTH -> {
                payloadLength = (payloadLength << 8) | b;
                if (--bytesLeft > 0) {
                    return 0;
                }
                checkExtendedLength();
                return lengthKnown();
            }
            default -> {
                maskKey = (maskKey << 8) | b;
                if (--bytesLeft > 0) {
                    return 0;
                }
                step = FIRST_BYTE;
                return COMPLETE;
            }
        }
    }

    boolean fin() {
        return fin;
    }

    int opcode() {
        return opcode;
    }

    /** Whether RSV1 marks this frame as a compressed message's first frame. */
    boolean compressed() {
        return compressed;
    }

    boolean masked() {
        return masked;
    }

    long payloadLength() {
        return payloadLength;
    }

    /** The masking key, big-endian as on the wire; 0 for an unmasked frame. */
    int maskKey() {
        return maskKey;
    }

    private void firstByte(int b) throws WebSocketProtocolException {
        fin = (b & 0x80) != 0;
        opcode = b & 0x0F;
        compressed = (b & 0x70) != 0 && compressedBit(b);
        if (!Opcodes.isDefined(opcode)) {
            throw violation("reserved opcode 0x" + Integer.toHexString(opcode));
        }
        if (Opcodes.isControl(opcode) && !fin) {
            throw violation("fragmented control frame (opcode 0x" + Integer.toHexString(opcode) + ")");
        }
    }

    /** RSV1 with permessage-deflate marks a compressed message's first frame; any other RSV use is an error. */
    private boolean compressedBit(int b) throws WebSocketProtocolException {
        int rsv = b & 0x70;
        if (rsv != 0x40 || !compressionNegotiated) {
            throw violation("RSV bits set (0x" + Integer.toHexString(rsv) + ") but no extension was negotiated"
                    + (compressionNegotiated ? " for them" : ""));
        }
        if (Opcodes.isControl(opcode)) {
            throw violation("RSV1 (compressed) on a control frame");
        }
        if (opcode == Opcodes.CONTINUATION) {
            throw violation("RSV1 on a continuation frame: only a message's first frame carries it");
        }
        return true;
    }

    private int secondByte(int b) throws WebSocketProtocolException {
        masked = (b & 0x80) != 0;
        if (masked != role.expectsMaskedFrames()) {
            throw violation(role == Role.SERVER ? "unmasked frame from a client" : "masked frame from a server");
        }
        int length7 = b & 0x7F;
        if (Opcodes.isControl(opcode) && length7 > MAX_CONTROL_PAYLOAD) {
            throw violation("control frame payload longer than 125 bytes");
        }
        payloadLength = 0;
        if (length7 >= 126) {
            eightByteLength = length7 == 127;
            bytesLeft = eightByteLength ? 8 : 2;
            step = EXTENDED_LENGTH;
            return 0;
        }
        payloadLength = length7;
        return lengthKnown();
    }

    private void checkExtendedLength() throws WebSocketProtocolException {
        if (payloadLength < 0) {
            throw violation("64-bit payload length with the most significant bit set");
        }
        if (eightByteLength ? payloadLength <= 0xFFFF : payloadLength < 126) {
            throw violation("payload length " + payloadLength + " not in minimal encoding");
        }
    }

    private int lengthKnown() {
        maskKey = 0;
        if (masked) {
            bytesLeft = 4;
            step = MASK_KEY;
            return LENGTH_KNOWN;
        }
        step = FIRST_BYTE;
        return LENGTH_KNOWN | COMPLETE;
    }

    private static WebSocketProtocolException violation(String reason) {
        return new WebSocketProtocolException(CloseCodes.PROTOCOL_ERROR, reason);
    }
}
