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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
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
 * stays valid until it is closed however many messages follow ({@link MessageLender} does this).
 *
 * <p>One payload path: whatever was fed, payload bytes are read through a {@link DecoderInput}
 * that copies and unmasks ({@link Unmasker}) whole runs; headers are read by
 * {@link FrameHeaderReader}, control payloads collected by {@link ControlPayload}.
 */
public final class WebSocketDecoder implements AutoCloseable {
    private static final String STREAM_TAG = "websocket-message";

    private enum State {
        HEADER,
        PAYLOAD,
        DONE
    }

    private final WebSocketLimits limits;
    private final WebSocketListener listener;
    private final FrameHeaderReader header;
    private final Unmasker unmasker = new Unmasker();
    private final ControlPayload control = new ControlPayload();
    private final Utf8Validator utf8 = new Utf8Validator();
    private final MessageLender lender;
    private final DecoderInput.Array arrayInput = new DecoderInput.Array();
    private final DecoderInput.BufferSource bufferSource = new DecoderInput.BufferSource();
    private final DecoderInput.Source sourceInput = new DecoderInput.Source();

    private State state = State.HEADER;
    private int opcode;
    private long payloadLeft;

    private boolean inMessage;
    private MessageType messageType;
    private RecyclableOutputStream messageContent;
    private long messageLength;
    private int fragments;

    // ---- permessage-deflate (RFC 7692); inflater is null when the extension is not in use
    private final MessageInflater inflater;
    private final MessageInflater.InflatedBytes inflatedText = this::checkInflated;
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
     * @param inflater from {@link dev.recyclable.buffers.websocket.PerMessageDeflate#newInflater()},
     *                 or null without the extension; the decoder owns it and ends it in {@link #close()}
     */
    public WebSocketDecoder(
            BufferPool pool, Role role, WebSocketLimits limits, WebSocketListener listener, MessageInflater inflater) {
        this.lender = new MessageLender(pool, STREAM_TAG, true);
        this.header = new FrameHeaderReader(Objects.requireNonNull(role, "role"), inflater != null);
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
        consume(arrayInput.wrap(bytes), offset, offset + length);
    }

    /**
     * Consumes all bytes between {@code src}'s position and limit (heap or direct, any byte
     * order) and moves the position to the limit; the buffer is not kept.
     *
     * @throws WebSocketProtocolException the peer broke the protocol or a limit
     */
    public void feed(ByteBuffer src) throws WebSocketProtocolException {
        int p = src.position();
        int end = src.limit();
        src.position(end);
        if (src.hasArray()) {
            int start = src.arrayOffset() + p;
            consume(arrayInput.wrap(src.array()), start, start + end - p);
        } else {
            bufferSource.buffer = src;
            try {
                consume(sourceInput.wrap(bufferSource), p, end);
            } finally {
                bufferSource.buffer = null;
            }
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
        consume(sourceInput.wrap(src), index, index + length);
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

    /** The one read loop: header bytes one at a time, payload in runs. */
    private void consume(DecoderInput<?> in, int from, int end) throws WebSocketProtocolException {
        try {
            int i = from;
            while (i < end && state != State.DONE) {
                if (state == State.PAYLOAD) {
                    int n = (int) Math.min(end - i, payloadLeft);
                    payload(in, i, n);
                    i += n;
                } else {
                    headerByte(in.get(i++));
                }
            }
        } finally {
            in.clear();
        }
    }

    // ---- header -------------------------------------------------------------------------

    private void headerByte(int b) throws WebSocketProtocolException {
        int events;
        try {
            events = header.accept(b);
        } catch (WebSocketProtocolException e) {
            throw failed(e);
        }
        if (events == 0) {
            return;
        }
        if ((events & FrameHeaderReader.OPCODE_KNOWN) != 0) {
            opcode = header.opcode();
            checkMessageOrder();
        }
        if ((events & FrameHeaderReader.LENGTH_KNOWN) != 0 && !Opcodes.isControl(opcode)) {
            checkLimits(header.payloadLength());
        }
        if ((events & FrameHeaderReader.COMPLETE) != 0) {
            payloadStarts();
        }
    }

    private void checkMessageOrder() throws WebSocketProtocolException {
        if (Opcodes.isControl(opcode)) {
            return;
        }
        if (opcode == Opcodes.CONTINUATION) {
            if (!inMessage) {
                throw fail(CloseCodes.PROTOCOL_ERROR, "continuation frame without a message to continue");
            }
        } else if (inMessage) {
            throw fail(
                    CloseCodes.PROTOCOL_ERROR,
                    "new data frame (opcode 0x" + Integer.toHexString(opcode)
                            + ") before the previous message's final fragment");
        }
    }

    /** Limits are checked as soon as a data frame's length is known, before any payload is stored. */
    private void checkLimits(long payloadLength) throws WebSocketProtocolException {
        if (payloadLength > limits.maxFramePayload()) {
            throw fail(
                    CloseCodes.MESSAGE_TOO_BIG,
                    "frame payload of " + payloadLength + " bytes exceeds the limit of " + limits.maxFramePayload());
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

    private void payloadStarts() throws WebSocketProtocolException {
        payloadLeft = header.payloadLength();
        unmasker.start(header.masked(), header.maskKey());
        if (Opcodes.isControl(opcode)) {
            control.start();
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
        compressed = header.compressed();
        messageLength = 0;
        fragments = 0;
        utf8.reset();
        messageContent = lender.newContent();
    }

    // ---- payload ------------------------------------------------------------------------

    /** The one payload path, whatever the input: {@code in} copies and unmasks whole runs. */
    private void payload(DecoderInput<?> in, int index, int length) throws WebSocketProtocolException {
        if (Opcodes.isControl(opcode)) {
            control.append(in, index, length, unmasker);
        } else if (compressed) {
            inflatePayload(in, index, length);
        } else {
            storePayload(in, index, length);
        }
        payloadLeft -= length;
        if (payloadLeft == 0) {
            frameComplete();
        }
    }

    /** Copies and unmasks a data frame's payload into the message's chunks, checking text as it goes. */
    private void storePayload(DecoderInput<?> in, int index, int length) throws WebSocketProtocolException {
        for (int done = 0; done < length; ) {
            ByteBuffer dst = writable(length - done);
            int n = Math.min(dst.remaining(), length - done);
            int at = dst.position();
            if (dst.hasArray()) {
                byte[] dstArray = dst.array();
                int dstIndex = dst.arrayOffset() + at;
                in.copyTo(index + done, dstArray, dstIndex, n, unmasker);
                checkText(dstArray, dstIndex, n);
            } else {
                in.copyTo(index + done, dst, at, n, unmasker);
                checkText(dst, at, n);
            }
            commit(n);
            done += n;
        }
        messageLength += length;
    }

    /** Compressed payload is unmasked into the inflater's input, then inflated into the message's chunks. */
    private void inflatePayload(DecoderInput<?> in, int index, int length) throws WebSocketProtocolException {
        byte[] buffer = inflater.input();
        for (int done = 0; done < length; ) {
            int n = Math.min(buffer.length, length - done);
            in.copyTo(index + done, buffer, 0, n, unmasker);
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
            throw invalidText(length);
        }
    }

    private void checkText(ByteBuffer bytes, int index, int length) throws WebSocketProtocolException {
        if (messageType == MessageType.TEXT && !utf8.update(bytes, index, length)) {
            throw invalidText(length);
        }
    }

    private WebSocketProtocolException invalidText(int length) {
        return fail(CloseCodes.INVALID_PAYLOAD, "invalid UTF-8 in text message near byte " + (messageLength + length));
    }

    // ---- frame and message completion ------------------------------------------------------

    private void frameComplete() throws WebSocketProtocolException {
        state = State.HEADER;
        if (Opcodes.isControl(opcode)) {
            controlFrameComplete();
        } else if (header.fin()) {
            messageComplete();
        }
    }

    private void controlFrameComplete() throws WebSocketProtocolException {
        switch (opcode) {
            case Opcodes.PING -> listener.onPing(control.view());
            case Opcodes.PONG -> listener.onPong(control.view());
            case Opcodes.CLOSE -> closeFrameComplete();
            default -> throw new IllegalStateException("opcode " + opcode);
        }
    }

    private void closeFrameComplete() throws WebSocketProtocolException {
        int code;
        String reason;
        try {
            code = control.closeCode();
            reason = control.closeReason();
        } catch (WebSocketProtocolException e) {
            throw failed(e);
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
        lender.lend(messageType, endMessage(), listener);
    }

    /** Releases the partial message and the kept stream; from now on lent streams are released too. */
    private void discardMessage() {
        lender.close();
        RecyclableOutputStream content = endMessage();
        if (content != null) {
            content.close();
        }
    }

    /** Forgets the message being assembled and returns its stream (or {@code null}), now the caller's. */
    private RecyclableOutputStream endMessage() {
        RecyclableOutputStream content = messageContent;
        messageContent = null;
        inMessage = false;
        messageLength = 0;
        fragments = 0;
        return content;
    }

    private WebSocketProtocolException fail(int closeCode, String reason) {
        return failed(new WebSocketProtocolException(closeCode, reason));
    }

    /** Stops the decoder and releases the message for a violation found here, by the header reader or the inflater. */
    private WebSocketProtocolException failed(WebSocketProtocolException e) {
        state = State.DONE;
        discardMessage();
        return e;
    }
}
