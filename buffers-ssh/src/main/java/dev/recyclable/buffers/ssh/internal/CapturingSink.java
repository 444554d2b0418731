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
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;

/**
 * Copies stdout and stderr from sshj's packet buffer into two pooled streams, one copy, on the reader thread.
 * The window is granted as soon as the bytes are copied: the memory is bounded by the output limit instead.
 */
public final class CapturingSink extends CommandSink {

    private final RecyclableOutputStream stdout;
    private final RecyclableOutputStream stderr;

    public CapturingSink(BufferPool pool, String command, long limit, OutputLimitPolicy policy) {
        super(command, limit, policy);
        this.stdout = pool.newStream("ssh-stdout");
        this.stderr = pool.newStream("ssh-stderr");
    }

    /**
     * Guards the streams against {@link #releaseBuffers()}: the channel can close on another thread (a failed
     * write, a keepalive declaring the connection dead) while the reader thread is still writing a packet.
     * Uncontended but for that moment.
     */
    private final Object lock = new Object();

    private boolean released; // guarded by lock

    @Override
    protected void accept(CaptureChannel channel, OutputKind kind, byte[] data, int offset, int keep, int length) {
        if (keep > 0) {
            synchronized (lock) {
                if (!released) {
                    try {
                        (kind == OutputKind.STDOUT ? stdout : stderr).write(data, offset, keep);
                    } catch (BufferLimitExceededException e) {
                        storageFailed(channel, kind, e);
                    }
                }
            }
        }
        channel.grant(length);
    }

    /** The captured stdout; ownership passes to the caller, who must have received {@code completion()} first. */
    public RecyclableOutputStream stdout() {
        return stdout;
    }

    public RecyclableOutputStream stderr() {
        return stderr;
    }

    @Override
    protected void releaseBuffers() {
        synchronized (lock) {
            released = true;
            stdout.close();
            stderr.close();
        }
    }
}
