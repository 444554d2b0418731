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

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.deflate.MessageInflater;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A strict RFC 6455 frame decoder and message assembler, independent of any transport.
 *
 * <p>Push bytes in as they arrive with {@link #feed(byte[], int, int)} or {@link #feed(ByteBuffer)}:
 * any split works, a frame may span many calls and a call may hold many frames. Data frame
 * payloads are unmasked while they are copied, once, into pooled chunks of a
 * {@link RecyclableOutputStream}; complete messages go to {@link WebSocketListener#onMessage}.
 * Control frames go to the listener as soon as they are complete, also between the fragments of
 * a message. The decoder keeps no reference to the caller's input after a call returns.
 *
 * <p>Strict by default: every violation throws {@link WebSocketProtocolException} with the close
 * code to send: RSV bits (no extension is supported), reserved opcodes, continuation order,
 * fragmented or oversized control frames, bad close bodies, 64-bit lengths with the top bit
 * set, non-minimal length encodings and masking against the role (1002); invalid UTF-8 in a
 * text message or close reason, detected at the first offending byte even across frame
 * boundaries (1007); frame and message size limits (1009) and the fragment count (1008),
 * checked as soon as the frame length is known, before any payload is stored. After a violation
 * the partial message's chunks are back in the pool and the decoder ignores further input
 * (RFC 6455 section 7.1.7); after a Close frame it ignores further input too.
 *
 * <p>With permessage-deflate (RFC 7692, a {@link MessageInflater} given to the constructor) RSV1
 * marks a compressed message: allowed on a message's first frame only, never on a control frame
 * (1002). Its payload is inflated straight into the message's chunks; the message size limit
 * then applies to the inflated bytes and is checked while inflating, and also to the sum of the
 * compressed frames at header time. Invalid DEFLATE data fails with 1007.
 *
 * <p>Not thread-safe: one decoder per connection, fed by one thread at a time. {@link #close()}
 * releases the message being assembled; call it when the connection ends for any reason.
 * Between messages the decoder keeps the last unretained message's stream, reset to one chunk
 * (at most the pool's largest chunk), so that once warm decoding allocates nothing per frame
 * or per message; {@code close()} gives that chunk back too. A view the listener took of that
 * message ({@code byteBuffers()}, a Netty {@code ByteBuf}) freezes the chunks it shows: the
 * reset leaves them to the view, and the next message starts on a fresh chunk, so the view
 * stays valid until it is closed however many messages follow.
 */
public final class WebSocketDecoder implements AutoCloseable {
    private static final String STREAM_TAG = "websocket-message";
    private static final int MAX_CONTROL_PAYLOAD = 125;

    private enum State {
        OPCODE,
        LENGTH,
        EXTENDED_LENGTH,
        MASK_KEY,
        PAYLOAD,
        DONE
    }

    private final BufferPool pool;
    private final Role role;
    private final WebSocketLimits limits;
    private final WebSocketListener listener;
    private final Utf8Validator utf8 = new Utf8Validator();
    private final byte[] controlPayload = new byte[MAX_CONTROL_PAYLOAD];
    private final ByteBuffer controlView = ByteBuffer.wrap(controlPayload).asReadOnlyBuffer();

    private State state = State.OPCODE;
    private boolean fin;
    private int opcode;
    private boolean masked;
    private int headerBytesLeft;
    private boolean eightByteLength;
    private long payloadLength;
    private long payloadLeft;
    private int maskKey;
    private int maskPhase;
    private int controlLength;

    private boolean inMessage;
    private MessageType messageType;
    private RecyclableOutputStream messageContent;
    private long messageLength;
    private int fragments;
    private WebSocketMessage recycled = new WebSocketMessage();
    /** The last unretained message's stream, reset: its first chunk serves the next message. */
    private RecyclableOutputStream spare;

    // ---- permessage-deflate (RFC 7692); inflater is null when the extension is not in use
    private final MessageInflater inflater;
    private final MessageInflater.InflatedBytes inflatedText = this::checkInflated;
    private boolean frameCompressed;
    private boolean compressed;

    /**
     * @param pool     where message chunks come from
     * @param role     this endpoint's role; it decides which masking the peer must use
     * @param limits   size limits, checked at header time
     * @param listener receives messages and control frames
     */
    public WebSocketDecoder(BufferPool pool, Role role, WebSocketLimits limits, WebSocketListener listener) {
        this(pool, role, limits, listener, null);
    }

    /**
     * A decoder for a connection that negotiated permessage-deflate.
     *
     * @param inflater from {@link dev.recyclable.buffers.websocket.deflate.PerMessageDeflate#newInflater()},
     *                 or null without the extension; the decoder owns it and ends it in {@link #close()}
     */
    public WebSocketDecoder(
            BufferPool pool, Role role, WebSocketLimits limits, WebSocketListener listener, MessageInflater inflater) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.role = Objects.requireNonNull(role, "role");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.inflater = inflater;
    }

    /**
     * Consumes {@code length} bytes of {@code bytes} from {@code offset}; the array is not kept.
     *
     * @throws WebSocketProtocolException the peer broke the protocol or a limit; fail the
     *                                    connection with its close code
     */
    public void feed(byte[] bytes, int offset, int length) throws WebSocketProtocolException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        int i = offset;
        int end = offset + length;
        while (i < end && state != State.DONE) {
            if (state == State.PAYLOAD) {
                int n = (int) Math.min(end - i, payloadLeft);
                payloadFromArray(bytes, i, n);
                i += n;
            } else {
                headerByte(bytes[i++] & 0xFF);
            }
        }
    }

    /**
     * Consumes all bytes between {@code src}'s position and limit (heap or direct, any byte
     * order) and moves the position to the limit; the buffer is not kept.
     *
     * @throws WebSocketProtocolException the peer broke the protocol or a limit
     */
    public void feed(ByteBuffer src) throws WebSocketProtocolException {
        if (src.hasArray()) {
            int n = src.remaining();
            int p = src.position();
            src.position(src.limit());
            feed(src.array(), src.arrayOffset() + p, n);
            return;
        }
        int i = src.position();
        int end = src.limit();
        try {
            while (i < end && state != State.DONE) {
                if (state == State.PAYLOAD) {
                    int n = (int) Math.min(end - i, payloadLeft);
                    payloadFromBuffer(src, i, n);
                    i += n;
                } else {
                    headerByte(src.get(i++) & 0xFF);
                }
            }
        } finally {
            src.position(end);
        }
    }

    /**
     * Consumes {@code length} bytes of {@code src} from absolute {@code index}; the source is not
     * kept. Payload bytes are copied in bulk straight into the message's chunks and unmasked
     * there, so a transport buffer needs no intermediate array or NIO view.
     *
     * @throws WebSocketProtocolException the peer broke the protocol or a limit
     */
    public void feed(ByteSource src, int index, int length) throws WebSocketProtocolException {
        Objects.requireNonNull(src, "src");
        if (length < 0) {
            throw new IllegalArgumentException("negative length: " + length);
        }
        int i = index;
        int end = index + length;
        while (i < end && state != State.DONE) {
            if (state == State.PAYLOAD) {
                int n = (int) Math.min(end - i, payloadLeft);
                payloadFromSource(src, i, n);
                i += n;
            } else {
                headerByte(src.getByte(i++) & 0xFF);
            }
        }
    }

    /** Whether the decoder stopped taking input: after a violation, a Close frame, or {@link #close()}. */
    public boolean isDone() {
        return state == State.DONE;
    }

    /** Whether a fragmented message is partly assembled. */
    public boolean isInMessage() {
        return inMessage;
    }

    /**
     * Releases the message being assembled and the chunk kept for the next message, and stops
     * taking input. Idempotent.
     */
    @Override
    public void close() {
        state = State.DONE;
        discardMessage();
        if (inflater != null) {
            inflater.close();
        }
    }

    // ---- header -------------------------------------------------------------------------

    private void headerByte(int b) throws WebSocketProtocolException {
        switch (state) {
            case OPCODE -> firstHeaderByte(b);
            case LENGTH -> secondHeaderByte(b);
            case EXTENDED_LENGTH -> {
                payloadLength = (payloadLength << 8) | b;
                if (--headerBytesLeft == 0) {
                    checkExtendedLength();
                    lengthKnown();
                }
            }
            case MASK_KEY -> {
                maskKey = (maskKey << 8) | b;
                if (--headerBytesLeft == 0) {
                    payloadStarts();
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void firstHeaderByte(int b) throws WebSocketProtocolException {
        fin = (b & 0x80) != 0;
        opcode = b & 0x0F;
        if ((b & 0x70) != 0 || inflater != null) {
            frameCompressed = compressedBit(b);
        }
        if (!Opcodes.isDefined(opcode)) {
            throw fail(CloseCodes.PROTOCOL_ERROR, "reserved opcode 0x" + Integer.toHexString(opcode));
        }
        if (Opcodes.isControl(opcode)) {
            if (!fin) {
                throw fail(
                        CloseCodes.PROTOCOL_ERROR,
                        "fragmented control frame (opcode 0x" + Integer.toHexString(opcode) + ")");
            }
        } else if (opcode == Opcodes.CONTINUATION) {
            if (!inMessage) {
                throw fail(CloseCodes.PROTOCOL_ERROR, "continuation frame without a message to continue");
            }
        } else if (inMessage) {
            throw fail(
                    CloseCodes.PROTOCOL_ERROR,
                    "new data frame (opcode 0x" + Integer.toHexString(opcode)
                            + ") before the previous message's final fragment");
        }
        state = State.LENGTH;
    }

    /** RSV1 with permessage-deflate marks a compressed message's first frame; any other RSV use is an error. */
    private boolean compressedBit(int b) throws WebSocketProtocolException {
        int rsv = b & 0x70;
        if (rsv == 0) {
            return false;
        }
        if (rsv != 0x40 || inflater == null) {
            throw fail(
                    CloseCodes.PROTOCOL_ERROR,
                    "RSV bits set (0x" + Integer.toHexString(rsv) + ") but no extension was negotiated"
                            + (inflater == null ? "" : " for them"));
        }
        if (Opcodes.isControl(opcode)) {
            throw fail(CloseCodes.PROTOCOL_ERROR, "RSV1 (compressed) on a control frame");
        }
        if (opcode == Opcodes.CONTINUATION) {
            throw fail(
                    CloseCodes.PROTOCOL_ERROR, "RSV1 on a continuation frame: only a message's first frame carries it");
        }
        return true;
    }

    private void secondHeaderByte(int b) throws WebSocketProtocolException {
        masked = (b & 0x80) != 0;
        if (masked != role.expectsMaskedFrames()) {
            throw fail(
                    CloseCodes.PROTOCOL_ERROR,
                    role == Role.SERVER ? "unmasked frame from a client" : "masked frame from a server");
        }
        int length7 = b & 0x7F;
        if (Opcodes.isControl(opcode) && length7 > MAX_CONTROL_PAYLOAD) {
            throw fail(CloseCodes.PROTOCOL_ERROR, "control frame payload longer than 125 bytes");
        }
        payloadLength = 0;
        if (length7 == 126) {
            headerBytesLeft = 2;
            eightByteLength = false;
            state = State.EXTENDED_LENGTH;
        } else if (length7 == 127) {
            headerBytesLeft = 8;
            eightByteLength = true;
            state = State.EXTENDED_LENGTH;
        } else {
            payloadLength = length7;
            lengthKnown();
        }
    }

    private void checkExtendedLength() throws WebSocketProtocolException {
        if (payloadLength < 0) {
            throw fail(CloseCodes.PROTOCOL_ERROR, "64-bit payload length with the most significant bit set");
        }
        if (eightByteLength ? payloadLength <= 0xFFFF : payloadLength < 126) {
            throw fail(CloseCodes.PROTOCOL_ERROR, "payload length " + payloadLength + " not in minimal encoding");
        }
    }

    private void lengthKnown() throws WebSocketProtocolException {
        if (!Opcodes.isControl(opcode)) {
            if (payloadLength > limits.maxFramePayload()) {
                throw fail(
                        CloseCodes.MESSAGE_TOO_BIG,
                        "frame payload of " + payloadLength + " bytes exceeds the limit of "
                                + limits.maxFramePayload());
            }
            if (messageLength + payloadLength > limits.maxMessageSize()) {
                throw fail(
                        CloseCodes.MESSAGE_TOO_BIG,
                        "message of at least " + (messageLength + payloadLength) + " bytes exceeds the limit of "
                                + limits.maxMessageSize());
            }
            if (fragments + 1 > limits.maxFragments()) {
                throw fail(
                        CloseCodes.POLICY_VIOLATION,
                        "message split into more than " + limits.maxFragments() + " fragments");
            }
        }
        if (masked) {
            maskKey = 0;
            headerBytesLeft = 4;
            state = State.MASK_KEY;
        } else {
            maskKey = 0;
            payloadStarts();
        }
    }

    private void payloadStarts() throws WebSocketProtocolException {
        payloadLeft = payloadLength;
        maskPhase = 0;
        if (Opcodes.isControl(opcode)) {
            controlLength = 0;
        } else {
            if (opcode != Opcodes.CONTINUATION) {
                startMessage();
            }
            fragments++;
        }
        state = State.PAYLOAD;
        if (payloadLeft == 0) {
            frameComplete();
        }
    }

    private void startMessage() {
        inMessage = true;
        messageType = opcode == Opcodes.TEXT ? MessageType.TEXT : MessageType.BINARY;
        compressed = frameCompressed;
        messageLength = 0;
        fragments = 0;
        utf8.reset();
        RecyclableOutputStream s = spare;
        spare = null;
        messageContent = s != null ? s : pool.newStream(STREAM_TAG);
    }

    // ---- payload ------------------------------------------------------------------------

    private void payloadFromArray(byte[] src, int index, int length) throws WebSocketProtocolException {
        if (Opcodes.isControl(opcode)) {
            if (masked) {
                maskPhase = Masking.copy(src, index, controlPayload, controlLength, length, maskKey, maskPhase);
            } else {
                System.arraycopy(src, index, controlPayload, controlLength, length);
            }
            controlLength += length;
        } else if (compressed) {
            inflateFromArray(src, index, length);
        } else {
            int done = 0;
            while (done < length) {
                ByteBuffer dst = writable(length - done);
                int n = Math.min(dst.remaining(), length - done);
                int at = dst.position();
                if (dst.hasArray()) {
                    int dstIndex = dst.arrayOffset() + at;
                    byte[] dstArray = dst.array();
                    if (masked) {
                        maskPhase = Masking.copy(src, index + done, dstArray, dstIndex, n, maskKey, maskPhase);
                    } else {
                        System.arraycopy(src, index + done, dstArray, dstIndex, n);
                    }
                    checkText(dstArray, dstIndex, n);
                } else {
                    if (masked) {
                        maskPhase = Masking.copy(src, index + done, dst, at, n, maskKey, maskPhase);
                    } else {
                        dst.put(at, src, index + done, n);
                    }
                    checkText(dst, at, n);
                }
                commit(n);
                done += n;
            }
            messageLength += length;
        }
        payloadLeft -= length;
        if (payloadLeft == 0) {
            frameComplete();
        }
    }

    private void payloadFromBuffer(ByteBuffer src, int index, int length) throws WebSocketProtocolException {
        if (Opcodes.isControl(opcode)) {
            if (masked) {
                maskPhase = Masking.copy(src, index, controlPayload, controlLength, length, maskKey, maskPhase);
            } else {
                src.get(index, controlPayload, controlLength, length);
            }
            controlLength += length;
        } else if (compressed) {
            inflateFromBuffer(src, index, length);
        } else {
            int done = 0;
            while (done < length) {
                ByteBuffer dst = writable(length - done);
                int n = Math.min(dst.remaining(), length - done);
                int at = dst.position();
                if (dst.hasArray()) {
                    int dstIndex = dst.arrayOffset() + at;
                    byte[] dstArray = dst.array();
                    if (masked) {
                        maskPhase = Masking.copy(src, index + done, dstArray, dstIndex, n, maskKey, maskPhase);
                    } else {
                        src.get(index + done, dstArray, dstIndex, n);
                    }
                    checkText(dstArray, dstIndex, n);
                } else {
                    if (masked) {
                        maskPhase = Masking.copy(src, index + done, dst, at, n, maskKey, maskPhase);
                    } else {
                        dst.put(at, src, index + done, n);
                    }
                    checkText(dst, at, n);
                }
                commit(n);
                done += n;
            }
            messageLength += length;
        }
        payloadLeft -= length;
        if (payloadLeft == 0) {
            frameComplete();
        }
    }

    private void payloadFromSource(ByteSource src, int index, int length) throws WebSocketProtocolException {
        if (Opcodes.isControl(opcode)) {
            src.getBytes(index, controlPayload, controlLength, length);
            if (masked) {
                maskPhase = Masking.copy(
                        controlPayload, controlLength, controlPayload, controlLength, length, maskKey, maskPhase);
            }
            controlLength += length;
        } else if (compressed) {
            inflateFromSource(src, index, length);
        } else {
            int done = 0;
            while (done < length) {
                ByteBuffer dst = writable(length - done);
                int n = Math.min(dst.remaining(), length - done);
                int at = dst.position();
                if (dst.hasArray()) {
                    int dstIndex = dst.arrayOffset() + at;
                    byte[] dstArray = dst.array();
                    src.getBytes(index + done, dstArray, dstIndex, n);
                    if (masked) {
                        // in place: the bytes are in the chunk, still hot in the cache
                        maskPhase = Masking.copy(dstArray, dstIndex, dstArray, dstIndex, n, maskKey, maskPhase);
                    }
                    checkText(dstArray, dstIndex, n);
                } else {
                    src.getBytes(index + done, dst, at, n);
                    if (masked) {
                        maskPhase = Masking.copy(dst, at, dst, at, n, maskKey, maskPhase);
                    }
                    checkText(dst, at, n);
                }
                commit(n);
                done += n;
            }
            messageLength += length;
        }
        payloadLeft -= length;
        if (payloadLeft == 0) {
            frameComplete();
        }
    }

    // ---- permessage-deflate: compressed payload is unmasked into the inflater's input, then inflated

    private void inflateFromArray(byte[] src, int index, int length) throws WebSocketProtocolException {
        byte[] in = inflater.input();
        for (int done = 0; done < length; ) {
            int n = Math.min(in.length, length - done);
            if (masked) {
                maskPhase = Masking.copy(src, index + done, in, 0, n, maskKey, maskPhase);
            } else {
                System.arraycopy(src, index + done, in, 0, n);
            }
            inflate(n);
            done += n;
        }
        messageLength += length;
    }

    private void inflateFromBuffer(ByteBuffer src, int index, int length) throws WebSocketProtocolException {
        byte[] in = inflater.input();
        for (int done = 0; done < length; ) {
            int n = Math.min(in.length, length - done);
            if (masked) {
                maskPhase = Masking.copy(src, index + done, in, 0, n, maskKey, maskPhase);
            } else {
                src.get(index + done, in, 0, n);
            }
            inflate(n);
            done += n;
        }
        messageLength += length;
    }

    private void inflateFromSource(ByteSource src, int index, int length) throws WebSocketProtocolException {
        byte[] in = inflater.input();
        for (int done = 0; done < length; ) {
            int n = Math.min(in.length, length - done);
            src.getBytes(index + done, in, 0, n);
            if (masked) {
                maskPhase = Masking.copy(in, 0, in, 0, n, maskKey, maskPhase);
            }
            inflate(n);
            done += n;
        }
        messageLength += length;
    }

    private void inflate(int n) throws WebSocketProtocolException {
        try {
            inflater.inflate(n, messageContent, limits.maxMessageSize(), inflatedText);
        } catch (WebSocketProtocolException e) {
            throw failed(e);
        }
    }

    /** Called by the inflater for every inflated run, before it is committed. */
    private void checkInflated(ByteBuffer window, int index, int length) throws WebSocketProtocolException {
        if (window.hasArray()) {
            checkText(window.array(), window.arrayOffset() + index, length);
        } else {
            checkText(window, index, length);
        }
    }

    private ByteBuffer writable(int wanted) throws WebSocketProtocolException {
        try {
            return messageContent.writableBuffer(wanted);
        } catch (BufferLimitExceededException e) {
            // the pool's stream cap is below our message limit: still the peer's message is too big
            throw fail(CloseCodes.MESSAGE_TOO_BIG, e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("message stream closed under the decoder", e);
        }
    }

    private void commit(int bytes) {
        try {
            messageContent.commit(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("message stream closed under the decoder", e);
        }
    }

    private void checkText(byte[] bytes, int index, int length) throws WebSocketProtocolException {
        if (messageType == MessageType.TEXT && !utf8.update(bytes, index, length)) {
            throw fail(
                    CloseCodes.INVALID_PAYLOAD, "invalid UTF-8 in text message near byte " + (messageLength + length));
        }
    }

    private void checkText(ByteBuffer bytes, int index, int length) throws WebSocketProtocolException {
        if (messageType == MessageType.TEXT && !utf8.update(bytes, index, length)) {
            throw fail(
                    CloseCodes.INVALID_PAYLOAD, "invalid UTF-8 in text message near byte " + (messageLength + length));
        }
    }

    // ---- frame and message completion ------------------------------------------------------

    private void frameComplete() throws WebSocketProtocolException {
        state = State.OPCODE;
        if (Opcodes.isControl(opcode)) {
            controlFrameComplete();
        } else if (fin) {
            messageComplete();
        }
    }

    private void controlFrameComplete() throws WebSocketProtocolException {
        controlView.limit(controlLength).position(0);
        switch (opcode) {
            case Opcodes.PING -> listener.onPing(controlView);
            case Opcodes.PONG -> listener.onPong(controlView);
            case Opcodes.CLOSE -> closeFrameComplete();
            default -> throw new IllegalStateException("opcode " + opcode);
        }
    }

    private void closeFrameComplete() throws WebSocketProtocolException {
        int code = CloseCodes.NO_STATUS;
        String reason = "";
        if (controlLength == 1) {
            throw fail(CloseCodes.PROTOCOL_ERROR, "close frame with a 1-byte body");
        }
        if (controlLength >= 2) {
            code = ((controlPayload[0] & 0xFF) << 8) | (controlPayload[1] & 0xFF);
            if (!CloseCodes.isValidOnWire(code)) {
                throw fail(CloseCodes.PROTOCOL_ERROR, "invalid close code " + code);
            }
            if (!Utf8Validator.isValid(controlPayload, 2, controlLength - 2)) {
                throw fail(CloseCodes.INVALID_PAYLOAD, "close reason is not valid UTF-8");
            }
            reason = new String(controlPayload, 2, controlLength - 2, StandardCharsets.UTF_8);
        }
        // RFC 6455 5.5.1: nothing follows a Close frame
        state = State.DONE;
        discardMessage();
        listener.onClose(code, reason);
    }

    private void messageComplete() throws WebSocketProtocolException {
        if (compressed) {
            try {
                inflater.finishMessage(messageContent, limits.maxMessageSize(), inflatedText);
            } catch (WebSocketProtocolException e) {
                throw failed(e);
            }
        }
        if (messageType == MessageType.TEXT && !utf8.isComplete()) {
            throw fail(CloseCodes.INVALID_PAYLOAD, "text message ends inside a UTF-8 sequence");
        }
        RecyclableOutputStream content = messageContent;
        messageContent = null;
        inMessage = false;
        messageLength = 0;
        fragments = 0;
        WebSocketMessage message = recycled;
        message.assign(messageType, content);
        try {
            listener.onMessage(message);
        } finally {
            if (message.isRetained()) {
                // the listener owns that instance now; the next message needs a fresh one
                recycled = new WebSocketMessage();
            } else {
                RecyclableOutputStream used = message.detach();
                if (used != null) { // null when the listener closed the message itself
                    if (state == State.DONE) {
                        used.close();
                    } else {
                        used.reset();
                        spare = used;
                    }
                }
            }
        }
    }

    private void discardMessage() {
        RecyclableOutputStream kept = spare;
        spare = null;
        if (kept != null) {
            kept.close();
        }
        RecyclableOutputStream content = messageContent;
        messageContent = null;
        inMessage = false;
        messageLength = 0;
        fragments = 0;
        if (content != null) {
            content.close();
        }
    }

    private WebSocketProtocolException fail(int closeCode, String reason) {
        state = State.DONE;
        discardMessage();
        return new WebSocketProtocolException(closeCode, reason);
    }

    /** As {@link #fail} for a violation the inflater (or a check it called) detected. */
    private WebSocketProtocolException failed(WebSocketProtocolException e) {
        state = State.DONE;
        discardMessage();
        return e;
    }
}
