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

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.SingleThreadEventExecutor;

/**
 * Ends a handler, and closes its channel, when the event loop running the handler shuts down
 * while the channel is still open.
 *
 * <p>Netty closes a loop's channels when the loop shuts down, but not always: a
 * {@code shutdownGracefully} with no quiet period that lands while the loop is running its tasks
 * (right after a {@code serverChannel.close().sync()}, say) ends the loop with its channels open,
 * and their handlers hear nothing, neither {@code channelInactive} nor {@code handlerRemoved}. A
 * shutdown hook of the loop runs in any case, on the loop's thread, before its termination future
 * completes. Closing the channel there also lets go of the writes still queued in it.
 *
 * <p>Registered when the handler is added, cancelled when it ends by a Netty event; used on the
 * handler's executor only. Executors that take no shutdown hooks (an {@code EmbeddedChannel}'s)
 * get none: their channels end when the test or application closes them.
 */
final class LoopShutdownHook implements Runnable {
    private final ChannelHandlerContext ctx;
    private final Runnable end;
    private SingleThreadEventExecutor loop;

    private LoopShutdownHook(ChannelHandlerContext ctx, Runnable end) {
        this.ctx = ctx;
        this.end = end;
    }

    /** Runs {@code end}, then closes the channel, if {@code ctx}'s executor shuts down before {@link #cancel()}. */
    static LoopShutdownHook register(ChannelHandlerContext ctx, Runnable end) {
        LoopShutdownHook hook = new LoopShutdownHook(ctx, end);
        EventExecutor executor = ctx.executor();
        if (executor instanceof SingleThreadEventExecutor singleThread) {
            singleThread.addShutdownHook(hook);
            hook.loop = singleThread;
        }
        return hook;
    }

    /** The handler ended by itself: the hook is not needed anymore. Idempotent. */
    void cancel() {
        SingleThreadEventExecutor l = loop;
        loop = null;
        if (l != null) {
            l.removeShutdownHook(this);
        }
    }

    @Override
    public void run() {
        loop = null;
        try {
            end.run();
        } finally {
            ctx.channel().close();
        }
    }
}
