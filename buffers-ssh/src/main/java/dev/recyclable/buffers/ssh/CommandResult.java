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
import dev.recyclable.buffers.ssh.internal.CapturedOutput;

/**
 * A finished command with its captured output, in pooled memory. Owns both streams: close the result (for
 * example with try-with-resources) to give the memory back; the streams are unusable afterwards. Not thread-safe.
 */
public final class CommandResult implements AutoCloseable {

    private final CommandStatus status;
    private final CapturedOutput output;

    CommandResult(CommandStatus status, RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        this.status = status;
        this.output = new CapturedOutput(stdout, stderr);
    }

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

    /**
     * Captured stdout (at most the output limit; see {@link CommandStatus#stdoutTruncated()}). Owned by this
     * result: read it, take views of it ({@code retain()} / {@code byteBuffers()}) but do not close it.
     */
    public RecyclableOutputStream stdout() {
        return output.stdout();
    }

    /** Captured stderr; same ownership as {@link #stdout()}. */
    public RecyclableOutputStream stderr() {
        return output.stderr();
    }

    /** Stdout decoded as UTF-8 (a copy: for small outputs and diagnostics). */
    public String stdoutText() {
        return output.stdoutText();
    }

    /** Stderr decoded as UTF-8 (a copy). */
    public String stderrText() {
        return output.stderrText();
    }

    /** Returns both streams' chunks to the pool (once no retained view holds them). Idempotent. */
    @Override
    public void close() {
        output.close();
    }

    @Override
    public String toString() {
        return "CommandResult[" + status + "]";
    }
}
