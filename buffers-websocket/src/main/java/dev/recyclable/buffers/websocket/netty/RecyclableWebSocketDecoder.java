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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.websocket.ByteSource;
import dev.recyclable.buffers.websocket.CloseCodes;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.PerMessageDeflate;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.WebSocketListener;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.WebSocketFrameDecoder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Takes the connection's raw {@link ByteBuf}s and fires complete {@link WebSocketMessage}s
 * assembled in pooled chunks, in place of Netty's {@code WebSocket08FrameDecoder} plus
 * {@code WebSocketFrameAggregator}. Each read buffer is unmasked straight into the message's
 * chunks and released at once; nothing is accumulated in Netty buffers.
 *
 * <p><b>Ownership.</b> A fired {@link WebSocketMessage} is lent by the decoder's
 * {@link dev.recyclable.buffers.websocket.MessageLender}, the one place of the ownership rule: it is
 * released when the next handler's {@code channelRead} returns, unless that handler calls
 * {@link WebSocketMessage#retain()};
 * writing it to a {@link RecyclableWebSocketEncoder} hands it on (echo:
 * {@code ctx.writeAndFlush(message.retain())}). Control frames are fired as
 * {@link ControlFrame}s, which need no release and never change: while the peer repeats a Ping's
 * or Pong's payload (a heartbeat), the same instance is fired again, and answered with the same Pong.
 *
 * <p><b>Protocol.</b> Pings are answered with a Pong (unless disabled); a Close is answered with
 * a Close of the same code, then the channel is closed. A violation sends a Close with its code
 * (1002, 1007, 1008, 1009), fires the {@link WebSocketProtocolException} as an exception and
 * closes the channel without a TCP reset: output is shut down after the Close and input is
 * read and discarded until the peer closes (at most 5 s), so a peer still sending sees our
 * Close.
 *
 * <p><b>Release.</b> The message being assembled and the chunk kept for the next message go back
 * to the pool on a violation and, whatever the order an application shuts down in, on the first
 * of: the channel going inactive, the channel leaving its event loop ({@code channelUnregistered}),
 * the handler's removal, and the event loop shutting down while the channel is still open (which
 * Netty's {@code shutdownGracefully} with no quiet period can do without closing the channel: the
 * decoder then closes it). A decoder whose channel left its event loop has ended: should the
 * channel be registered again, it fires an {@link IllegalStateException} and closes the channel.
 *
 * <p><b>Placement.</b> These Pong and Close frames are written from this handler's context, so a
 * {@link RecyclableWebSocketEncoder} must sit between it and the socket; when the decoder is
 * added with the encoder on its application side (Netty's client handshake does that) it moves
 * the encoder. A Pong or Close that still cannot be sent is never dropped silently: an
 * {@code IOException} carrying the write's failure is fired as an exception and the channel is
 * closed.
 *
 * <p>One instance per channel (not sharable). All work happens on the channel's event loop.
 */
public final class RecyclableWebSocketDecoder extends ChannelInboundHandlerAdapter implements WebSocketFrameDecoder {
    private final BufferPool pool;
    private final Role role;
    private final WebSocketLimits limits;
    private final boolean answerPings;
    private final PerMessageDeflate deflate;
    private ChannelHandlerContext context;
    private WebSocketDecoder decoder;
    private LoopShutdownHook loopShutdown;
    /** Set by {@link #end()}: the decoder's chunks are back in the pool and it takes no more input. */
    private boolean ended;
    /** Reused for every direct read: the decoder's view of the current ByteBuf. */
    private final ByteBufSource source = new ByteBufSource();
    /** A heartbeat's Pings and Pongs repeat their payload: the same immutable frames serve again. */
    private final RepeatedControlFrame pings = new RepeatedControlFrame(Opcodes.PING);

    private final RepeatedControlFrame pongs = new RepeatedControlFrame(Opcodes.PONG);
    /** Reports a Pong that could not be sent; one instance, so answering a ping allocates no listener. */
    private final ChannelFutureListener pongWritten = f -> {
        if (!f.isSuccess()) {
            controlWriteFailed("Pong", f.cause());
        }
    };
    /** Closes the channel once our Close went out, reporting the write first if it failed. */
    private final ChannelFutureListener closeAfterClose = f -> {
        if (!f.isSuccess()) {
            controlWriteFailed("Close", f.cause());
        }
        f.channel().close();
    };

    private final ChannelFutureListener lingerAfterViolationClose = f -> {
        if (f.isSuccess()) {
            LingeringClose.afterCloseWritten(f.channel());
        } else {
            controlWriteFailed("Close", f.cause());
        }
    };

    /**
     * @param role        SERVER for a server's pipeline (peer frames must be masked)
     * @param answerPings whether to write a Pong for every Ping (the fired ControlFrame is seen either way)
     */
    public RecyclableWebSocketDecoder(BufferPool pool, Role role, WebSocketLimits limits, boolean answerPings) {
        this(pool, role, limits, answerPings, null);
    }

    /**
     * @param deflate the permessage-deflate agreement of this channel, or null: the decoder then
     *                inflates compressed messages with its own inflater, ended when the channel
     *                goes inactive or the handler is removed
     */
    public RecyclableWebSocketDecoder(
            BufferPool pool, Role role, WebSocketLimits limits, boolean answerPings, PerMessageDeflate deflate) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.role = Objects.requireNonNull(role, "role");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.answerPings = answerPings;
        this.deflate = deflate;
    }

    /** A decoder that answers pings. */
    public RecyclableWebSocketDecoder(BufferPool pool, Role role, WebSocketLimits limits) {
        this(pool, role, limits, true);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        context = ctx;
        decoder = new WebSocketDecoder(
                pool, role, limits, new Delivery(), deflate == null ? null : deflate.newInflater());
        loopShutdown = LoopShutdownHook.register(ctx, this::end);
        EncoderPlacement.socketSideOf(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        end();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        end();
        ctx.fireChannelInactive();
    }

    @Override
    public void channelUnregistered(ChannelHandlerContext ctx) {
        end();
        ctx.fireChannelUnregistered();
    }

    /** A channel that left its event loop and came back: this decoder ended when it left, which must not go unnoticed. */
    @Override
    public void channelRegistered(ChannelHandlerContext ctx) {
        ctx.fireChannelRegistered();
        if (ended) {
            ctx.fireExceptionCaught(new IllegalStateException("the WebSocket decoder ended when the channel left its"
                    + " event loop; a channel registered again needs new WebSocket handlers"));
            ctx.close();
        }
    }

    /**
     * Releases the message being assembled and the kept chunk, and ends the inflater, on the first
     * of: the channel going inactive, leaving its event loop, the handler's removal, or the event
     * loop shutting down with the channel still open ({@link LoopShutdownHook}). Idempotent.
     */
    private void end() {
        if (!ended) {
            ended = true;
            loopShutdown.cancel();
            decoder.close();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf buf)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            if (!decoder.isDone()) {
                feed(buf);
            }
        } catch (WebSocketProtocolException e) {
            failConnection(ctx, e);
        } finally {
            buf.release();
        }
    }

    private void feed(ByteBuf buf) throws WebSocketProtocolException {
        int readable = buf.readableBytes();
        if (readable == 0) {
            return;
        }
        if (buf.hasArray()) {
            decoder.feed(buf.array(), buf.arrayOffset() + buf.readerIndex(), readable);
        } else {
            // direct or composite: payload bytes go straight from the ByteBuf into the message's
            // chunks (getBytes), without the NIO view a pooled buffer would create per read
            ByteBufSource s = source;
            s.buf = buf;
            try {
                decoder.feed(s, buf.readerIndex(), readable);
            } finally {
                s.buf = null;
            }
        }
    }

    private void failConnection(ChannelHandlerContext ctx, WebSocketProtocolException e) {
        if (!closeSent()) {
            ChannelFuture written = ctx.writeAndFlush(ControlFrame.close(e.closeCode(), shortReason(e)));
            // the handlers hear of the violation before the channel closes (a closed channel's
            // pipeline may already have lost them); a handler that closes the channel itself
            // only risks our Close, and that failure is reported too
            ctx.fireExceptionCaught(e);
            // not closed at once: the peer may still be sending, and a reset would lose our Close
            written.addListener(lingerAfterViolationClose);
        } else {
            ctx.fireExceptionCaught(e);
            ctx.close();
        }
    }

    /**
     * A control frame the decoder wrote could not be sent (the peer would see no Pong, or 1006
     * instead of our close code): reported down the pipeline as an {@link IOException} whose
     * cause is the write's failure, and the channel is closed.
     */
    private void controlWriteFailed(String frame, Throwable cause) {
        context.fireExceptionCaught(new IOException(frame + " frame could not be sent to the peer", cause));
        context.close();
    }

    /** Whether a Close already went out through {@link RecyclableWebSocketEncoder} on this channel. */
    private boolean closeSent() {
        return context.channel().attr(CloseState.SENT).get() != null;
    }

    private static String shortReason(WebSocketProtocolException e) {
        String m = e.getMessage();
        return m.length() > 100 ? m.substring(0, 100) : m;
    }

    /** A {@link ByteBuf} as the decoder's input, by absolute index; no allocation per read. */
    private static final class ByteBufSource implements ByteSource {
        ByteBuf buf;

        @Override
        public byte getByte(int index) {
            return buf.getByte(index);
        }

        @Override
        public void getBytes(int index, byte[] dst, int dstIndex, int length) {
            buf.getBytes(index, dst, dstIndex, length);
        }

        @Override
        public void getBytes(int index, ByteBuffer dst, int dstIndex, int length) {
            dst.limit(dstIndex + length).position(dstIndex);
            buf.getBytes(index, dst);
        }
    }

    /** Routes the transport-independent decoder's events into the pipeline. */
    private final class Delivery implements WebSocketListener {
        @Override
        public void onMessage(WebSocketMessage message) {
            context.fireChannelRead(message);
        }

        @Override
        public void onPing(ByteBuffer payload) {
            ControlFrame ping = pings.of(payload);
            if (answerPings && !closeSent()) {
                context.writeAndFlush(pings.pong()).addListener(pongWritten);
            }
            context.fireChannelRead(ping);
        }

        @Override
        public void onPong(ByteBuffer payload) {
            context.fireChannelRead(pongs.of(payload));
        }

        @Override
        public void onClose(int code, String reason) {
            ControlFrame close =
                    code == CloseCodes.NO_STATUS ? ControlFrame.emptyClose() : ControlFrame.close(code, reason);
            context.fireChannelRead(close);
            if (!closeSent()) {
                ControlFrame reply =
                        code == CloseCodes.NO_STATUS ? ControlFrame.emptyClose() : ControlFrame.close(code, "");
                context.writeAndFlush(reply).addListener(closeAfterClose);
            } else {
                context.close();
            }
        }
    }
}
