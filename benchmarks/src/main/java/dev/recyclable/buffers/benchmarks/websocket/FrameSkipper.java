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
package dev.recyclable.buffers.benchmarks.websocket;

import dev.recyclable.buffers.websocket.Opcodes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.Semaphore;

/**
 * The Netty client's floor ({@code nettyFloor}): reads a server's (unmasked) frames, skips their
 * payload and counts a message at every final data frame; no validation, no copy, no delivery.
 * What is left is the transport's own cost per message (socket reads, the pipeline, the buffer
 * allocator), which any Netty receiver pays; a receiver's cost above this floor is its decoding.
 * Benchmark use only: it trusts the peer completely.
 *
 * <p>Its header parsing is its own on purpose: the library's parser (FrameHeaderReader,
 * package-private) checks every header rule, which is decoding cost this floor must leave out,
 * and using it from here would take a public type that only a benchmark needs. What it shares
 * with the library is the meaning of an opcode ({@link Opcodes}).
 */
final class FrameSkipper extends ChannelInboundHandlerAdapter {
    private final Semaphore received;
    private final ContentCheck check;
    /** Header bytes still to read: 2 at a frame's start, then 0, 2 or 8 of extended length. */
    private int headerLeft = 2;

    private int headerIndex;
    private boolean fin;
    private boolean control;
    private long payloadLeft;

    FrameSkipper(Semaphore received, ContentCheck check) {
        this.received = received;
        this.check = check;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf buf)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            int i = buf.readerIndex();
            int end = buf.writerIndex();
            while (i < end) {
                if (headerLeft > 0) {
                    header(buf.getUnsignedByte(i++));
                } else {
                    int n = (int) Math.min(end - i, payloadLeft);
                    if (!control && check.armed()) {
                        check.update(ByteBufUtil.getBytes(buf, i, n));
                    }
                    i += n;
                    payloadLeft -= n;
                    if (payloadLeft == 0) {
                        frameEnd();
                    }
                }
            }
        } finally {
            buf.release();
        }
    }

    private void header(int b) {
        headerLeft--;
        if (headerIndex == 0) {
            fin = (b & 0x80) != 0;
            control = Opcodes.isControl(b & 0x0F);
        } else if (headerIndex == 1) {
            int len = b & 0x7F;
            payloadLeft = len < 126 ? len : 0;
            headerLeft = len == 126 ? 2 : len == 127 ? 8 : 0;
        } else {
            payloadLeft = (payloadLeft << 8) | b;
        }
        headerIndex++;
        if (headerLeft == 0 && payloadLeft == 0) {
            frameEnd();
        }
    }

    private void frameEnd() {
        if (fin && !control) {
            if (check.armed()) {
                check.messageEnd();
            }
            received.release();
        }
        headerLeft = 2;
        headerIndex = 0;
    }
}
