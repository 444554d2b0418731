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
