package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.OutputListener;
import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.channel.CaptureChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands output to an {@link OutputListener} on the consumer's thread, in wire order, each packet in its own
 * pooled chunk. The reader thread only copies and enqueues; the window for a packet is granted when the
 * listener's call for it returns, so at most one window of output is ever queued, however slow the listener.
 */
public final class DispatchingSink extends CommandSink {

    private record Event(OutputKind kind, RecyclableOutputStream chunk, int windowBytes) {
    }

    private final BufferPool pool;
    private final Thread consumer;
    private final ConcurrentLinkedQueue<Event> queue = new ConcurrentLinkedQueue<>();
    private volatile boolean channelClosed;

    public DispatchingSink(BufferPool pool, String command, long limit, OutputLimitPolicy policy, Thread consumer) {
        super(command, limit, policy);
        this.pool = pool;
        this.consumer = consumer;
    }

    @Override
    protected void accept(CaptureChannel channel, OutputKind kind, byte[] data, int offset, int keep, int length) {
        if (keep < length) {
            channel.grant(length - keep);
        }
        if (keep == 0) {
            return;
        }
        RecyclableOutputStream chunk = pool.newStream();
        try {
            int done = 0;
            while (done < keep) {
                ByteBuffer space = chunk.writableBuffer(keep - done);
                int n = Math.min(space.remaining(), keep - done);
                if (space.hasArray()) {
                    System.arraycopy(data, offset + done, space.array(), space.arrayOffset() + space.position(), n);
                } else {
                    space.put(space.position(), data, offset + done, n);
                }
                chunk.commit(n);
                done += n;
            }
        } catch (IOException e) {
            chunk.close();
            channel.grant(keep);
            storageFailed(channel, kind, e);
            return;
        }
        queue.offer(new Event(kind, chunk, keep));
        LockSupport.unpark(consumer);
    }

    @Override
    protected void closed(CaptureChannel channel) {
        channelClosed = true;
        LockSupport.unpark(consumer);
    }

    /**
     * Calls the listener for each event until the channel has closed and everything was delivered, or until
     * {@code deadlineNanos} (a {@link System#nanoTime()} value; {@code Long.MAX_VALUE} for none).
     *
     * @return {@code true} if all output was delivered and the channel closed, {@code false} on the deadline
     * @throws SshCommandException if the listener threw (the command has been terminated)
     * @throws InterruptedException if the consumer thread was interrupted
     */
    public boolean dispatch(CaptureChannel channel, OutputListener listener, long deadlineNanos)
            throws SshCommandException, InterruptedException {
        while (true) {
            Event event = queue.poll();
            if (event != null) {
                deliver(channel, listener, event);
                continue;
            }
            if (channelClosed) {
                event = queue.poll(); // onClosed follows the last offer on the reader thread
                if (event == null) {
                    return true;
                }
                deliver(channel, listener, event);
                continue;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(this, Math.min(left, 100_000_000L));
        }
    }

    private void deliver(CaptureChannel channel, OutputListener listener, Event event) throws SshCommandException {
        try {
            listener.onOutput(event.kind(), event.chunk());
        } catch (Exception e) {
            SshCommandException failure = new SshCommandException(command, "output listener failed: " + e, e);
            terminate(channel, failure);
            throw failure;
        } finally {
            event.chunk().close();
            channel.grant(event.windowBytes());
        }
    }

    @Override
    protected void releaseBuffers() {
        Event event;
        while ((event = queue.poll()) != null) {
            event.chunk().close();
        }
    }
}
