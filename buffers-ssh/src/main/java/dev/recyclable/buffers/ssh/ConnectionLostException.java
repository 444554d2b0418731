package dev.recyclable.buffers.ssh;

/**
 * The connection died while the command ran (server gone, network cut, no answer to keepalives, runner closed
 * under it): the command may or may not have finished on the server, and output may be missing. Never reported
 * as a normal {@link CommandStatus}.
 */
public class ConnectionLostException extends SshCommandException {

    public ConnectionLostException(String command, String message, Throwable cause) {
        super(command, message, cause);
    }
}
