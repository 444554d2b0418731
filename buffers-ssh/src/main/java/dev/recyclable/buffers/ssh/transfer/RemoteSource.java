package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.transfer.internal.ShellCommands;

import java.util.Objects;

/** What a download reads: a remote file, or the standard output of a remote command. */
public final class RemoteSource {

    private final String description;
    private final String command;
    private final boolean announcesSize;

    private RemoteSource(String description, String command, boolean announcesSize) {
        this.description = description;
        this.command = command;
        this.announcesSize = announcesSize;
    }

    /**
     * A remote file, by path (relative paths start at the login user's home). The download verifies that exactly
     * the file's size arrived. Needs a POSIX shell with {@code cat} and {@code wc} on the server.
     */
    public static RemoteSource file(String remotePath) {
        Objects.requireNonNull(remotePath, "remotePath");
        return new RemoteSource("remote file " + remotePath, ShellCommands.catFile(remotePath), true);
    }

    /**
     * The standard output of {@code command}, run by the server's shell. The download succeeds only if the
     * command exits with status 0; its stderr (the first few KiB) goes into the error message otherwise.
     */
    public static RemoteSource commandOutput(String command) {
        Objects.requireNonNull(command, "command");
        return new RemoteSource("output of '" + command + "'", command, false);
    }

    String command() {
        return command;
    }

    boolean announcesSize() {
        return announcesSize;
    }

    @Override
    public String toString() {
        return description;
    }
}
