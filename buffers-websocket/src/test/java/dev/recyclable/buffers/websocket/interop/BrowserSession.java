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
package dev.recyclable.buffers.websocket.interop;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import dev.recyclable.buffers.websocket.netty.ControlFrame;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The server's side of the browser page's script, one instance per connection. When the page
 * sends "ready" it writes every {@link Script#messages() message} (fragmented by our encoder)
 * with a Ping after the second one; it records every message the page echoes and every Pong,
 * and once it has all echoes and the Pong it sends "all-echoed", upon which the page closes.
 * Everything seen goes into the shared {@link Record}, for the test to assert.
 */
final class BrowserSession extends ChannelInboundHandlerAdapter {
    static final String READY = "ready";
    static final String ALL_ECHOED = "all-echoed";

    /** What the server sends: messages in order, and the payload of the Ping it sends among them. */
    record Script(List<Outgoing> messages, byte[] pingPayload) {}

    record Outgoing(MessageType type, byte[] bytes) {
        /** Type, length and SHA-256, the form in which both the page and the server report a message. */
        String summary() {
            return BrowserSession.summary(type, bytes.length, MessageDigests.sha256(bytes));
        }
    }

    /** What the server saw on all connections, in arrival order. */
    static final class Record {
        final List<String> echoes = new CopyOnWriteArrayList<>();
        /** Hex of each Pong's payload. */
        final List<String> pongs = new CopyOnWriteArrayList<>();
        /** Each Close received: "code reason". */
        final List<String> closes = new CopyOnWriteArrayList<>();

        final List<Throwable> errors = new CopyOnWriteArrayList<>();

        @Override
        public String toString() {
            return "echoes " + echoes + ", pongs " + pongs + ", closes " + closes + ", errors " + errors;
        }
    }

    private final BufferPool pool;
    private final Script script;
    private final Record record;
    private boolean started;
    private int echoes;
    private boolean ponged;
    private boolean finished;

    BrowserSession(BufferPool pool, Script script, Record record) {
        this.pool = pool;
        this.script = script;
        this.record = record;
    }

    static String summary(MessageType type, long length, String sha256) {
        return type + ":" + length + ":" + sha256;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof WebSocketMessage m) {
            if (!started && m.isText() && m.text().equals(READY)) {
                started = true;
                sendScript(ctx);
            } else {
                record.echoes.add(summary(m.type(), m.length(), MessageDigests.sha256(m.content())));
                echoes++;
                finishWhenComplete(ctx);
            }
        } else if (msg instanceof ControlFrame c && c.opcode() == Opcodes.PONG) {
            record.pongs.add(HexFormat.of().formatHex(c.payload()));
            ponged = true;
            finishWhenComplete(ctx);
        } else if (msg instanceof ControlFrame c && c.opcode() == Opcodes.CLOSE) {
            record.closes.add(c.closeCode() + " " + c.closeReason());
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    private void sendScript(ChannelHandlerContext ctx) throws Exception {
        List<Outgoing> messages = script.messages();
        for (int i = 0; i < messages.size(); i++) {
            Outgoing out = messages.get(i);
            RecyclableOutputStream content = pool.newStream("browser-test");
            content.write(out.bytes());
            WebSocketMessage message =
                    out.type() == MessageType.TEXT ? WebSocketMessage.text(content) : WebSocketMessage.binary(content);
            ctx.write(message).addListener(recordFailure());
            if (i == 1) {
                ctx.write(ControlFrame.ping(script.pingPayload())).addListener(recordFailure());
            }
        }
        ctx.flush();
    }

    private void finishWhenComplete(ChannelHandlerContext ctx) throws Exception {
        if (!finished && echoes == script.messages().size() && ponged) {
            finished = true;
            RecyclableOutputStream content = pool.newStream("browser-test");
            content.write(ALL_ECHOED.getBytes(StandardCharsets.UTF_8));
            ctx.writeAndFlush(WebSocketMessage.text(content)).addListener(recordFailure());
        }
    }

    /** A failed write is never silent: it lands in the record the test asserts empty. */
    private ChannelFutureListener recordFailure() {
        return f -> {
            if (!f.isSuccess()) {
                record.errors.add(f.cause());
            }
        };
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        record.errors.add(cause);
        // after a protocol violation the decoder has sent its Close and closes once it is flushed
        if (!(cause instanceof WebSocketProtocolException)) {
            ctx.close();
        }
    }
}
