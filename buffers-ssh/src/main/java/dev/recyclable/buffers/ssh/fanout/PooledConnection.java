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

import java.util.concurrent.ScheduledFuture;
import net.schmizz.sshj.SSHClient;

/** One SSH connection of a {@link HostPool}. Dispatch-thread state, except {@link #client} once published. */
final class PooledConnection {

    enum State {
        OPENING,
        READY,
        DEAD
    }

    final HostPool host;
    State state = State.OPENING;
    volatile SSHClient client;
    /** Its dead-peer detection ({@code null} while opening, or if keepalives are off): cancelled when it closes. */
    ScheduledFuture<?> keepAlive;
    /** Channels open (or opening) on it now. */
    int active;
    /** Channels we allow at once: the configured sessions-per-connection, lowered if the server refused one. */
    int capacity;

    long idleSinceNanos = System.nanoTime();
    /** In the scheduler's set of idle connections kept for reuse. */
    boolean keptIdle;
    /**
     * Channels closed on this connection, ever. OpenSSH frees a session slot only in the event-loop pass
     * after our CLOSE arrived: an OPEN read in the same batch is refused ("no more sessions"). So a slot that
     * may still count on the server is only reused after a round trip that follows our CLOSE.
     */
    long closes;
    /** {@link #closes} as of the latest answered round trip: the server has freed all those sessions. */
    long closesSynced;

    /** Closes the server may not have processed yet, as far as we know. */
    int unsyncedCloses() {
        return (int) (closes - closesSynced);
    }

    PooledConnection(HostPool host, int capacity) {
        this.host = host;
        this.capacity = capacity;
    }

    boolean hasFreeSlot() {
        return state == State.READY && active < capacity;
    }

    @Override
    public String toString() {
        return "connection[" + host.key + ", " + state + ", " + active + "/" + capacity + "]";
    }
}
