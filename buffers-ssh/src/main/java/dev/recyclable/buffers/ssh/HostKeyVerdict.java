package dev.recyclable.buffers.ssh;

/** What a {@link HostKeyPolicy} decided about the key a server presented. */
public enum HostKeyVerdict {
    /** The key (or the CA that signed its certificate) is trusted for this host. */
    ACCEPTED,
    /** Nothing is known about this host's key: OpenSSH's "No ... host key is known for ...". */
    UNKNOWN_HOST,
    /**
     * Other keys are listed for this host, not this one (or it differs from the pinned fingerprint): OpenSSH's
     * "REMOTE HOST IDENTIFICATION HAS CHANGED", possibly a man in the middle.
     */
    CHANGED_KEY,
    /** The key is listed under {@code @revoked}: refused whatever else accepts it. */
    REVOKED_KEY;

    public boolean accepted() {
        return this == ACCEPTED;
    }
}
