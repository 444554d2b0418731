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
import java.util.concurrent.CompletableFuture;

/**
 * The receiving side of an upload: whatever the remote command prints (stdout and stderr) is kept up to a small
 * bound for error messages and its window granted at once, so a chatty command never stalls.
 */
public final class UploadChannelSink implements ChannelSink {

    private final StderrTail output;
    private final CompletableFuture<Throwable> closed = new CompletableFuture<>();

    public UploadChannelSink(StderrTail output) {
        this.output = output;
    }

    @Override
    public void onData(CaptureChannel channel, boolean stderr, byte[] data, int offset, int length) {
        output.append(data, offset, length);
        channel.grant(length);
    }

    @Override
    public void onClosed(CaptureChannel channel, Throwable failure) {
        closed.complete(failure);
    }

    /** Why the channel failed, {@code null} if it closed normally; valid once the channel is finished. */
    public Throwable failure() {
        return closed.getNow(null);
    }
}
