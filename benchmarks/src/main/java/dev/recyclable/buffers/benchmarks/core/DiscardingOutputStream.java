package dev.recyclable.buffers.benchmarks.core;

import java.io.OutputStream;
import java.util.Objects;

/**
 * The consumer at the end of every benchmark: accepts bytes and keeps only their count, so that
 * consuming costs every contender the same (nothing) and the measurement is of the buffer alone.
 *
 * <p>The count is read by the benchmark and returned to JMH, so handing bytes here is never dead
 * code; the bytes themselves are not read, as a socket write would not read them on this side.
 */
public final class DiscardingOutputStream extends OutputStream {
    private long bytesSeen;

    @Override
    public void write(int b) {
        bytesSeen++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        bytesSeen += length;
    }

    /** Total bytes handed to this stream so far. */
    public long bytesSeen() {
        return bytesSeen;
    }
}
