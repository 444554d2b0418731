package dev.recyclable.buffers.ssh.transfer;

/**
 * A finished, verified transfer.
 *
 * @param bytes        bytes moved
 * @param elapsedNanos from sending the request to the verified end
 */
public record TransferResult(long bytes, long elapsedNanos) {

    /** Throughput in MB/s (10^6 bytes per second). */
    public double megabytesPerSecond() {
        return elapsedNanos == 0 ? 0 : bytes * 1e3 / elapsedNanos;
    }

    @Override
    public String toString() {
        return String.format("%d bytes in %.3f s (%.1f MB/s)", bytes, elapsedNanos / 1e9, megabytesPerSecond());
    }
}
