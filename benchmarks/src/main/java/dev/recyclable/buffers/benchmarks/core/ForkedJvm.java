package dev.recyclable.buffers.benchmarks.core;

/**
 * The flags every forked benchmark JVM gets, as constants so each {@code @Fork} names them once.
 *
 * <p>Why each one: a fixed, pre-touched heap, because the first touch of fresh heap costs about
 * 2 ms per MB on the machines this was written on and would punish the contenders that allocate for
 * the operating system's page faults rather than for their own work; and the export agrona 2.x needs
 * to load {@code UnsafeBuffer} at all.
 */
final class ForkedJvm {
    static final String HEAP_MIN = "-Xms2g";
    static final String HEAP_MAX = "-Xmx2g";
    static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    static final String ADD_EXPORTS = "--add-exports";
    static final String AGRONA_EXPORT = "java.base/jdk.internal.misc=ALL-UNNAMED";

    private ForkedJvm() {
    }
}
