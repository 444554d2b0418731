package dev.recyclable.buffers.ssh.transfer;

import java.io.IOException;

/**
 * A transfer that did not complete: the connection failed, the remote side failed or reported the wrong length,
 * the local sink or source failed, or the transfer was interrupted or stalled. Nothing partial is left under the
 * target name; how far it got is in {@link #bytesMoved()}.
 */
public class TransferException extends IOException {

    private final long bytesMoved;
    private final Integer exitStatus;

    public TransferException(String message, long bytesMoved, Integer exitStatus, Throwable cause) {
        super(message, cause);
        this.bytesMoved = bytesMoved;
        this.exitStatus = exitStatus;
    }

    /** Bytes moved before the transfer stopped. */
    public long bytesMoved() {
        return bytesMoved;
    }

    /** The remote command's exit status, if it reported one. */
    public Integer exitStatus() {
        return exitStatus;
    }
}
