/*
 * Copyright 2026 The Recyclable Buffers Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * How a transfer runs. The defaults are the measured fast path (see {@link SshTransfer}); immutable.
 */
public final class TransferOptions {

    /** Receive window per download: also the ring's size, so the pooled memory a download holds. */
    public static final long DEFAULT_WINDOW = 4L << 20;
    /**
     * The largest data payload we can accept: sshj's decoder refuses packets over 256 KiB, and a data packet adds
     * up to 265 bytes of header and padding to its payload.
     */
    public static final int MAX_PACKET_LIMIT = 256 * 1024 - 1024;
    /** Largest data packet we let the server send. */
    public static final int DEFAULT_MAX_PACKET = MAX_PACKET_LIMIT;

    public static final int DEFAULT_CHUNK = 64 * 1024;

    private static final TransferOptions DEFAULTS = builder().build();

    /** The values: a copy of the builder that made these options, which no one else holds, so never changed. */
    private final Builder values;

    private TransferOptions(Builder b) {
        this.values = b.copy();
    }

    public static TransferOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return values.copy();
    }

    public long windowSize() {
        return values.windowSize;
    }

    public int maxPacketSize() {
        return values.maxPacketSize;
    }

    public int chunkSize() {
        return values.chunkSize;
    }

    public Duration idleTimeout() {
        return values.idleTimeout;
    }

    /** The listener, or {@code null}. */
    public TransferListener listener() {
        return values.listener;
    }

    public long progressInterval() {
        return values.progressInterval;
    }

    public boolean syncFiles() {
        return values.syncFiles;
    }

    /** Length the download of a command's output must have, or {@code -1} for any. */
    public long expectedLength() {
        return values.expectedLength;
    }

    public static final class Builder implements Cloneable {
        private long windowSize = DEFAULT_WINDOW;
        private int maxPacketSize = DEFAULT_MAX_PACKET;
        private int chunkSize = DEFAULT_CHUNK;
        private Duration idleTimeout = Duration.ofMinutes(2);
        private TransferListener listener;
        private long progressInterval = 1L << 20;
        private boolean syncFiles = true;
        private long expectedLength = -1;

        private Builder() {}

        /**
         * Receive window of a download, 64 KiB to 64 MiB (default 4 MiB). The whole window is pooled memory held
         * for the transfer's duration; larger only helps on links with a long round trip.
         */
        public Builder windowSize(long bytes) {
            if (bytes < 64 * 1024 || bytes > 64L << 20) {
                throw new IllegalArgumentException("windowSize must be 64 KiB..64 MiB: " + bytes);
            }
            this.windowSize = bytes;
            return this;
        }

        /** Largest data packet the server may send us, 4 KiB to {@link #MAX_PACKET_LIMIT} (the default). */
        public Builder maxPacketSize(int bytes) {
            if (bytes < 4096 || bytes > MAX_PACKET_LIMIT) {
                throw new IllegalArgumentException("maxPacketSize must be 4096.." + MAX_PACKET_LIMIT + ": " + bytes);
            }
            this.maxPacketSize = bytes;
            return this;
        }

        /** Size of the pooled chunks the ring and the upload buffer are made of (power of two, default 64 KiB). */
        public Builder chunkSize(int bytes) {
            if (bytes < 4096 || Integer.bitCount(bytes) != 1) {
                throw new IllegalArgumentException("chunkSize must be a power of two >= 4 KiB: " + bytes);
            }
            this.chunkSize = bytes;
            return this;
        }

        /**
         * The transfer fails if no byte moves for this long (default 2 minutes): it bounds every wait of the
         * transfer, for the server's replies, for its data, for its window to take more of an upload, for the
         * remote side to finish. One too long to count (over about 292 years, {@code ChronoUnit.FOREVER}) is no
         * limit.
         *
         * @throws IllegalArgumentException if {@code timeout} is zero or negative
         */
        public Builder idleTimeout(Duration timeout) {
            if (Durations.check(timeout, "idleTimeout").isZero()) {
                throw new IllegalArgumentException("idleTimeout must be positive: " + timeout);
            }
            this.idleTimeout = timeout;
            return this;
        }

        public Builder listener(TransferListener listener) {
            this.listener = listener;
            return this;
        }

        /** Bytes between two progress calls (default 1 MiB). */
        public Builder progressInterval(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("progressInterval must be positive: " + bytes);
            }
            this.progressInterval = bytes;
            return this;
        }

        /**
         * Whether a downloaded local file is forced to disk before it is renamed to its name (default true, so
         * that after a crash the name never holds a file whose blocks never made it to disk).
         */
        public Builder syncFiles(boolean sync) {
            this.syncFiles = sync;
            return this;
        }

        /** Length a downloaded command output must have ({@code -1}: any, the default). */
        public Builder expectedLength(long bytes) {
            if (bytes < -1) {
                throw new IllegalArgumentException("expectedLength must be >= -1: " + bytes);
            }
            this.expectedLength = bytes;
            return this;
        }

        /** A copy: every field is a primitive or immutable (the listener is shared, not copied). */
        private Builder copy() {
            try {
                return (Builder) clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e); // Cloneable
            }
        }

        public TransferOptions build() {
            Objects.requireNonNull(idleTimeout);
            return new TransferOptions(this);
        }
    }
}
