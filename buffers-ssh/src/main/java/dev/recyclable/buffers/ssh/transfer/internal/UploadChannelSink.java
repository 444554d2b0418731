package dev.recyclable.buffers.ssh.transfer.internal;

import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.channel.ChannelSink;

import java.util.concurrent.CompletableFuture;

/**
 * The receiving side of an upload: whatever the remote command prints (stdout and stderr) is kept up to a small
 * bound for error messages and its window granted at once, so a chatty command never stalls.
 */
public final class UploadChannelSink implements ChannelSink {

    private final StderrTail output;
    private final CompletableFuture<Throwable> closed = new CompletableFuture<>();

    public UploadChannelSink(StderrTail output) {
        this.output = output;
    }

    @Override
    public void onData(CaptureChannel channel, OutputKind kind, byte[] data, int offset, int length) {
        output.append(data, offset, length);
        channel.grant(length);
    }

    @Override
    public void onClosed(CaptureChannel channel, Throwable failure) {
        closed.complete(failure);
    }

    /** Why the channel failed, {@code null} if it closed normally; valid once the channel is finished. */
    public Throwable failure() {
        return closed.getNow(null);
    }
}
