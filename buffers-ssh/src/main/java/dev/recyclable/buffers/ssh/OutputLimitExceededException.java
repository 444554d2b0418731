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

/**
 * The command wrote more than {@link CommandOptions#maxOutputBytes()} to one stream under
 * {@link OutputLimitPolicy#FAIL}: it was killed and its output released.
 */
public class OutputLimitExceededException extends SshCommandException {
    private final OutputKind stream;
    private final long limit;

    public OutputLimitExceededException(String command, OutputKind stream, long limit) {
        super(command, stream + " exceeded the output limit of " + limit + " bytes; command killed", null);
        this.stream = stream;
        this.limit = limit;
    }

    /** The stream that went over the limit. */
    public OutputKind stream() {
        return stream;
    }

    public long limit() {
        return limit;
    }
}
