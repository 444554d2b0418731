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
package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import java.io.IOException;

/**
 * Hands an upload's bytes to its channel as the remote command's stdin, counting them, and holds back the very
 * last byte of a remote file until {@link #finish()}: the server renames its part file over the target only
 * once every announced byte arrived, so until then any stop (the final report's listener throwing, an interrupt,
 * the connection ending our input early) leaves the target as it was, even on a server that ignores the
 * {@code TERM} a stop sends. Each wait for the server's window is bounded by the transfer's idle timeout. Used by
 * the transferring thread only.
 */
final class UploadFeed {

    private final CaptureChannel channel;
    private final Progress progress;
    private final long length;
    private final boolean holdLast;
    private final long idleNanos;
    private final byte[] last = new byte[1];
    private boolean holding;

    /**
     * @param length   the bytes announced ({@code -1}: unknown)
     * @param holdLast  whether to hold back the last byte (a remote file: its length decides the rename)
     * @param idleNanos the transfer's idle timeout, {@code Durations.UNLIMITED} for none
     */
    UploadFeed(CaptureChannel channel, Progress progress, long length, boolean holdLast, long idleNanos) {
        this.channel = channel;
        this.progress = progress;
        this.length = length;
        this.holdLast = holdLast && length > 0;
        this.idleNanos = idleNanos;
    }

    void write(byte[] data, int offset, int n) throws IOException {
        if (n <= 0) {
            return;
        }
        if (holdLast && progress.moved() + n == length) {
            send(data, offset, n - 1);
            last[0] = data[offset + n - 1];
            holding = true;
        } else {
            send(data, offset, n);
        }
        progress.advance(n);
    }

    /**
     * The final report, then the held-back byte and the end of input: from here on the server may replace the
     * target.
     */
    void finish() throws IOException {
        progress.finish(length < 0 ? progress.moved() : length);
        if (holding) {
            send(last, 0, 1);
            holding = false;
        }
        channel.sendEof();
    }

    /**
     * @throws IOException if the channel stopped taking input (the remote side ended, or the transfer is being
     *                     stopped), or the server granted no window within the idle timeout
     */
    private void send(byte[] data, int offset, int n) throws IOException {
        if (!channel.writeStdin(data, offset, n, idleNanos)) {
            throw new InputRefused(channel.stdinBytes());
        }
    }

    /**
     * Whether {@code failure} says that the channel stopped taking input: the remote side ended (or is ending) on
     * its own, or the transfer is being stopped. Either way the channel is about to finish, and its end says why.
     */
    static boolean isInputRefused(Throwable failure) {
        return failure instanceof InputRefused;
    }

    /** The channel refused more input; see {@link #isInputRefused}. */
    private static final class InputRefused extends IOException {
        private static final long serialVersionUID = 1L;

        InputRefused(long sent) {
            super("the channel stopped taking the upload after " + sent + " bytes");
        }
    }

    /** Bytes that actually went to the connection. */
    long sent() {
        return progress.moved() - (holding ? 1 : 0);
    }
}
