package dev.recyclable.buffers.ssh.transfer.internal;

import dev.recyclable.buffers.ssh.transfer.TransferListener;

/** Counts a transfer's bytes and tells the listener every interval. Used by the transferring thread only. */
public final class Progress {

    private final TransferListener listener;
    private final long interval;
    private final long expected;
    private long moved;
    private long nextReport;

    public Progress(TransferListener listener, long interval, long expected) {
        this.listener = listener;
        this.interval = interval;
        this.expected = expected;
        this.nextReport = interval;
    }

    public void advance(int n) {
        moved += n;
        if (listener != null && moved >= nextReport) {
            listener.onProgress(moved, expected);
            nextReport = moved + interval;
        }
    }

    /** The final report, with the verified total. */
    public void finish(long verifiedTotal) {
        if (listener != null) {
            listener.onProgress(moved, verifiedTotal);
        }
    }

    public long moved() {
        return moved;
    }
}
