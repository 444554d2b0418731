package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.RecyclableOutputStream;

import java.nio.charset.StandardCharsets;

/**
 * A finished command with its captured output, in pooled memory. Owns both streams: close the result (for
 * example with try-with-resources) to give the memory back; the streams are unusable afterwards. Not thread-safe.
 */
public final class CommandResult implements AutoCloseable {

    private final CommandStatus status;
    private final RecyclableOutputStream stdout;
    private final RecyclableOutputStream stderr;

    CommandResult(CommandStatus status, RecyclableOutputStream stdout, RecyclableOutputStream stderr) {
        this.status = status;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    public CommandStatus status() {
        return status;
    }

    /** Exit status, or {@code null} if the server reported none (see {@link #exitSignal()}). */
    public Integer exitStatus() {
        return status.exitStatus();
    }

    /** The signal that killed the command, or {@code null}. */
    public String exitSignal() {
        return status.exitSignal();
    }

    /**
     * Captured stdout (at most the output limit; see {@link CommandStatus#stdoutTruncated()}). Owned by this
     * result: read it, take views of it ({@code retain()} / {@code byteBuffers()}) but do not close it.
     */
    public RecyclableOutputStream stdout() {
        return stdout;
    }

    /** Captured stderr; same ownership as {@link #stdout()}. */
    public RecyclableOutputStream stderr() {
        return stderr;
    }

    /** Stdout decoded as UTF-8 (a copy: for small outputs and diagnostics). */
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

    @Override
    public String toString() {
        return "CommandResult[" + status + "]";
    }
}
