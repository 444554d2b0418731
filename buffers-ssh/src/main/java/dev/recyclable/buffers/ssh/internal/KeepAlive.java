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

import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ScheduledFuture;
import net.schmizz.sshj.SSHClient;

/**
 * The keepalive setting of {@code ConnectionSettings.keepAlive} (which validates it), with the one way to start
 * watching a connection ({@link DeadPeerDetector}), so that a single runner and a fan-out detect a dead or frozen
 * server alike.
 *
 * @param interval      how often each connection is probed; {@link Duration#ZERO} turns detection off
 * @param maxUnanswered probes in a row without an answer after which the connection is declared lost
 */
public record KeepAlive(Duration interval, int maxUnanswered) {

    /** The longest a dead peer can go unnoticed: {@code interval * (maxUnanswered + 1)}; no limit when off. */
    public Duration worstCaseDetection() {
        long nanos = Durations.toNanos(interval);
        return isOff() || nanos > Durations.UNLIMITED / (maxUnanswered + 1L)
                ? ChronoUnit.FOREVER.getDuration()
                : Duration.ofNanos(nanos * (maxUnanswered + 1L));
    }

    /** Zero, or too long to count: no probes. */
    private boolean isOff() {
        return interval.isZero() || Durations.isUnlimited(interval);
    }

    /**
     * Starts probing {@code client} (until it disconnects or the handle is cancelled).
     *
     * @param where {@code host:port}, for the "connection lost" error
     * @return the handle to cancel when the connection is closed, or {@code null} if keepalives are off
     */
    public ScheduledFuture<?> watch(SSHClient client, String where) {
        return isOff() ? null : DeadPeerDetector.watch(client, interval, maxUnanswered, where);
    }
}
