package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.transfer.internal.ShellCommands;

import java.util.Objects;

/** Where an upload goes: a remote file, or the standard input of a remote command. */
public final class RemoteTarget {

    private final String description;
    private final String path;
    private final String command;

    private RemoteTarget(String description, String path, String command) {
        this.description = description;
        this.path = path;
        this.command = command;
    }

    /**
     * A remote file, by path (relative paths start at the login user's home). The bytes go to a temporary name
     * next to it; only when the server has received exactly the announced length is it renamed over the target
     * (an existing file is replaced atomically). Needs a POSIX shell with {@code cat}, {@code wc} and {@code mv}.
     */
    public static RemoteTarget file(String remotePath) {
        Objects.requireNonNull(remotePath, "remotePath");
        return new RemoteTarget("remote file " + remotePath, remotePath, null);
    }

    /** The standard input of {@code command}; the upload succeeds only if the command exits with status 0. */
    public static RemoteTarget commandInput(String command) {
        Objects.requireNonNull(command, "command");
        return new RemoteTarget("input of '" + command + "'", null, command);
    }

    boolean isFile() {
        return path != null;
    }

    /** The command to run for an upload of {@code length} bytes ({@code -1}: unknown, commands only). */
    String command(long length) {
        if (path == null) {
            return command;
        }
        if (length < 0) {
            throw new IllegalArgumentException("an upload to " + description
                    + " needs its length up front: the server checks it before the file replaces the target");
        }
        return ShellCommands.receiveFile(path, length);
    }

    @Override
    public String toString() {
        return description;
    }
}
