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

/** Counts a transfer's bytes and tells the listener every interval. Used by the transferring thread only. */
final class Progress {

    private final TransferListener listener;
    private final long interval;
    private final long expected;
    private long moved;
    private long nextReport;

    Progress(TransferListener listener, long interval, long expected) {
        this.listener = listener;
        this.interval = interval;
        this.expected = expected;
        this.nextReport = interval;
    }

    void advance(int n) {
        moved += n;
        if (listener != null && moved >= nextReport) {
            listener.onProgress(moved, expected);
            nextReport = moved + interval;
        }
    }

    /** The final report, with the verified total. */
    void finish(long verifiedTotal) {
        if (listener != null) {
            listener.onProgress(moved, verifiedTotal);
        }
    }

    long moved() {
        return moved;
    }
}
