/**
 * Recyclable Buffers core: a thread-safe pool of byte chunks and the segmented
 * {@link dev.recyclable.buffers.RecyclableOutputStream} built on it.
 *
 * <p>Netty, Agrona and Micrometer are optional: the views and the metrics binder in
 * {@code dev.recyclable.buffers.interop} need them only when called.
 */
module dev.recyclable.buffers {
    requires jdk.jfr;
    requires static io.netty.buffer;
    requires static org.agrona;
    requires static micrometer.core;

    exports dev.recyclable.buffers;
    exports dev.recyclable.buffers.interop;
}
