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

import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.time.Duration;

/** The command outlived {@link CommandOptions#timeout()}: it was signalled {@code KILL} and its channel closed. */
public class CommandTimeoutException extends SshCommandException {
    private final Duration timeout;

    public CommandTimeoutException(String command, Duration timeout) {
        super(
                command,
                "command did not finish within " + Durations.toNanos(Durations.check(timeout, "timeout")) / 1_000_000
                        + " ms; killed and channel closed",
                null);
        this.timeout = timeout;
    }

    public Duration timeout() {
        return timeout;
    }
}
