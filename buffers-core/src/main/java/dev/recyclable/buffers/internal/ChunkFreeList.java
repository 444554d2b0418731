package dev.recyclable.buffers.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Idle chunks, one lock-free stack per (size class, stripe), in the manner of Okio's
 * segment pool.
 *
 * <p>A thread claims a stack by swapping its head for {@link #BUSY}; a thread that finds
 * {@code BUSY} never waits, it moves on to the next stripe. Claiming the head, rather than
 * compare-and-swapping it, rules out the ABA problem that a recycled node would otherwise cause
 * in a Treiber stack. Stripes are chosen by thread id so that threads mostly touch their own
 * cache lines; a miss on the home stripe probes the others before giving up, because chunks
 * are often released on a different thread than the one that leased them.
 */
public final class ChunkFreeList {
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Chunk[].class);
    /** Slots are spread a cache line apart (16 compressed references) to avoid false sharing. */
    private static final int SLOT_SPACING = 16;
    private static final Chunk BUSY = new Chunk(0, -1, false);

    private final Chunk[] slots;
    /**
     * Successful pops per slot. Written only by the thread holding the slot's claim, so counting
     * costs no atomic; the claim's release store publishes it.
     */
    private final long[] pops;
    private final int stripeMask;
    private final int stripes;

    public ChunkFreeList(int sizeClasses, int stripes) {
        if (Integer.bitCount(stripes) != 1) {
            throw new IllegalArgumentException("stripes must be a power of two: " + stripes);
        }
        this.stripes = stripes;
        this.stripeMask = stripes - 1;
        this.slots = new Chunk[(sizeClasses * stripes + 1) * SLOT_SPACING];
        this.pops = new long[slots.length];
    }

    public static int defaultStripes() {
        return Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors() * 2 - 1));
    }

    private int slot(int sizeClass, int stripe) {
        return (sizeClass * stripes + stripe + 1) * SLOT_SPACING;
    }

    private int homeStripe() {
        return (int) Thread.currentThread().getId() & stripeMask;
    }

    /** Takes an idle chunk of the class, or returns {@code null} if none could be had at once. */
    public Chunk pop(int sizeClass) {
        int home = homeStripe();
        for (int i = 0; i < stripes; i++) {
            int slot = slot(sizeClass, (home + i) & stripeMask);
            if (SLOTS.getAcquire(slots, slot) == null) {
                continue;
            }
            Chunk top = (Chunk) SLOTS.getAndSet(slots, slot, BUSY);
            if (top == BUSY) {
                continue;
            }
            if (top == null) {
                SLOTS.setRelease(slots, slot, (Chunk) null);
                continue;
            }
            pops[slot]++;
            SLOTS.setRelease(slots, slot, top.next);
            top.next = null;
            return top;
        }
        return null;
    }

    /** Pushes an idle chunk; returns {@code false} if every stripe was busy at that moment. */
    public boolean push(Chunk chunk) {
        int home = homeStripe();
        int sizeClass = chunk.sizeClass;
        for (int i = 0; i < stripes; i++) {
            int slot = slot(sizeClass, (home + i) & stripeMask);
            Chunk top = (Chunk) SLOTS.getAndSet(slots, slot, BUSY);
            if (top == BUSY) {
                continue;
            }
            chunk.next = top;
            SLOTS.setRelease(slots, slot, chunk);
            return true;
        }
        return false;
    }

    /** Chunks taken from the idle stacks so far (exact once the pool is quiet). */
    public long pops() {
        VarHandle.acquireFence();
        long total = 0;
        for (long n : pops) {
            total += n;
        }
        return total;
    }

    /**
     * Detaches every idle chunk of a class and returns them as a linked list. Stripes that are
     * busy at this moment are skipped; a later trim catches them.
     */
    public Chunk drain(int sizeClass) {
        Chunk drained = null;
        for (int s = 0; s < stripes; s++) {
            int slot = slot(sizeClass, s);
            Chunk top = (Chunk) SLOTS.getAndSet(slots, slot, BUSY);
            if (top == BUSY) {
                continue;
            }
            SLOTS.setRelease(slots, slot, (Chunk) null);
            while (top != null) {
                Chunk next = top.next;
                top.next = drained;
                drained = top;
                top = next;
            }
        }
        return drained;
    }
}
