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
import dev.recyclable.buffers.ssh.CapturedOutput;

/**
 * One target's result with its captured output in pooled memory. Whoever receives it (the {@link ResultListener}
 * or the caller of the run's iterator) owns it and must close it to give the memory back; the streams are
 * unusable afterwards (see {@link CapturedOutput} for the rules). Failed targets carry no output and no
 * {@link #status()}: their buffers were released when they failed, so {@link #stdout()} and {@link #stderr()}
 * throw {@link IllegalStateException} and the texts are empty. Not thread-safe.
 */
public final class TargetResult extends CapturedOutput {

    private final TargetOutcome outcome;

    /** {@code stdout} and {@code stderr} are {@code null} when the target failed. */
    TargetResult(TargetOutcome outcome, RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        super(outcome == null ? null : outcome.status(), stdout, stderr);
        this.outcome = outcome;
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

    @Override
    protected String whyNoOutput() {
        return "target " + target().id() + " failed (" + failure() + "): there is no output";
    }

    @Override
    public String toString() {
        return "TargetResult[" + outcome + "]";
    }
}
