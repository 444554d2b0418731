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
package dev.recyclable.buffers.ssh.internal.channel;

/**
 * Receives what a {@link CaptureChannel} gets from the server, on sshj's reader thread.
 *
 * <p>Rules, because this runs on the one thread that reads the whole connection:
 * <ul>
 *   <li>Never block: a blocked reader thread stalls every channel of the connection.</li>
 *   <li>{@code data} is sshj's reused packet buffer: copy what you keep before returning.</li>
 *   <li>The bytes keep counting against the channel's receive window until you call
 *       {@link CaptureChannel#grant(long)} for them. Grant when the bytes have been consumed (copied
 *       into memory you account for, discarded, or released by a downstream consumer): that is the
 *       backpressure. Never granting stalls the remote command once the window is used up.</li>
 *   <li>Do not throw: an exception here is treated by sshj as a protocol error and kills the whole
 *       connection. To stop a command, call {@link CaptureChannel#abort(String)}.</li>
 * </ul>
 */
public interface ChannelSink {

    /**
     * Output of the remote command, in wire order.
     *
     * @param channel the channel the bytes arrived on (to {@link CaptureChannel#grant grant} or abort)
     * @param stderr  {@code false} for stdout ({@code CHANNEL_DATA}), {@code true} for stderr
     *                ({@code CHANNEL_EXTENDED_DATA} type 1)
     * @param data    sshj's packet buffer; valid only during this call
     * @param offset  first byte in {@code data}
     * @param length  number of bytes, at least 1
     */
    void onData(CaptureChannel channel, boolean stderr, byte[] data, int offset, int length);

    /**
     * The channel is finished: closed by both sides, or the connection failed. Called exactly once, as the
     * channel's last call into the sink; exit status and signal are readable from the channel by then.
     *
     * @param failure {@code null} on a normal close, else why the channel ended
     */
    void onClosed(CaptureChannel channel, Throwable failure);
}
