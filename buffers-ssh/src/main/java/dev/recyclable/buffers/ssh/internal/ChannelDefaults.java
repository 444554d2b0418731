package dev.recyclable.buffers.ssh.internal;

/** Default receive window and packet size of a command's channel, for SshRunner and the fan-out alike. */
public final class ChannelDefaults {

    /** 2 MiB: the most output in flight or unconsumed per command. */
    public static final long WINDOW = 2L << 20;

    /** 32 KiB: the largest data packet the server may send. */
    public static final int MAX_PACKET = 32 * 1024;

    private ChannelDefaults() {
    }
}
