package dev.recyclable.buffers.ssh;

import java.time.Duration;

/** The command outlived {@link CommandOptions#timeout()}: it was signalled {@code KILL} and its channel closed. */
public class CommandTimeoutException extends SshCommandException {
    private final Duration timeout;

    public CommandTimeoutException(String command, Duration timeout) {
        super(command, "command did not finish within " + timeout.toMillis() + " ms; killed and channel closed", null);
        this.timeout = timeout;
    }

    public Duration timeout() {
        return timeout;
    }
}
