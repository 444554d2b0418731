package dev.recyclable.buffers.ssh.fanout;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** The connections to one host (one login) and the tasks waiting for a channel there. Dispatch-thread state. */
final class HostPool {

    final FanoutTarget.HostKey key;
    final List<PooledConnection> connections = new ArrayList<>();
    final ArrayDeque<CommandTask> waiters = new ArrayDeque<>();
    int opening;
    /** After a failed connect while other connections live: no new connect attempt before this time. */
    long noConnectBeforeNanos;

    HostPool(FanoutTarget.HostKey key) {
        this.key = key;
    }

    /** First-fit: fill a connection before the next, so surplus connections go idle and get closed. */
    PooledConnection freeConnection() {
        for (PooledConnection c : connections) {
            if (c.hasFreeSlot()) {
                return c;
            }
        }
        return null;
    }

    int readyConnections() {
        int n = 0;
        for (PooledConnection c : connections) {
            if (c.state == PooledConnection.State.READY) {
                n++;
            }
        }
        return n;
    }

    boolean isUnused() {
        return connections.isEmpty() && waiters.isEmpty();
    }
}
