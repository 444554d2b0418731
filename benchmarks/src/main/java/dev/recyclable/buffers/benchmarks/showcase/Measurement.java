package dev.recyclable.buffers.benchmarks.showcase;

/**
 * What one way of doing a job cost, per operation, on the measuring thread.
 *
 * @param label          who did it, e.g. {@code "ByteArrayOutputStream"}
 * @param bytesPerOp     bytes allocated on the heap per operation
 * @param nanosPerOp     wall-clock time per operation
 */
public record Measurement(String label, double bytesPerOp, double nanosPerOp) {
}
