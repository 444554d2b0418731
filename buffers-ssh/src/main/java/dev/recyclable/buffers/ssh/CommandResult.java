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

/**
 * A finished command with its captured output, in pooled memory. Owns both streams: close the result (for
 * example with try-with-resources) to give the memory back; the streams are unusable afterwards (see
 * {@link CapturedOutput} for the rules). It always has output and a {@link #status()}. Not thread-safe.
 */
public final class CommandResult extends CapturedOutput {

    CommandResult(CommandStatus status, RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        super(status, stdout, stderr);
    }

    /** Exit status, or {@code null} if the server reported none (see {@link #exitSignal()}). */
    public Integer exitStatus() {
        return status().exitStatus();
    }

    /** The signal that killed the command, or {@code null}. */
    public String exitSignal() {
        return status().exitSignal();
    }

    @Override
    public String toString() {
        return "CommandResult[" + status() + "]";
    }
}
