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
     * (an existing file is replaced atomically and keeps its permission bits; see {@link SshTransfer} for the
     * rules). A path that names a directory, or anything else that is not a regular file, is refused. Needs a POSIX
     * shell with {@code cat}, {@code wc}, {@code ls}, {@code sed}, {@code chmod} and {@code mv}.
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

    /**
     * The command to run for an upload of {@code length} bytes ({@code -1}: unknown, commands only).
     *
     * @param newFileMode the permission bits a new remote file gets before the umask
     */
    String command(long length, int newFileMode) {
        if (path == null) {
            return command;
        }
        if (length < 0) {
            throw new IllegalArgumentException("an upload to " + description
                    + " needs its length up front: the server checks it before the file replaces the target");
        }
        return ShellCommands.receiveFile(path, length, newFileMode);
    }

    @Override
    public String toString() {
        return description;
    }
}
