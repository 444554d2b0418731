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
package dev.recyclable.buffers.websocket.netty;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.interop.NettyViews;
import dev.recyclable.buffers.websocket.FrameHeader;
import dev.recyclable.buffers.websocket.MaskingKeys;
import dev.recyclable.buffers.websocket.MessageDeflater;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.PerMessageDeflate;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Writes {@link WebSocketMessage}s and {@link ControlFrame}s as WebSocket frames; anything else
 * passes through untouched (the handshake response, for one).
 *
 * <p>As a server the payload is not copied: each frame is written as a small header buffer
 * followed by a slice of a zero-copy view of the message's pooled chunks, and Netty's flush
 * hands them to the socket in one gathering write. (Netty's NIO transport copies heap buffers
 * into direct memory on the way to the socket, as the JDK would; a pool built with
 * {@code directChunks(true)} avoids that too.) As a client RFC 6455 forces a masked copy.
 * Text goes out as the message's UTF-8 bytes, never re-encoded.
 *
 * <p><b>Ownership.</b> Writing a message hands it to the encoder: the chunks stay in use until
 * the socket has taken the bytes, then return to the pool, also when the write fails. Do not
 * use the message after writing it.
 *
 * <p><b>permessage-deflate.</b> With an agreement, messages of at least the threshold are
 * compressed into pooled chunks by one reused {@code Deflater} and stream (ended when the handler is
 * removed, which Netty does when the channel closes), then sent the same zero-copy way with RSV1
 * on the first frame. Control frames are never compressed. Between messages the encoder holds no
 * pooled chunk. A compression that fails (the pool's stream size cap, the {@code Deflater}) fails
 * the write's promise with its cause, the message and every chunk of its compressed form are back
 * in the pool, and the next message is compressed afresh.
 */
public final class RecyclableWebSocketEncoder extends ChannelOutboundHandlerAdapter implements WebSocketFrameEncoder {
    private final Role role;
    private final long fragmentSize;
    private final RandomGenerator maskKeys;
    private final byte[] header = new byte[FrameHeader.MAX_LENGTH];
    private PerMessageDeflate deflate;
    private MessageDeflater deflater;
    private boolean added;
    /** RSV1 while the frames of a compressed message are written; cleared after its first frame. */
    private int rsv;

    /**
     * @param fragmentSize largest frame payload; longer messages are fragmented. 0 or less
     *                     means one frame per message
     */
    public RecyclableWebSocketEncoder(Role role, long fragmentSize) {
        this.role = Objects.requireNonNull(role, "role");
        this.fragmentSize = fragmentSize <= 0 ? Long.MAX_VALUE : fragmentSize;
        this.maskKeys = role.masksOutgoingFrames() ? new MaskingKeys() : null;
    }

    /** A new encoder with the same settings (a Netty handler cannot be added to a pipeline twice). */
    RecyclableWebSocketEncoder copy() {
        // the copy compresses as this one agreed: the client handshake agrees before the move
        return new RecyclableWebSocketEncoder(role, fragmentSize == Long.MAX_VALUE ? 0 : fragmentSize, deflate);
    }

    /** An encoder that compresses as {@code deflate} (null: no extension) agreed. */
    public RecyclableWebSocketEncoder(Role role, long fragmentSize, PerMessageDeflate deflate) {
        this(role, fragmentSize);
        this.deflate = deflate;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        added = true;
        if (deflate != null && deflater == null) {
            deflater = deflate.newDeflater();
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        added = false;
        if (deflater != null) {
            deflater.close();
        }
    }

    /**
     * Starts compressing as {@code agreed}: for a client, whose encoder Netty installs when the
     * upgrade request is sent, before the server's answer is known.
     */
    void useDeflate(PerMessageDeflate agreed) {
        if (deflate == null) {
            deflate = agreed;
            if (added) {
                deflater = agreed.newDeflater();
            }
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof WebSocketMessage message) {
            writeMessage(ctx, message, promise);
        } else if (msg instanceof ControlFrame control) {
            writeControl(ctx, control, promise);
        } else {
            ctx.write(msg, promise);
        }
    }

    private void writeMessage(ChannelHandlerContext ctx, WebSocketMessage message, ChannelPromise promise) {
        ByteBuf payload;
        try {
            payload = deflater != null ? compressedView(message) : NettyViews.asByteBuf(message.content());
        } catch (Throwable e) {
            // as Netty treats anything a write throws: the promise fails; the message is released
            // here, and a failed compression has given its own chunks back
            message.close();
            promise.tryFailure(e);
            return;
        }
        // the view holds its own reference on the chunks until Netty has written them
        message.close();
        try {
            int total = payload.readableBytes();
            int opcode = message.type().opcode();
            int sent = 0;
            do {
                int length = (int) Math.min(fragmentSize, total - sent);
                boolean fin = sent + length == total;
                ChannelPromise framePromise = fin ? promise : ctx.voidPromise();
                writeFrame(ctx, fin, opcode, payload, sent, length, framePromise);
                rsv = 0;
                sent += length;
                opcode = Opcodes.CONTINUATION;
            } while (sent < total);
        } finally {
            rsv = 0;
            payload.release();
        }
    }

    /** A view of the message compressed (RSV1 then marks its first frame), or of the message as it is below the threshold. */
    private ByteBuf compressedView(WebSocketMessage message) throws java.io.IOException {
        RecyclableOutputStream content = message.content();
        if (!deflater.shouldCompress(content.length())) {
            return NettyViews.asByteBuf(content);
        }
        RecyclableOutputStream compressed = deflater.compress(content);
        try {
            // the view holds the chunks until Netty has written them; the deflater's stream lets
            // go of them now and compresses the next message into fresh chunks
            ByteBuf view = NettyViews.asByteBuf(compressed);
            rsv = 0x40;
            return view;
        } finally {
            deflater.written();
        }
    }

    private void writeFrame(
            ChannelHandlerContext ctx,
            boolean fin,
            int opcode,
            ByteBuf payload,
            int index,
            int length,
            ChannelPromise promise) {
        boolean mask = role.masksOutgoingFrames();
        int key = mask ? maskKeys.nextInt() : 0;
        int headerLength = FrameHeader.write(header, 0, fin, opcode, length, mask, key);
        header[0] |= (byte) rsv;
        if (!mask) {
            ByteBuf head = ctx.alloc().buffer(headerLength).writeBytes(header, 0, headerLength);
            ctx.write(head, ctx.voidPromise());
            // a message that is one frame goes out as the view itself: no slice object
            boolean whole = index == 0 && length == payload.readableBytes();
            ctx.write(whole ? payload.retain() : payload.retainedSlice(index, length), promise);
            return;
        }
        ByteBuf frame = ctx.alloc().heapBuffer(headerLength + length);
        frame.writeBytes(header, 0, headerLength);
        int at = frame.arrayOffset() + frame.writerIndex();
        frame.writeBytes(payload, index, length);
        FrameHeader.mask(frame.array(), at, length, key, 0);
        ctx.write(frame, promise);
    }

    private void writeControl(ChannelHandlerContext ctx, ControlFrame control, ChannelPromise promise) {
        if (control.opcode() == Opcodes.CLOSE) {
            // RFC 6455 5.5.1: one Close per side; the decoder must not answer the peer's with another
            if (ctx.channel().attr(CloseState.SENT).getAndSet(Boolean.TRUE) != null) {
                promise.trySuccess();
                return;
            }
        }
        boolean mask = role.masksOutgoingFrames();
        int key = mask ? maskKeys.nextInt() : 0;
        int length = control.payloadLength();
        int headerLength = FrameHeader.write(header, 0, true, control.opcode(), length, mask, key);
        ByteBuf frame = ctx.alloc().heapBuffer(headerLength + length);
        frame.writeBytes(header, 0, headerLength);
        int at = frame.arrayOffset() + frame.writerIndex();
        frame.writeBytes(control.payloadArray(), 0, length);
        if (mask) {
            FrameHeader.mask(frame.array(), at, length, key, 0);
        }
        ctx.write(frame, promise);
    }
}
