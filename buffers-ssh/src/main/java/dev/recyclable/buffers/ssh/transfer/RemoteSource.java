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

/** What a download reads: a remote file, or the standard output of a remote command. */
public final class RemoteSource {

    private final String description;
    private final String path;
    private final String command;

    private RemoteSource(String description, String path, String command) {
        this.description = description;
        this.path = path;
        this.command = command;
    }

    /**
     * A remote file, by path (relative paths start at the login user's home). The download verifies that exactly
     * the file's size arrived. Needs a POSIX shell with {@code cat} and {@code wc} (and {@code ls} for a download
     * to a local file, which takes the remote file's permission bits when it is new) on the server.
     */
    public static RemoteSource file(String remotePath) {
        Objects.requireNonNull(remotePath, "remotePath");
        ShellCommands.quote(remotePath); // fails early on a path no shell can be given
        return new RemoteSource("remote file " + remotePath, remotePath, null);
    }

    /**
     * The standard output of {@code command}, run by the server's shell. The download succeeds only if the
     * command exits with status 0; its stderr (the first few KiB) goes into the error message otherwise.
     */
    public static RemoteSource commandOutput(String command) {
        Objects.requireNonNull(command, "command");
        return new RemoteSource("output of '" + command + "'", null, command);
    }

    /** The command to run; with {@code withMode}, a file's also reports its mode ({@link #announcesMode()}). */
    String command(boolean withMode) {
        return path != null ? ShellCommands.catFile(path, withMode) : command;
    }

    boolean announcesSize() {
        return path != null;
    }

    boolean announcesMode() {
        return path != null;
    }

    @Override
    public String toString() {
        return description;
    }
}
