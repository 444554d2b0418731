package dev.recyclable.buffers;

/**
 * How closely the pool watches for streams that become unreachable without {@code close()}.
 *
 * <p>A tracked stream costs one {@link java.lang.ref.Cleaner} registration (about 100 bytes);
 * an untracked one costs nothing. Either way the chunks of a tracked leaked stream return to
 * the pool and the leak is reported to the listener and as a JFR event.
 */
public enum LeakDetection {
    /** No tracking: a stream that is never closed loses its chunks to the garbage collector. */
    DISABLED,
    /** One stream in {@value BufferPool#LEAK_SAMPLING_INTERVAL} is tracked (the default). */
    SAMPLED,
    /** Every stream is tracked. */
    ALL,
    /** Every stream is tracked and remembers the stack that created it, for the report. */
    DETAILED
}
