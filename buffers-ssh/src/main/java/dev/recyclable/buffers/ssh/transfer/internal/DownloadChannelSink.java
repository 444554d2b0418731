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
package dev.recyclable.buffers.ssh.transfer.internal;

import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.channel.ChannelSink;

/**
 * Receives a download on sshj's reader thread: stdout goes into the {@link ChunkRing} (one copy, no allocation),
 * stderr into a small {@link StderrTail} for error messages and the remote file's size line.
 *
 * <p>stdout's window is granted back by the consumer after it has written the bytes out (see
 * {@link ChunkRing}); stderr's is granted at once, since it is kept only up to a small bound.
 */
public final class DownloadChannelSink implements ChannelSink {

    private final ChunkRing ring;
    private final StderrTail stderr;

    public DownloadChannelSink(ChunkRing ring, StderrTail stderr) {
        this.ring = ring;
        this.stderr = stderr;
    }

    @Override
    public void onData(CaptureChannel channel, boolean isStderr, byte[] data, int offset, int length) {
        if (isStderr) {
            stderr.append(data, offset, length);
            channel.grant(length);
        } else if (!ring.offer(data, offset, length)) {
            channel.abort("server sent more than the receive window allows");
            ring.end(new IllegalStateException("server overran the receive window"));
        }
    }

    @Override
    public void onClosed(CaptureChannel channel, Throwable failure) {
        ring.end(failure);
    }
}
