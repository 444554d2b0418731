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
