package dev.recyclable.buffers.ssh;

import java.io.IOException;

/**
 * A remote command could not be run to its end: the connection failed, the server refused it, a limit hit.
 * By the time this is thrown the command's buffers have been released (or will be, once the channel closes).
 */
public class SshCommandException extends IOException {
    private final String command;

    public SshCommandException(String command, String message, Throwable cause) {
        super(message + " [command: " + command + "]", cause);
        this.command = command;
    }

    /** The command line that failed. */
    public String command() {
        return command;
    }
}
