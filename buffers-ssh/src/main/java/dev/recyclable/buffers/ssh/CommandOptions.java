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
import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.io.InputStream;
import java.time.Duration;
import java.util.Objects;

/**
 * Per-command settings. Immutable: each {@code with...} returns a copy. Start from {@link #defaults()}.
 *
 * <p>Defaults: no timeout, at most 128 MiB per output stream with {@link OutputLimitPolicy#FAIL}, empty stdin.
 */
public final class CommandOptions {

    /** Default limit for each of stdout and stderr. */
    public static final long DEFAULT_MAX_OUTPUT_BYTES = 128L << 20;

    private static final CommandOptions DEFAULTS =
            new CommandOptions(Duration.ZERO, DEFAULT_MAX_OUTPUT_BYTES, OutputLimitPolicy.FAIL, null);

    private final Duration timeout;
    private final long maxOutputBytes;
    private final OutputLimitPolicy limitPolicy;
    /** Nothing ({@code null}), an {@link InputStream} or a {@link RecyclableOutputStream}: one stdin at most. */
    private final Object stdin;

    /** Every instance is made here: the one place that checks the values. */
    private CommandOptions(Duration timeout, long maxOutputBytes, OutputLimitPolicy limitPolicy, Object stdin) {
        Durations.check(timeout, "timeout");
        if (maxOutputBytes < 0) {
            throw new IllegalArgumentException("maxOutputBytes must not be negative: " + maxOutputBytes);
        }
        this.timeout = timeout;
        this.maxOutputBytes = maxOutputBytes;
        this.limitPolicy = Objects.requireNonNull(limitPolicy, "policy");
        this.stdin = stdin;
    }

    public static CommandOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Kill the command ({@code KILL} signal, channel closed) if it has not finished this long after it was sent,
     * and throw {@link CommandTimeoutException}. It covers writing the command's stdin too. {@link Duration#ZERO}
     * means no timeout, and so does one too long to count (over about 292 years: {@code ChronoUnit.FOREVER},
     * {@code Duration.ofSeconds(Long.MAX_VALUE)}).
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public CommandOptions withTimeout(Duration timeout) {
        return new CommandOptions(timeout, maxOutputBytes, limitPolicy, stdin);
    }

    /** Limit for each of stdout and stderr separately, and what to do beyond it. */
    public CommandOptions withOutputLimit(long maxOutputBytes, OutputLimitPolicy policy) {
        return new CommandOptions(timeout, maxOutputBytes, policy, stdin);
    }

    /**
     * Feeds {@code stdin} to the command, then end of file, as {@code ssh host cmd < file} does: read on a stdin
     * thread of the runner (a fan-out takes only a buffer) while the command runs and its output flows back, as
     * fast as the server takes it, until its end or the command's; not closed. A command that ends without reading
     * it all is not a failure ({@link CommandStatus#stdinTruncated()}); a stream that throws fails the command with
     * that as the cause. A read still blocked when the command has ended is not waited for.
     */
    public CommandOptions withStdin(InputStream stdin) {
        return new CommandOptions(timeout, maxOutputBytes, limitPolicy, Objects.requireNonNull(stdin));
    }

    /**
     * Feeds the content of {@code stdin} to the command straight from its chunks, then end of file, while the
     * command runs (as {@link #withStdin(InputStream)}). The caller keeps ownership and must neither change nor
     * close it until the command has ended: {@code run} or {@code stream} returned or threw, a launched command's
     * {@code completion()} completed, a fan-out run finished.
     */
    public CommandOptions withStdin(RecyclableOutputStream stdin) {
        return new CommandOptions(timeout, maxOutputBytes, limitPolicy, Objects.requireNonNull(stdin));
    }

    public Duration timeout() {
        return timeout;
    }

    public boolean hasTimeout() {
        return !timeout.isZero();
    }

    public long maxOutputBytes() {
        return maxOutputBytes;
    }

    public OutputLimitPolicy limitPolicy() {
        return limitPolicy;
    }

    /** Stdin as a stream, or {@code null}. */
    public InputStream stdinStream() {
        return stdin instanceof InputStream stream ? stream : null;
    }

    /** Stdin as pooled content, or {@code null}. */
    public RecyclableOutputStream stdinBuffer() {
        return stdin instanceof RecyclableOutputStream buffer ? buffer : null;
    }

    @Override
    public String toString() {
        return "CommandOptions[timeout=" + timeout + ", maxOutputBytes=" + maxOutputBytes + ", policy=" + limitPolicy
                + ", stdin=" + (stdin instanceof InputStream ? "stream" : stdin != null ? "buffer" : "none") + "]";
    }
}
