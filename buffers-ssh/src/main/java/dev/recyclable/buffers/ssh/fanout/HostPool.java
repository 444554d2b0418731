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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The connections to one host (one login) and the tasks waiting for a channel there. Dispatch-thread state.
 * Exists only while the host has a connection or a waiting task: the scheduler drops it as soon as it has neither,
 * so a run over 10,000 hosts keeps state for the hosts in flight, not for every host it has seen.
 */
final class HostPool {

    final FanoutTarget.HostKey key;
    final List<PooledConnection> connections = new ArrayList<>(2);
    final ArrayDeque<CommandTask> waiters = new ArrayDeque<>(4);
    int opening;
    /** Connections in state READY (kept up to date by the scheduler, so that no event scans the list). */
    int ready;
    /** After a failed connect while other connections live: no new connect attempt before this time. */
    long noConnectBeforeNanos;
    /** Queued in the scheduler's list of hosts waiting for room under {@code maxOpenConnections}. */
    boolean awaitingConnectionBudget;
    /** A retry after {@link #noConnectBeforeNanos} is scheduled. */
    boolean retryScheduled;

    HostPool(FanoutTarget.HostKey key) {
        this.key = key;
    }

    /**
     * First-fit: fill a connection before the next, so surplus connections go idle and get closed. At most
     * {@code maxConnectionsPerHost} entries, whatever the fleet size.
     */
    PooledConnection freeConnection() {
        for (PooledConnection c : connections) {
            if (c.hasFreeSlot()) {
                return c;
            }
        }
        return null;
    }

    boolean isUnused() {
        return connections.isEmpty() && waiters.isEmpty() && opening == 0;
    }
}
