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

import dev.recyclable.buffers.ssh.CommandStatus;

/**
 * How one target ended, without its output: immutable, holds no buffers, safe to keep and share between threads.
 *
 * @param index       the target's position in the run's target list (or in the order a streamed run read it)
 * @param target      the target
 * @param status      how the command ended, or {@code null} if it never ended normally (see {@code failure})
 * @param failure     why the target failed, or {@code null} if the command ran to its end (any exit status)
 * @param reason      a human-readable reason for the failure (the underlying error's message), or {@code null}
 * @param attempts    channel opens tried (more than 1 when the server refused a channel and we retried)
 */
public record TargetOutcome(
        int index, FanoutTarget target, CommandStatus status, FailureKind failure, String reason, int attempts) {

    /** The command ran to its end with exit status 0. */
    public boolean succeeded() {
        return failure == null && status != null && status.succeeded();
    }

    /** The command ran to its end (with any exit status). */
    public boolean completed() {
        return failure == null;
    }

    @Override
    public String toString() {
        return target.id() + ": "
                + (failure == null
                        ? "exit " + status.exitStatus()
                                + (status.exitSignal() != null ? " signal " + status.exitSignal() : "")
                        : failure + " (" + reason + ")");
    }
}
