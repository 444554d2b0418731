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
package dev.recyclable.buffers.ssh;

import java.time.Duration;

/**
 * How a remote command ended. Immutable, holds no buffers: safe to keep and to pass between threads and callbacks.
 *
 * @param command          the command line as sent
 * @param exitStatus       the exit status the server reported, or {@code null} if it reported none (killed by a
 *                         signal, or the server does not send one)
 * @param exitSignal       name of the signal that ended the command ({@code "KILL"}, {@code "TERM"}, ...), or
 *                         {@code null}; Apache MINA SSHD reports {@code 128 + n} as exit status instead
 * @param coreDumped       whether the server reported a core dump with the signal
 * @param stdoutBytes      bytes the command wrote to stdout, including any that were discarded
 * @param stderrBytes      bytes the command wrote to stderr, including any that were discarded
 * @param stdoutTruncated  whether stdout bytes were discarded by the output limit (or on purpose)
 * @param stderrTruncated  whether stderr bytes were discarded by the output limit (or on purpose)
 * @param stdinBytes       bytes of stdin sent to the server (0 for a command without stdin)
 * @param stdinTruncated   whether the command ended before all of its stdin was sent (it exited, or was killed,
 *                         without reading the rest, as {@code ssh host cmd < file} lets a command do): the rest was
 *                         never sent. A stdin stream counts as all sent only if its end was read before the
 *                         command ended
 * @param elapsed          from sending the command to the channel's close
 */
public record CommandStatus(
        String command,
        Integer exitStatus,
        String exitSignal,
        boolean coreDumped,
        long stdoutBytes,
        long stderrBytes,
        boolean stdoutTruncated,
        boolean stderrTruncated,
        long stdinBytes,
        boolean stdinTruncated,
        Duration elapsed) {

    /** True when the command exited with status 0 and no signal. */
    public boolean succeeded() {
        return exitSignal == null && exitStatus != null && exitStatus == 0;
    }

    /** The exit status, or {@code fallback} when the server reported none. */
    public int exitStatusOr(int fallback) {
        return exitStatus != null ? exitStatus : fallback;
    }
}
