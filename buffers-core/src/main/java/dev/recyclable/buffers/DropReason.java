package dev.recyclable.buffers;

/** Why the pool let a chunk go to the garbage collector instead of keeping it idle. */
public enum DropReason {
    /** Keeping it would have put idle bytes over {@link BufferPool.Builder#maxIdleBytes}. */
    POOL_FULL,
    /** Every free-list stripe was busy at that instant; the pool never waits. */
    CONTENDED,
    /** Larger than the biggest size class the pool keeps. */
    OVERSIZE,
    /** Idle longer than the decay period, or removed by {@link BufferPool#trim()}. */
    TRIMMED,
    /** Its stream was never closed; the leak detector returned the chunk but keeping it is unsafe. */
    LEAKED
}
