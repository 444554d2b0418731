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
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.RecyclableOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A finished command's captured stdout and stderr, owned together: what {@code CommandResult} and the fan-out's
 * {@code TargetResult} hand out and close. Not thread-safe.
 */
public final class CapturedOutput implements AutoCloseable {

    private final RecyclableOutputStream stdout;
    private final RecyclableOutputStream stderr;

    public CapturedOutput(RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        this.stdout = stdout;
        this.stderr = stderr;
    }

    public RecyclableOutputStream stdout() {
        return stdout;
    }

    public RecyclableOutputStream stderr() {
        return stderr;
    }

    /** Stdout decoded as UTF-8 (a copy). */
    public String stdoutText() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    /** Stderr decoded as UTF-8 (a copy). */
    public String stderrText() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    /** Returns both streams' chunks to the pool (once no retained view holds them). Idempotent. */
    @Override
    public void close() {
        stdout.close();
        stderr.close();
    }
}
