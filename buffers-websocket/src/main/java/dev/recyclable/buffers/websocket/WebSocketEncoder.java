package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
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
 */
public final class WebSocketEncoder {
    private static final int SCRATCH = 16 * 1024;

    private final Role role;
    private final long fragmentSize;
    private final RandomGenerator maskKeys;
    private final byte[] header = new byte[FrameHeader.MAX_LENGTH];
    private final ByteBuffer headerBuffer = ByteBuffer.wrap(header);
    private byte[] scratch;

    /**
     * @param role         CLIENT masks every frame with a key from a {@link SecureRandom}
     * @param fragmentSize largest frame payload; longer messages are fragmented. 0 or less
     *                     means one frame per message
     */
    public WebSocketEncoder(Role role, long fragmentSize) {
        this(role, fragmentSize, role.masksOutgoingFrames() ? new SecureRandom() : null);
    }

    /** As {@link #WebSocketEncoder(Role, long)} with the source of masking keys given (tests, benchmarks). */
    public WebSocketEncoder(Role role, long fragmentSize, RandomGenerator maskKeys) {
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
        writeMessage(type, payload, new ChannelSink(channel));
    }

    /** Writes {@code payload} as one message of {@code type} to a stream. */
    public void writeMessage(MessageType type, RecyclableOutputStream payload, OutputStream out) throws IOException {
        writeMessage(type, payload, new StreamSink(out));
    }

    /** Writes a Ping, Pong or Close frame of at most 125 bytes. */
    public void writeControl(int opcode, byte[] payload, int offset, int length, OutputStream out) throws IOException {
        writeControl(opcode, payload, offset, length, new StreamSink(out));
    }

    /** Writes a Ping, Pong or Close frame of at most 125 bytes. */
    public void writeControl(int opcode, byte[] payload, int offset, int length, GatheringByteChannel channel)
            throws IOException {
        writeControl(opcode, payload, offset, length, new ChannelSink(channel));
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
        sink.write(headerBuffer.clear().limit(headerLength), new ByteBuffer[] {body}, 1);
    }

    private void writeMessage(MessageType type, RecyclableOutputStream payload, Sink sink) throws IOException {
        long total = payload.length();
        try (ByteBufferView view = payload.byteBuffers()) {
            ByteBuffer[] parts = view.buffers();
            int part = 0;
            int partOffset = 0;
            long sent = 0;
            int opcode = type.opcode();
            boolean mask = role.masksOutgoingFrames();
            do {
                long frameLength = Math.min(fragmentSize, total - sent);
                boolean fin = sent + frameLength == total;
                int key = mask ? maskKeys.nextInt() : 0;
                int headerLength = FrameHeader.write(header, 0, fin, opcode, frameLength, mask, key);
                headerBuffer.clear().limit(headerLength);
                if (mask) {
                    sink.write(headerBuffer, new ByteBuffer[0], 0);
                }
                // collect the chunk views covering this frame
                ByteBuffer[] gather = new ByteBuffer[8];
                int count = 0;
                long left = frameLength;
                int phase = 0;
                while (left > 0) {
                    ByteBuffer p = parts[part];
                    int available = p.remaining() - partOffset;
                    int n = (int) Math.min(available, left);
                    if (n > 0) {
                        ByteBuffer slice = p.duplicate();
                        slice.position(p.position() + partOffset).limit(p.position() + partOffset + n);
                        if (mask) {
                            phase = writeMasked(slice, key, phase, sink);
                        } else {
                            if (count == gather.length) {
                                gather = java.util.Arrays.copyOf(gather, count * 2);
                            }
                            gather[count++] = slice;
                        }
                        left -= n;
                        partOffset += n;
                    }
                    if (partOffset == p.remaining()) {
                        part++;
                        partOffset = 0;
                    }
                }
                if (!mask) {
                    sink.write(headerBuffer, gather, count);
                }
                sent += frameLength;
                opcode = Opcodes.CONTINUATION;
            } while (sent < total);
        }
    }

    private int writeMasked(ByteBuffer slice, int key, int phase, Sink sink) throws IOException {
        byte[] masked = scratch();
        int p = phase;
        while (slice.hasRemaining()) {
            int n = Math.min(masked.length, slice.remaining());
            p = Masking.copy(slice, slice.position(), masked, 0, n, key, p);
            slice.position(slice.position() + n);
            sink.write(ByteBuffer.wrap(masked, 0, n), new ByteBuffer[0], 0);
        }
        return p;
    }

    private byte[] scratch() {
        byte[] s = scratch;
        if (s == null) {
            s = new byte[SCRATCH];
            scratch = s;
        }
        return s;
    }

    /** Where frames go: a header followed by {@code count} payload buffers. */
    private interface Sink {
        void write(ByteBuffer header, ByteBuffer[] payload, int count) throws IOException;
    }

    private static final class ChannelSink implements Sink {
        private final GatheringByteChannel channel;

        ChannelSink(GatheringByteChannel channel) {
            this.channel = Objects.requireNonNull(channel, "channel");
        }

        @Override
        public void write(ByteBuffer header, ByteBuffer[] payload, int count) throws IOException {
            ByteBuffer[] all = new ByteBuffer[count + 1];
            all[0] = header;
            System.arraycopy(payload, 0, all, 1, count);
            int first = 0;
            while (first <= count) {
                channel.write(all, first, all.length - first);
                while (first <= count && !all[first].hasRemaining()) {
                    first++;
                }
            }
        }
    }

    private final class StreamSink implements Sink {
        private final OutputStream out;

        StreamSink(OutputStream out) {
            this.out = Objects.requireNonNull(out, "out");
        }

        @Override
        public void write(ByteBuffer header, ByteBuffer[] payload, int count) throws IOException {
            writeOne(header);
            for (int i = 0; i < count; i++) {
                writeOne(payload[i]);
            }
        }

        private void writeOne(ByteBuffer b) throws IOException {
            if (b.hasArray()) {
                out.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
                b.position(b.limit());
            } else {
                byte[] s = scratch();
                while (b.hasRemaining()) {
                    int n = Math.min(s.length, b.remaining());
                    b.get(s, 0, n);
                    out.write(s, 0, n);
                }
            }
        }
    }
}
