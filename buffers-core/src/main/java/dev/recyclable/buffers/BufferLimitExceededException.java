package dev.recyclable.buffers;

import java.io.IOException;

/**
 * A write was refused because the stream would have grown past its size cap. Nothing of the
 * refused write was stored; the stream keeps its earlier content and stays usable.
 */
public class BufferLimitExceededException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long requestedLength;
    private final long limit;

    public BufferLimitExceededException(String what, long requestedLength, long limit) {
        super(what + " would grow to " + requestedLength + " bytes, over its limit of " + limit + " bytes");
        this.requestedLength = requestedLength;
        this.limit = limit;
    }

    /** The length the write would have reached. */
    public long requestedLength() {
        return requestedLength;
    }

    /** The cap that refused it. */
    public long limit() {
        return limit;
    }
}
