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

import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Writes WebSocket frames whose payload comes straight from a {@link RecyclableOutputStream}.
 *
 * <p>As a server the payload chunks are handed to the channel or stream as they are: a
 * {@link GatheringByteChannel} gets the header and the chunk views of each frame in one
 * gathering write, an {@link OutputStream} gets the chunk arrays. As a client RFC 6455 forces a
 * copy, because every payload byte is XOR-ed with a fresh masking key; that copy goes through
 * a reused scratch buffer. Text goes out from already-encoded UTF-8 (no decode, no re-encode;
 * the caller vouches for its validity). Messages longer than the fragment size are split into a
 * first frame and continuations.
 *
 * <p>The encoder never takes ownership of a payload: the caller keeps its stream and closes
 * it after the write returns. Not thread-safe; one per connection.
 *
 * <p>With permessage-deflate (a {@link MessageDeflater} given to the constructor) messages of
 * at least its threshold are compressed into the deflater's reused pooled stream, written as
 * above with RSV1 on the first frame (to a channel: one gathering write per frame over reused
 * buffers, as the compressed content is the encoder's alone until the write returns), and let
 * go of when the write returns; control frames are never compressed. {@link #close()} ends the
 * deflater.
 */
public final class WebSocketEncoder implements AutoCloseable {
    private static final int SCRATCH = 16 * 1024;

    private final Role role;
    private final long fragmentSize;
    private final RandomGenerator maskKeys;
    private final byte[] header = new byte[FrameHeader.MAX_LENGTH];
    private final ByteBuffer headerBuffer = ByteBuffer.wrap(header);
    private final FrameWriter frames = new FrameWriter();
    private ByteBuffer[] gather = new ByteBuffer[8];
    private byte[] scratch;
    private ByteBuffer scratchBuffer;
    private final MessageDeflater deflater;
    /** Buffers over the compressed form of a message, reused from message to message. */
    private final SegmentBuffers compressedParts = new SegmentBuffers();
    /** The sink for channel writes, pointed at each call's channel: one object per encoder, not per message. */
    private final ChannelSink channelSink = new ChannelSink();
    /** RSV1 while a compressed message is written; cleared once its first frame header is out. */
    private int rsv;

    /**
     * @param role         CLIENT masks every frame with a key from {@link MaskingKeys}
     * @param fragmentSize largest frame payload; longer messages are fragmented. 0 or less
     *                     means one frame per message
     */
    public WebSocketEncoder(Role role, long fragmentSize) {
        this(role, fragmentSize, role.masksOutgoingFrames() ? new MaskingKeys() : null);
    }

    /** As {@link #WebSocketEncoder(Role, long)} with the source of masking keys given (tests, benchmarks). */
    public WebSocketEncoder(Role role, long fragmentSize, RandomGenerator maskKeys) {
        this(role, fragmentSize, maskKeys, null);
    }

    /**
     * An encoder for a connection that negotiated permessage-deflate.
     *
     * @param deflater from {@link dev.recyclable.buffers.websocket.PerMessageDeflate#newDeflater()},
     *                 or null; the encoder owns it and ends it in {@link #close()}
     */
    public WebSocketEncoder(Role role, long fragmentSize, RandomGenerator maskKeys, MessageDeflater deflater) {
        this.deflater = deflater;
        this.role = Objects.requireNonNull(role, "role");
        this.fragmentSize = fragmentSize <= 0 ? Long.MAX_VALUE : fragmentSize;
        this.maskKeys = maskKeys;
        if (role.masksOutgoingFrames() && maskKeys == null) {
            throw new IllegalArgumentException("a client needs a source of masking keys");
        }
    }

    /** Writes {@code payload} as one message of {@code type} to a channel (blocking until all is written). */
    public void writeMessage(MessageType type, RecyclableOutputStream payload, GatheringByteChannel channel)
            throws IOException {
        try {
            writeMessage(type, payload, channelSink.to(Objects.requireNonNull(channel, "channel")));
        } finally {
            channelSink.to(null);
        }
    }

    /** Writes {@code payload} as one message of {@code type} to a stream. */
    public void writeMessage(MessageType type, RecyclableOutputStream payload, OutputStream out) throws IOException {
        writeMessage(type, payload, new StreamSink(out));
    }

    /**
     * Writes a Ping, Pong or Close frame of at most 125 bytes.
     *
     * @throws IllegalArgumentException if {@code opcode} is not {@link Opcodes#PING},
     *                                  {@link Opcodes#PONG} or {@link Opcodes#CLOSE} (a data or
     *                                  reserved opcode, which a peer answers with 1002), or the
     *                                  payload is longer than 125 bytes; nothing is written
     */
    public void writeControl(int opcode, byte[] payload, int offset, int length, OutputStream out) throws IOException {
        writeControl(opcode, payload, offset, length, new StreamSink(out));
    }

    /**
     * Writes a Ping, Pong or Close frame of at most 125 bytes.
     *
     * @throws IllegalArgumentException as {@link #writeControl(int, byte[], int, int, OutputStream)}
     */
    public void writeControl(int opcode, byte[] payload, int offset, int length, GatheringByteChannel channel)
            throws IOException {
        try {
            writeControl(opcode, payload, offset, length, channelSink.to(Objects.requireNonNull(channel, "channel")));
        } finally {
            channelSink.to(null);
        }
    }

    /** The one check of both {@code writeControl}s: a control opcode RFC 6455 defines, a payload that fits a control frame. */
    private static void checkControl(int opcode, byte[] payload, int offset, int length) {
        if (opcode != Opcodes.PING && opcode != Opcodes.PONG && opcode != Opcodes.CLOSE) {
            throw new IllegalArgumentException("opcode 0x" + Integer.toHexString(opcode)
                    + " is not a control frame's: writeControl writes Ping (0x9), Pong (0xa) or Close (0x8)");
        }
        Objects.checkFromIndexSize(offset, length, payload.length);
        if (length > 125) {
            throw new IllegalArgumentException(
                    "a control frame's payload is at most 125 bytes (RFC 6455 5.5), not " + length);
        }
    }

    /** Writes a Close frame with {@code code} (which must be valid on the wire) and a UTF-8 reason. */
    public void writeClose(int code, String reason, OutputStream out) throws IOException {
        byte[] body = closeBody(code, reason);
        writeControl(Opcodes.CLOSE, body, 0, body.length, out);
    }

    /** The body of a Close frame: the code in two bytes, then the reason's UTF-8 (cut to fit 125 bytes). */
    public static byte[] closeBody(int code, String reason) {
        if (!CloseCodes.isValidOnWire(code)) {
            throw new IllegalArgumentException("close code " + code + " may not be sent");
        }
        byte[] text = reason == null ? new byte[0] : reason.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(text.length, 123);
        while (n > 0 && n < text.length && (text[n] & 0xC0) == 0x80) {
            n--; // do not cut a code point in half
        }
        byte[] body = new byte[2 + n];
        body[0] = (byte) (code >>> 8);
        body[1] = (byte) code;
        System.arraycopy(text, 0, body, 2, n);
        return body;
    }

    private void writeControl(int opcode, byte[] payload, int offset, int length, Sink sink) throws IOException {
        checkControl(opcode, payload, offset, length);
        boolean mask = role.masksOutgoingFrames();
        int key = mask ? maskKeys.nextInt() : 0;
        int headerLength = FrameHeader.write(header, 0, true, opcode, length, mask, key);
        ByteBuffer body;
        if (mask) {
            byte[] masked = scratch();
            Masking.copy(payload, offset, masked, 0, length, key, 0);
            body = ByteBuffer.wrap(masked, 0, length);
        } else {
            body = ByteBuffer.wrap(payload, offset, length);
        }
        gather(1)[1] = body;
        gather[0] = headerBuffer.clear().limit(headerLength);
        sink.write(gather, 2);
        gather[1] = null;
    }

    private void writeMessage(MessageType type, RecyclableOutputStream payload, Sink sink) throws IOException {
        if (deflater != null && deflater.shouldCompress(payload.length())) {
            try {
                // a failed compression gives its chunks back itself; written() lets go of a sent one's
                RecyclableOutputStream compressed = deflater.compress(payload);
                rsv = 0x40;
                if (gathers(sink)) {
                    // the deflater's stream, unseen by anyone else until the write returns: no view needed
                    int count = compressedParts.collect(compressed);
                    gatherFrames(type, compressedParts.parts(), count, compressed.length(), sink);
                } else {
                    frames.write(type, compressed, sink);
                }
            } finally {
                rsv = 0;
                compressedParts.clear();
                deflater.written();
            }
        } else if (gathers(sink)) {
            // the caller's stream, which others may hold: the view keeps its chunks for the write
            try (ByteBufferView view = payload.byteBuffers()) {
                ByteBuffer[] parts = view.buffers();
                gatherFrames(type, parts, parts.length, payload.length(), sink);
            }
        } else {
            frames.write(type, payload, sink);
        }
    }

    /** Ends the deflater, if any (its native memory). Idempotent. */
    @Override
    public void close() {
        compressedParts.forgetWrappers();
        if (deflater != null) {
            deflater.close();
        }
    }

    /** Unmasked frames to a channel go out as gathering writes of the payload's own chunks. */
    private boolean gathers(Sink sink) {
        return sink instanceof ChannelSink && !role.masksOutgoingFrames();
    }

    /**
     * Unmasked to a channel: each frame is its header plus the parts that cover it, in one
     * gathering write. The parts (this call's alone) are narrowed in place to each frame's
     * share, so no frame allocates.
     */
    private void gatherFrames(MessageType type, ByteBuffer[] parts, int partCount, long total, Sink sink)
            throws IOException {
        try {
            int part = 0;
            int partEnd = partCount == 0 ? 0 : parts[0].limit();
            long sent = 0;
            int opcode = type.opcode();
            do {
                long frameLength = Math.min(fragmentSize, total - sent);
                boolean fin = sent + frameLength == total;
                int headerLength = FrameHeader.write(header, 0, fin, opcode, frameLength, false, 0);
                header[0] |= (byte) rsv;
                rsv = 0;
                int count = 1;
                long left = frameLength;
                while (left > 0) {
                    ByteBuffer p = parts[part];
                    int n = (int) Math.min(partEnd - p.position(), left);
                    if (n > 0) {
                        p.limit(p.position() + n);
                        gather(count)[count++] = p;
                        left -= n;
                    }
                    if (p.limit() == partEnd) {
                        part++;
                        partEnd = part < partCount ? parts[part].limit() : 0;
                    }
                }
                gather[0] = headerBuffer.clear().limit(headerLength);
                sink.write(gather, count);
                sent += frameLength;
                opcode = Opcodes.CONTINUATION;
            } while (sent < total);
        } finally {
            java.util.Arrays.fill(gather, null); // keep no reference to the chunks
        }
    }

    /** The reused gather array, with room for index {@code index}. */
    private ByteBuffer[] gather(int index) {
        if (index >= gather.length) {
            gather = java.util.Arrays.copyOf(gather, Math.max(index + 1, gather.length * 2));
        }
        return gather;
    }

    private byte[] scratch() {
        byte[] s = scratch;
        if (s == null) {
            s = new byte[SCRATCH];
            scratch = s;
            scratchBuffer = ByteBuffer.wrap(s);
        }
        return s;
    }

    /**
     * Walks the payload's segments ({@code forEachSegment}, zero-copy) and cuts them into frames.
     * Unmasked array segments go to the stream as they are. Anything that must be copied (masked
     * payload, direct chunks bound for a stream) is staged with the frame headers in the scratch
     * array, which is written out when full and at the end of the message: a client's small
     * frames leave in one write with their headers. Reused for every message: no allocation.
     */
    private final class FrameWriter implements SegmentVisitor {
        private Sink sink;
        private boolean mask;
        private int opcode;
        private long total;
        private long sent;
        private long frameLeft;
        private int key;
        private int phase;
        private int staged;

        void write(MessageType type, RecyclableOutputStream payload, Sink target) throws IOException {
            sink = target;
            mask = role.masksOutgoingFrames();
            opcode = type.opcode();
            total = payload.length();
            sent = 0;
            frameLeft = 0;
            staged = 0;
            try {
                if (total == 0) {
                    startFrame();
                } else {
                    payload.forEachSegment(this);
                }
                flushStaged();
            } finally {
                sink = null;
            }
        }

        @Override
        public void visit(byte[] array, int offset, int length) throws IOException {
            int at = offset;
            int left = length;
            while (left > 0) {
                if (frameLeft == 0) {
                    startFrame();
                }
                int n = (int) Math.min(left, frameLeft);
                if (mask) {
                    stageMasked(array, at, n);
                } else {
                    flushStaged();
                    sink.write(array, at, n);
                }
                at += n;
                left -= n;
                frameLeft -= n;
                sent += n;
            }
        }

        @Override
        public void visit(ByteBuffer segment) throws IOException {
            // the segment is the chunk's shared view: read it by index, leave its position alone
            int at = segment.position();
            int end = segment.limit();
            while (at < end) {
                if (frameLeft == 0) {
                    startFrame();
                }
                int n = (int) Math.min(end - at, frameLeft);
                stage(segment, at, n);
                at += n;
                frameLeft -= n;
                sent += n;
            }
        }

        private void startFrame() throws IOException {
            long frameLength = Math.min(fragmentSize, total - sent);
            boolean fin = sent + frameLength == total;
            key = mask ? maskKeys.nextInt() : 0;
            phase = 0;
            int headerLength = FrameHeader.write(header, 0, fin, opcode, frameLength, mask, key);
            header[0] |= (byte) rsv;
            rsv = 0;
            byte[] s = scratch();
            if (s.length - staged < headerLength) {
                flushStaged();
            }
            System.arraycopy(header, 0, s, staged, headerLength);
            staged += headerLength;
            frameLeft = frameLength;
            opcode = Opcodes.CONTINUATION;
        }

        private void stageMasked(byte[] array, int offset, int length) throws IOException {
            byte[] s = scratch();
            int at = offset;
            int left = length;
            while (left > 0) {
                if (staged == s.length) {
                    flushStaged();
                }
                int n = Math.min(left, s.length - staged);
                phase = Masking.copy(array, at, s, staged, n, key, phase);
                staged += n;
                at += n;
                left -= n;
            }
        }

        /** {@code length} bytes of a direct segment from {@code index}, masked if need be. */
        private void stage(ByteBuffer segment, int index, int length) throws IOException {
            byte[] s = scratch();
            int from = index;
            int left = length;
            while (left > 0) {
                if (staged == s.length) {
                    flushStaged();
                }
                int n = Math.min(left, s.length - staged);
                if (mask) {
                    phase = Masking.copy(segment, from, s, staged, n, key, phase);
                } else {
                    segment.get(from, s, staged, n);
                }
                staged += n;
                from += n;
                left -= n;
            }
        }

        private void flushStaged() throws IOException {
            if (staged > 0) {
                int n = staged;
                staged = 0;
                sink.write(scratch, 0, n);
            }
        }
    }

    /** Where frames go. */
    private interface Sink {
        /** {@code count} buffers, all written before this returns. */
        void write(ByteBuffer[] buffers, int count) throws IOException;

        /** Bytes of the encoder's own arrays or of a payload segment, all written before this returns. */
        void write(byte[] array, int offset, int length) throws IOException;
    }

    private final class ChannelSink implements Sink {
        private GatheringByteChannel channel;

        /** Points the sink at {@code target} (null: at nothing, between calls); returns it. */
        ChannelSink to(GatheringByteChannel target) {
            channel = target;
            return this;
        }

        @Override
        public void write(ByteBuffer[] buffers, int count) throws IOException {
            int first = 0;
            while (first < count) {
                channel.write(buffers, first, count - first);
                while (first < count && !buffers[first].hasRemaining()) {
                    first++;
                }
            }
        }

        @Override
        public void write(byte[] array, int offset, int length) throws IOException {
            // only the scratch array reaches here: masked payload, staged with its headers
            ByteBuffer b = array == scratch ? scratchBuffer.clear() : ByteBuffer.wrap(array);
            b.limit(offset + length).position(offset);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }
    }

    private static final class StreamSink implements Sink {
        private final OutputStream out;

        StreamSink(OutputStream out) {
            this.out = Objects.requireNonNull(out, "out");
        }

        @Override
        public void write(ByteBuffer[] buffers, int count) throws IOException {
            // control frames only: header and body are heap buffers of the encoder or the caller
            for (int i = 0; i < count; i++) {
                ByteBuffer b = buffers[i];
                out.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
                b.position(b.limit());
            }
        }

        @Override
        public void write(byte[] array, int offset, int length) throws IOException {
            out.write(array, offset, length);
        }
    }
}
