package dev.recyclable.buffers.ssh.transfer.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Where the transferring thread writes downloaded bytes: straight from a ring chunk, without slicing or copying
 * on our side (a direct-chunk pool going to an {@code OutputStream} is the exception: it needs one scratch array
 * per transfer, since streams take arrays).
 */
public interface LocalSink {

    /**
     * Writes {@code length} bytes of {@code chunk} starting at absolute index {@code index}. {@code chunk} is a
     * reusable view owned by the ring: its position and limit may be changed, its bytes must not be kept.
     */
    void write(ByteBuffer chunk, int index, int length) throws IOException;

    static LocalSink of(OutputStream out, int scratchSize) {
        return new LocalSink() {
            private byte[] scratch;

            @Override
            public void write(ByteBuffer chunk, int index, int length) throws IOException {
                if (chunk.hasArray()) {
                    out.write(chunk.array(), chunk.arrayOffset() + index, length);
                    return;
                }
                if (scratch == null) {
                    scratch = new byte[scratchSize];
                }
                while (length > 0) {
                    int n = Math.min(length, scratch.length);
                    chunk.get(index, scratch, 0, n);
                    out.write(scratch, 0, n);
                    index += n;
                    length -= n;
                }
            }
        };
    }

    static LocalSink of(WritableByteChannel out) {
        return (chunk, index, length) -> {
            chunk.limit(chunk.capacity()).position(index).limit(index + length);
            while (chunk.hasRemaining()) {
                if (out.write(chunk) == 0 && !out.isOpen()) {
                    throw new java.nio.channels.ClosedChannelException();
                }
            }
        };
    }
}
