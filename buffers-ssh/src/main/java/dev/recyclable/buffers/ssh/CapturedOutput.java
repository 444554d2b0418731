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
import dev.recyclable.buffers.ssh.fanout.TargetResult;
import java.nio.charset.StandardCharsets;

/**
 * A finished command's captured stdout and stderr in pooled memory, with how it ended: what a
 * {@link CommandResult} (one command) and a fan-out's {@link TargetResult} (one target) have in common.
 *
 * <p>Ownership: the result owns both streams. Read them, take views of them ({@code retain()},
 * {@code byteBuffers()}), but do not close them: close the result (for example with try-with-resources) to give
 * the memory back; the streams are unusable afterwards, views taken before keep their bytes until released.
 * A fan-out target that failed carries no output (its buffers were released when it failed). Not thread-safe.
 */
public abstract sealed class CapturedOutput implements AutoCloseable permits CommandResult, TargetResult {

    private final CommandStatus status;
    /** Both {@code null} when there is no output (a failed target). */
    private final RecyclableOutputStream stdout;

    private final RecyclableOutputStream stderr;

    /** Only the two results (the class is sealed); {@code stdout} and {@code stderr} are both given or both null. */
    protected CapturedOutput(CommandStatus status, RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        if ((stdout == null) != (stderr == null)) {
            throw new IllegalArgumentException("both streams or neither");
        }
        this.status = status;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /**
     * Captured stdout, at most the output limit (see {@link CommandStatus#stdoutTruncated()}). Owned by this
     * result: read it or take views of it ({@code retain()}, {@code byteBuffers()}), do not close it.
     *
     * @throws IllegalStateException if there is no output (a fan-out target that failed)
     */
    public RecyclableOutputStream stdout() {
        requireOutput();
        return stdout;
    }

    /** Captured stderr; same ownership and rules as {@link #stdout()}. */
    public RecyclableOutputStream stderr() {
        requireOutput();
        return stderr;
    }

    /** Stdout decoded as UTF-8 (a copy: for small outputs and diagnostics); empty if there is no output. */
    public String stdoutText() {
        return stdout == null ? "" : stdout.toString(StandardCharsets.UTF_8);
    }

    /** Stderr decoded as UTF-8 (a copy); empty if there is no output. */
    public String stderrText() {
        return stderr == null ? "" : stderr.toString(StandardCharsets.UTF_8);
    }

    /** How the command ended; {@code null} for a fan-out target that failed. */
    public CommandStatus status() {
        return status;
    }

    /** Returns both streams' chunks to the pool (once no retained view holds them). Idempotent. */
    @Override
    public void close() {
        if (stdout != null) {
            stdout.close();
            stderr.close();
        }
    }

    /** Whether there is captured output: always for a {@link CommandResult}; for a target, if it ran to its end. */
    public boolean hasOutput() {
        return stdout != null;
    }

    /** Why there is no output, for the exception of {@link #stdout()}; called only when there is none. */
    protected String whyNoOutput() {
        return "there is no output";
    }

    private void requireOutput() {
        if (stdout == null) {
            throw new IllegalStateException(whyNoOutput());
        }
    }
}
