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

import dev.recyclable.buffers.RecyclableOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A finished command's captured stdout and stderr in pooled memory, with how it ended: what
 * {@code SshRunner.run} returns, and what a fan-out target that ran to its end carries.
 *
 * <p>Ownership: the result owns both streams. Read them, take views of them ({@code retain()},
 * {@code byteBuffers()}), but do not close them: close the result (for example with try-with-resources) to give
 * the memory back; the streams are unusable afterwards, views taken before keep their bytes until released.
 * Not thread-safe.
 */
public final class CommandResult implements AutoCloseable {

    private final CommandStatus status;
    private final RecyclableOutputStream stdout;
    private final RecyclableOutputStream stderr;

    /** A result that takes ownership of {@code stdout} and {@code stderr}: they are closed with it. */
    public CommandResult(CommandStatus status, RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        this.status = Objects.requireNonNull(status, "status");
        this.stdout = Objects.requireNonNull(stdout, "stdout");
        this.stderr = Objects.requireNonNull(stderr, "stderr");
    }

    /**
     * Captured stdout, at most the output limit (see {@link CommandStatus#stdoutTruncated()}). Owned by this
     * result: read it or take views of it ({@code retain()}, {@code byteBuffers()}), do not close it.
     */
    public RecyclableOutputStream stdout() {
        return stdout;
    }

    /** Captured stderr; same ownership and rules as {@link #stdout()}. */
    public RecyclableOutputStream stderr() {
        return stderr;
    }

    /** Stdout decoded as UTF-8 (a copy: for small outputs and diagnostics). */
    public String stdoutText() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    /** Stderr decoded as UTF-8 (a copy). */
    public String stderrText() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    /** How the command ended. */
    public CommandStatus status() {
        return status;
    }

    /** Exit status, or {@code null} if the server reported none (see {@link #exitSignal()}). */
    public Integer exitStatus() {
        return status.exitStatus();
    }

    /** The signal that killed the command, or {@code null}. */
    public String exitSignal() {
        return status.exitSignal();
    }

    /** Returns both streams' chunks to the pool (once no retained view holds them). Idempotent. */
    @Override
    public void close() {
        stdout.close();
        stderr.close();
    }

    @Override
    public String toString() {
        return "CommandResult[" + status + "]";
    }
}
