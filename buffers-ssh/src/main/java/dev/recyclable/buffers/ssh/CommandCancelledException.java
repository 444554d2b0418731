package dev.recyclable.buffers.ssh;

/** The command was cancelled (thread interrupt or {@link RunningCommand#cancel()}): killed and channel closed. */
public class CommandCancelledException extends SshCommandException {
    public CommandCancelledException(String command, String how) {
        super(command, "command cancelled (" + how + "); killed and channel closed", null);
    }
}
