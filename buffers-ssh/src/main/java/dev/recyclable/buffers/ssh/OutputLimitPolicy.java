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
