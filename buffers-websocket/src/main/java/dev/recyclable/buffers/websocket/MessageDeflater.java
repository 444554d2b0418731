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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.Deflater;

/**
 * Compresses outgoing WebSocket messages (RFC 7692) into pooled chunks, one reused raw-DEFLATE
 * {@link Deflater} per connection.
 *
 * <p>{@link #compress} reads the payload's segments without copying heap chunks, deflates into
 * {@link RecyclableOutputStream#writableBuffer(int)} windows of the deflater's own stream (one per
 * connection, reused for every message: no allocation per message once warm), ends with a sync
 * flush and leaves out the flush's {@code 00 00 ff ff} (the receiver adds it back). Only the sync
 * flush's output passes through a small reused array, so that its last four bytes can be held
 * back; direct chunks are staged through that array too. With context takeover the window carries
 * over to the next message; without it the deflater resets.
 *
 * <p><b>Ownership.</b> The compressed stream stays the deflater's: the caller reads it, and calls
 * {@link #written()} once done with it, which gives its chunks back: between messages the deflater
 * holds no pooled memory, only zlib's own, until {@link #close()}. Content that must outlive that (a Netty frame waiting
 * for the socket) is held through a view ({@code byteBuffers()}, {@code NettyViews.asByteBuf}),
 * which freezes it: the stream's reset leaves the held chunks to the view and the next message
 * goes to fresh chunks (the frozen-content rule of {@link RecyclableOutputStream}).
 *
 * <p>Owned by one encoder, which {@link #close() ends} it when the connection ends. Not
 * thread-safe.
 */
public final class MessageDeflater extends NativeZlib {
    private static final String STREAM_TAG = "websocket-deflate";
    private static final int STAGING = 4 * 1024;
    private static final int TAIL_LENGTH = 4;

    private final Deflater deflater;
    private final int threshold;
    private final boolean resetPerMessage;
    private final byte[] staging = new byte[STAGING];
    private final Segments segments = new Segments();
    /** The compressed form of the current message, reused from message to message; from the payloads' pool. */
    private RecyclableOutputStream out;

    MessageDeflater(int level, int threshold, boolean resetPerMessage, Runnable onEnd) {
        this(new Deflater(level, true), threshold, resetPerMessage, onEnd);
    }

    /** With the raw-DEFLATE {@code deflater} given (tests make one fail on purpose); owned from now on. */
    MessageDeflater(Deflater deflater, int threshold, boolean resetPerMessage, Runnable onEnd) {
        super(onEnd);
        this.deflater = deflater;
        this.threshold = threshold;
        this.resetPerMessage = resetPerMessage;
    }

    /** Whether a message of {@code length} bytes is worth compressing (at least the threshold). */
    public boolean shouldCompress(long length) {
        return length >= threshold;
    }

    /**
     * The compressed form of {@code payload}, to be sent with RSV1 on its first frame. The
     * payload is only read. The returned stream is the deflater's own, with chunks from
     * {@code payload}'s pool: read it (or take a view of it to hold the content longer), then
     * call {@link #written()}; do not close it. It is valid until {@code written()}, the next
     * {@code compress} or {@link #close()}.
     *
     * <p>If compression fails (the pool's stream size cap reached, {@code BufferLimitExceededException};
     * the {@code Deflater} failing; anything thrown, an {@code Error} included), every chunk of the
     * failed message is back in the pool when this throws, and the deflater is ready for the next
     * message: it starts afresh, referring to nothing of the failed message, which the peer never saw.
     */
    public RecyclableOutputStream compress(RecyclableOutputStream payload) throws IOException {
        if (isEnded()) {
            throw new IllegalStateException("deflater already ended (connection closed)");
        }
        RecyclableOutputStream compressed = streamFor(payload.pool());
        try {
            payload.forEachSegment(segments);
            syncFlushWithoutTail();
            if (resetPerMessage) {
                deflater.reset();
            }
            return compressed;
        } catch (Throwable e) {
            compressed.resetAndRelease();
            deflater.reset();
            throw e;
        }
    }

    /**
     * The reused stream, empty; a new one only for the first message or when the payloads come
     * from another pool than the last one's.
     */
    private RecyclableOutputStream streamFor(BufferPool pool) {
        RecyclableOutputStream s = out;
        if (s != null && s.pool() == pool && !s.isClosed()) {
            s.resetAndRelease();
            return s;
        }
        if (s != null && !s.isClosed()) {
            s.close(); // the payloads' pool changed: this one's chunks go back to their own pool
        }
        s = pool.newStream(STREAM_TAG);
        out = s;
        return s;
    }

    /**
     * Done with the stream {@link #compress} returned: its chunks go back to the pool (views of
     * it keep theirs), so that an idle connection holds no pooled memory, whatever ends it.
     */
    public void written() {
        RecyclableOutputStream s = out;
        if (s != null && !s.isClosed()) {
            s.resetAndRelease();
        }
    }

    private void deflateInput() throws IOException {
        while (!deflater.needsInput()) {
            ByteBuffer window = out.writableBuffer(1);
            int n = deflater.deflate(window, Deflater.NO_FLUSH);
            out.commit(n);
        }
    }

    /**
     * A sync flush ends with the empty stored block {@code 00 00 ff ff}, which permessage-deflate
     * leaves out. The flush output goes through {@link #staging}, whose last four bytes are held
     * back until the deflater is done.
     */
    private void syncFlushWithoutTail() throws IOException {
        byte[] s = staging;
        int held = 0;
        while (true) {
            int space = s.length - held;
            int n = deflater.deflate(s, held, space, Deflater.SYNC_FLUSH);
            int total = held + n;
            int keep = Math.max(0, total - TAIL_LENGTH);
            out.write(s, 0, keep);
            if (n < space) {
                if (out.length() == 0) {
                    // no input after an earlier flush gives no output at all: send what npm ws
                    // sends for an empty message, an empty stored block's first byte
                    out.write(0);
                }
                return;
            }
            System.arraycopy(s, keep, s, 0, total - keep);
            held = total - keep;
        }
    }

    /** Feeds the payload's segments to the deflater: heap arrays as they are, direct ones staged. */
    private final class Segments implements SegmentVisitor {
        @Override
        public void visit(byte[] array, int offset, int length) throws IOException {
            deflater.setInput(array, offset, length);
            deflateInput();
        }

        @Override
        public void visit(ByteBuffer segment) throws IOException {
            // the segment is the chunk's shared view: read it by index, leave its position alone
            int at = segment.position();
            int end = segment.limit();
            while (at < end) {
                int n = Math.min(staging.length, end - at);
                segment.get(at, staging, 0, n);
                deflater.setInput(staging, 0, n);
                deflateInput();
                at += n;
            }
        }
    }

    @Override
    void endNative() {
        deflater.end();
        RecyclableOutputStream s = out;
        out = null;
        if (s != null && !s.isClosed()) {
            s.close(); // views still held (Netty frames not yet written) keep their chunks
        }
    }
}
