package dev.recyclable.buffers.ssh.fanout;

import net.schmizz.sshj.SSHClient;

/** One SSH connection of a {@link HostPool}. Dispatch-thread state, except {@link #client} once published. */
final class PooledConnection {

    enum State { OPENING, READY, DEAD }

    final HostPool host;
    State state = State.OPENING;
    volatile SSHClient client;
    /** Channels open (or opening) on it now. */
    int active;
    /** Channels we allow at once: the configured sessions-per-connection, lowered if the server refused one. */
    int capacity;
    long idleSinceNanos = System.nanoTime();

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
