package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.channel.CaptureChannel;

/** Counts output and drops it as it arrives, granting the window at once: the command never stalls on us. */
public final class DiscardingSink extends CommandSink {

    public DiscardingSink(String command) {
        super(command, 0, OutputLimitPolicy.TRUNCATE);
    }

    @Override
    protected void accept(CaptureChannel channel, OutputKind kind, byte[] data, int offset, int keep, int length) {
        channel.grant(length);
    }

    @Override
    protected void releaseBuffers() {
        // nothing kept
    }
}
