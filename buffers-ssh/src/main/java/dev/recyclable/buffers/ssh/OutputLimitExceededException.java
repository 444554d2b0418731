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
