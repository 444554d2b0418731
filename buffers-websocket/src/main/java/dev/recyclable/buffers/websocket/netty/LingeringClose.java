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

import io.netty.channel.Channel;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Ends a connection after the Close frame for a protocol violation went out, without resetting
 * it. The peer may still be sending (a browser in the middle of the message that broke our
 * limit), and a socket closed while data is unread or still arriving answers with a TCP reset;
 * the peer's next write then fails and it drops our Close unread (Chromium reports 1006 instead
 * of our 1009). So the output is shut down (a FIN right after the Close), the input keeps being
 * read (the decoder discards everything after a violation), and the channel closes when the peer
 * closes its side, or after {@link #LINGER_MILLIS} at the latest. Channels that cannot half-close
 * are closed at once. (A Close that could not be written is the decoder's to report: it never
 * comes here.)
 */
final class LingeringClose {
    /** How long a peer may keep sending after our Close before we close regardless. */
    static final long LINGER_MILLIS = 5_000;

    private LingeringClose() {}

    /** Starts lingering on {@code channel}, whose Close frame has just been written. */
    static void afterCloseWritten(Channel channel) {
        if (!(channel instanceof DuplexChannel duplex) || !channel.isActive()) {
            channel.close();
            return;
        }
        ScheduledFuture<?> deadline =
                channel.eventLoop().schedule(() -> channel.close(), LINGER_MILLIS, TimeUnit.MILLISECONDS);
        channel.closeFuture().addListener(closed -> deadline.cancel(false));
        duplex.shutdownOutput().addListener(shutdown -> {
            if (!shutdown.isSuccess()) {
                channel.close();
            }
        });
        // draining is what keeps the peer's writes from being reset, whoever turned reading off
        channel.config().setAutoRead(true);
    }
}
