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

/** What happens when a command writes more than {@link CommandOptions#maxOutputBytes()} to stdout or stderr. */
public enum OutputLimitPolicy {
    /**
     * Keep the first {@code maxOutputBytes} of the stream, discard the rest as it arrives (the command runs to its
     * end at full speed) and flag the result ({@link CommandStatus#stdoutTruncated()} / {@code stderrTruncated()}).
     */
    TRUNCATE,
    /** Kill the command (signal {@code KILL}, channel closed) and throw {@link OutputLimitExceededException}. */
    FAIL
}
