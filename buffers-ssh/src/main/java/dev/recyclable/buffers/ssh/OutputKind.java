package dev.recyclable.buffers.ssh;

/** Which output stream of a remote command a piece of output belongs to. */
public enum OutputKind {
    /** Standard output: SSH {@code CHANNEL_DATA}. */
    STDOUT,
    /** Standard error: SSH {@code CHANNEL_EXTENDED_DATA} with data type 1. */
    STDERR
}
