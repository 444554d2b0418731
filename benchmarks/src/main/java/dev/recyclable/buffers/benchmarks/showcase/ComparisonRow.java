package dev.recyclable.buffers.benchmarks.showcase;

/**
 * One line of the showcase table: the same job done the usual way and our way.
 *
 * @param scenario what the job was, e.g. {@code "1 MiB in 4 KiB writes"}
 * @param usual    the way a user would do it without us
 * @param ours     the same job with Recyclable Buffers
 */
public record ComparisonRow(String scenario, Measurement usual, Measurement ours) {
}
