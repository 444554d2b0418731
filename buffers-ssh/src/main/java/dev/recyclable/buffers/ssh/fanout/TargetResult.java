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
package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.internal.CapturedOutput;

/**
 * One target's result with its captured output in pooled memory. Whoever receives it (the {@link ResultListener}
 * or the caller of the run's iterator) owns it and must close it to give the memory back; the streams are
 * unusable afterwards. Failed targets carry no output: their buffers were released when they failed.
 * Not thread-safe.
 */
public final class TargetResult implements AutoCloseable {

    private final TargetOutcome outcome;
    /** {@code null} when the target failed. */
    private final CapturedOutput output;

    TargetResult(TargetOutcome outcome, RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        this.outcome = outcome;
        this.output = stdout == null ? null : new CapturedOutput(stdout, stderr);
    }

    /** The buffer-free summary (the same object the run's futures complete with). */
    public TargetOutcome outcome() {
        return outcome;
    }

    public FanoutTarget target() {
        return outcome.target();
    }

    /** How the command ended, or {@code null} when the target failed. */
    public CommandStatus status() {
        return outcome.status();
    }

    /** Why the target failed, or {@code null} when the command ran to its end. */
    public FailureKind failure() {
        return outcome.failure();
    }

    /** Exit status 0, no signal, no failure. */
    public boolean succeeded() {
        return outcome.succeeded();
    }

    /** Whether there is captured output (the command ran to its end). */
    public boolean hasOutput() {
        return output != null;
    }

    /**
     * Captured stdout, owned by this result: read it or take views ({@code retain()}, {@code byteBuffers()}),
     * do not close it.
     *
     * @throws IllegalStateException if the target failed (no output is kept for failures)
     */
    public RecyclableOutputStream stdout() {
        return requireOutput().stdout();
    }

    /** Captured stderr; same ownership and rules as {@link #stdout()}. */
    public RecyclableOutputStream stderr() {
        return requireOutput().stderr();
    }

    /** Stdout decoded as UTF-8 (a copy, for small outputs); empty for failed targets. */
    public String stdoutText() {
        return output == null ? "" : output.stdoutText();
    }

    /** Stderr decoded as UTF-8 (a copy); empty for failed targets. */
    public String stderrText() {
        return output == null ? "" : output.stderrText();
    }

    /** Returns the output's chunks to the pool (once no retained view holds them). Idempotent. */
    @Override
    public void close() {
        if (output != null) {
            output.close();
        }
    }

    private CapturedOutput requireOutput() {
        if (output == null) {
            throw new IllegalStateException(
                    "target " + target().id() + " failed (" + failure() + "): there is no output");
        }
        return output;
    }

    @Override
    public String toString() {
        return "TargetResult[" + outcome + "]";
    }
}
