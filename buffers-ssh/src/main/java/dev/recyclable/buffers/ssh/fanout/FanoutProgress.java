package dev.recyclable.buffers.ssh.fanout;

/**
 * A snapshot of a run's counts. {@code total == waiting + running + completed + failed}.
 *
 * @param total     targets in the run
 * @param waiting   not yet running: queued for a concurrency slot, a connection or a channel
 * @param running   command sent, not yet ended
 * @param completed ran to their end (any exit status)
 * @param failed    ended with a {@link FailureKind}
 * @param nonZeroExit of the completed, those with a non-zero exit status or a signal
 */
public record FanoutProgress(int total, int waiting, int running, int completed, int failed, int nonZeroExit) {

    /** Targets finished either way. */
    public int done() {
        return completed + failed;
    }

    public boolean finished() {
        return done() == total;
    }

    /** A one-line progress report, e.g. {@code "812/1000 done (2 failed, 3 exit!=0), 188 running, 0 waiting"}. */
    @Override
    public String toString() {
        return done() + "/" + total + " done (" + failed + " failed, " + nonZeroExit + " exit!=0), " + running
                + " running, " + waiting + " waiting";
    }
}
