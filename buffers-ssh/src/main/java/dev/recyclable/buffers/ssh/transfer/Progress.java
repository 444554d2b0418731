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

import java.io.InterruptedIOException;

/**
 * Counts a transfer's bytes and tells the listener every interval; used by the transferring thread only. It is
 * also where that thread notices an interrupt between chunks: a source or sink that ignores interrupts (most
 * streams do) would otherwise let a fast transfer run to its end.
 */
final class Progress {

    private final TransferListener listener;
    private final long interval;
    private final long expected;
    private long moved;
    private long nextReport;
    private boolean finished;
    private Throwable listenerFailure;

    Progress(TransferListener listener, long interval, long expected) {
        this.listener = listener;
        this.interval = interval;
        this.expected = expected;
        this.nextReport = interval;
    }

    /** {@code n} more bytes moved. */
    void advance(int n) throws InterruptedIOException {
        moved += n;
        checkInterrupt();
        if (listener != null && moved >= nextReport) {
            report(expected);
            nextReport = moved + interval;
        }
    }

    /**
     * The final report, once every byte has moved and before the transfer is committed (a downloaded file renamed
     * to its name, an uploaded one's end of input sent): a listener that throws here still leaves the target as
     * it was. Only the first call reports.
     */
    void finish(long total) throws InterruptedIOException {
        if (finished) {
            return;
        }
        finished = true;
        checkInterrupt();
        if (listener != null) {
            report(total);
        }
    }

    private void report(long total) {
        try {
            listener.onProgress(moved, total);
        } catch (Throwable t) {
            listenerFailure = t;
            throw t;
        }
    }

    private void checkInterrupt() throws InterruptedIOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted after " + moved + " bytes");
        }
    }

    /** {@code failure}'s message, saying so if the listener threw it. */
    String describe(Throwable failure) {
        return failure == listenerFailure
                ? "the progress listener threw " + failure
                : TransferChannels.describe(failure);
    }

    long moved() {
        return moved;
    }
}
