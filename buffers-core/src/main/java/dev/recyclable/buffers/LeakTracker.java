package dev.recyclable.buffers;

import dev.recyclable.buffers.internal.Chunk;
import dev.recyclable.buffers.internal.StreamLeakEvent;
import java.lang.ref.Cleaner;

/**
 * Watches one stream for becoming unreachable without {@code close()}. It is the stream's
 * {@link Cleaner} action, so it must not reference the stream: it keeps the head of the
 * stream's chunk list instead, which reaches every chunk.
 */
final class LeakTracker implements Runnable {
    private static final Cleaner CLEANER = Cleaner.create(task -> {
        Thread thread = new Thread(task, "recyclable-buffers-leak-detector");
        thread.setDaemon(true);
        return thread;
    });

    private final BufferPool pool;
    private final String tag;
    private final Throwable allocationSite;
    private Cleaner.Cleanable cleanable;
    /** The stream's first chunk; the stream updates it whenever its head changes. */
    volatile Chunk head;
    private volatile boolean released;

    LeakTracker(BufferPool pool, String tag, boolean recordSite) {
        this.pool = pool;
        this.tag = tag;
        this.allocationSite = recordSite ? new AllocationSite(tag) : null;
    }

    String tag() {
        return tag;
    }

    /** How messages name a stream: by its tag where it has one. */
    static String describe(String tag) {
        return "RecyclableOutputStream" + (tag == null ? "" : " '" + tag + "'");
    }

    void register(RecyclableOutputStream stream) {
        this.cleanable = CLEANER.register(stream, this);
    }

    /** The stream released its chunks itself: nothing leaked. */
    void released() {
        released = true;
        head = null;
        cleanable.clean();
    }

    @Override
    public void run() {
        if (released) {
            return;
        }
        Chunk chunks = head;
        head = null;
        pool.streamLeaked(tag, allocationSite);
        StreamLeakEvent.emit(tag, allocationSite);
        pool.reclaimLeaked(chunks);
    }

    /** The stack of the code that created a leaked stream, shown in the leak report. */
    static final class AllocationSite extends Throwable {
        private static final long serialVersionUID = 1L;

        AllocationSite(String tag) {
            super(describe(tag) + " was created here and never closed");
        }
    }
}
