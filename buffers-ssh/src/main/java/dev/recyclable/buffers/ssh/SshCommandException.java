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
