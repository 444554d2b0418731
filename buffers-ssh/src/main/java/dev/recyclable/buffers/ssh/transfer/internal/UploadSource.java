package dev.recyclable.buffers.ssh.transfer.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/** Where an upload reads from, into the transfer's one buffer (sshj sends from arrays). */
public interface UploadSource {

    /** Reads up to {@code length} bytes into {@code array} at {@code offset}; returns the count, or -1 at the end. */
    int read(byte[] array, int offset, int length) throws IOException;

    static UploadSource of(InputStream in) {
        return in::read;
    }

    /** Wraps the buffer array once, on first use, and repositions that wrapper for every read. */
    static UploadSource of(ReadableByteChannel in) {
        return new UploadSource() {
            private ByteBuffer wrapper;

            @Override
            public int read(byte[] array, int offset, int length) throws IOException {
                if (wrapper == null || wrapper.array() != array) {
                    wrapper = ByteBuffer.wrap(array);
                }
                wrapper.limit(offset + length).position(offset);
                return in.read(wrapper);
            }
        };
    }
}
