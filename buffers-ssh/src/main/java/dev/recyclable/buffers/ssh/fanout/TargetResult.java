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

import dev.recyclable.buffers.ssh.CommandResult;

/**
 * One target's result: its {@link TargetOutcome}, and, when the command ran to its end (any exit status), its
 * captured output as a {@link CommandResult} in pooled memory. Whoever receives it (the {@link ResultListener} or
 * the caller of the run's iterator) owns it and must close it to give the memory back. A failed target carries no
 * output: its buffers were released when it failed. Not thread-safe.
 */
public final class TargetResult implements AutoCloseable {

    private final TargetOutcome outcome;
    /** {@code null} when the target failed. */
    private final CommandResult output;

    TargetResult(TargetOutcome outcome, CommandResult output) {
        this.outcome = outcome;
        this.output = output;
    }

    /** The buffer-free summary (the same object the run's futures complete with). */
    public TargetOutcome outcome() {
        return outcome;
    }

    public FanoutTarget target() {
        return outcome.target();
    }

    /** Why the target failed, or {@code null} when the command ran to its end. */
    public FailureKind failure() {
        return outcome.failure();
    }

    /** Exit status 0, no signal, no failure. */
    public boolean succeeded() {
        return outcome.succeeded();
    }

    /** Whether there is captured output: when the command ran to its end ({@link #failure()} is {@code null}). */
    public boolean hasOutput() {
        return output != null;
    }

    /**
     * The captured stdout, stderr and status. Owned by this result: read it, take views of its streams, but close
     * this result, not the output.
     *
     * @throws IllegalStateException if the target failed (there is no output)
     */
    public CommandResult output() {
        if (output == null) {
            throw new IllegalStateException(
                    "target " + target().id() + " failed (" + failure() + "): there is no output");
        }
        return output;
    }

    /** Returns the output's chunks to the pool (once no retained view holds them). Idempotent. */
    @Override
    public void close() {
        if (output != null) {
            output.close();
        }
    }

    @Override
    public String toString() {
        return "TargetResult[" + outcome + "]";
    }
}
