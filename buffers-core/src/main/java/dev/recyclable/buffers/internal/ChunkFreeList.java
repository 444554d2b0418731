/*
 * Copyright 2026 The Recyclable Buffers Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.recyclable.buffers.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Idle chunks, kept in stripes chosen by thread id, each stripe holding one stack per size
 * class, in the manner of Okio's segment pool.
 *
 * <p>A thread takes a stripe with one compare-and-set of the stripe's claim word and gives it
 * back with a release store; under the claim it works on plain fields: the stacks, the
 * stripe's idle bytes and its counters. So a warm lease or release costs exactly one atomic
 * instruction. A thread that finds a stripe claimed never waits: it moves on to the next
 * stripe, and only when every stripe is busy does it give up (the pool is a cache: a chunk
 * not kept is garbage, never a leak). A miss on the home stripe probes the others, because
 * chunks are often released on a different thread than the one that leased them.
 *
 * <p>The global cap on idle bytes is split evenly between stripes. A release that would put
 * its home stripe over its share goes to another stripe with room, so the whole cap is usable
 * and the sum over stripes never exceeds it, without a counter that all threads contend on.
 */
public final class ChunkFreeList {
    private static final VarHandle CLAIM = VarHandles.field(MethodHandles.lookup(), Stripe.class, "claim", int.class);

    /** The outcome of {@link #push} when the chunk was not kept. */
    public enum Refusal {
        FULL,
        BUSY
    }

    private final Stripe[] stripes;
    private final int stripeMask;
    private final long budgetPerStripe;

    public ChunkFreeList(int sizeClasses, int stripeCount, long maxIdleBytes) {
        if (Integer.bitCount(stripeCount) != 1) {
            throw new IllegalArgumentException("stripes must be a power of two: " + stripeCount);
        }
        this.stripes = new Stripe[stripeCount];
        for (int i = 0; i < stripeCount; i++) {
            stripes[i] = new Stripe(sizeClasses);
        }
        this.stripeMask = stripeCount - 1;
        this.budgetPerStripe = maxIdleBytes / stripeCount;
    }

    /** Enough stripes that the threads of this machine rarely meet. */
    public static int defaultStripes() {
        return Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors() * 2 - 1));
    }

    private int homeStripe() {
        return (int) Thread.currentThread().getId() & stripeMask;
    }

    /** Takes an idle chunk of the class, or returns {@code null} if none could be had at once. */
    public Chunk pop(int sizeClass) {
        int home = homeStripe();
        for (int i = 0; i <= stripeMask; i++) {
            Stripe s = stripes[(home + i) & stripeMask];
            if (s.heads[sizeClass] == null || !s.tryClaim()) {
                continue; // the unguarded read is only a hint; it is checked again under the claim
            }
            Chunk top = s.heads[sizeClass];
            if (top != null) {
                s.heads[sizeClass] = top.stackNext();
                s.idleBytes -= top.capacity();
                s.pops++;
            }
            s.unclaim();
            if (top != null) {
                top.stackOn(null);
                return top;
            }
        }
        return null;
    }

    /**
     * Keeps an idle chunk; returns {@code null} when kept, else why not: every stripe's share of
     * the cap was used up ({@link Refusal#FULL}), or some stripe with room was busy at that
     * instant ({@link Refusal#BUSY}).
     */
    public Refusal push(Chunk chunk) {
        int home = homeStripe();
        int capacity = chunk.capacity();
        boolean sawBusy = false;
        for (int i = 0; i <= stripeMask; i++) {
            Stripe s = stripes[(home + i) & stripeMask];
            if (s.idleBytes + capacity > budgetPerStripe) {
                continue; // unguarded read: at worst a stripe that just got room is skipped
            }
            if (!s.tryClaim()) {
                sawBusy = true;
                continue;
            }
            boolean kept = s.idleBytes + capacity <= budgetPerStripe;
            if (kept) {
                chunk.stackOn(s.heads[chunk.sizeClass()]);
                s.heads[chunk.sizeClass()] = chunk;
                s.idleBytes += capacity;
            }
            s.unclaim();
            if (kept) {
                return null;
            }
        }
        return sawBusy ? Refusal.BUSY : Refusal.FULL;
    }

    /** Lets go of every idle chunk of a class (to the garbage collector); returns how many there were. */
    public int drain(int sizeClass) {
        int drained = 0;
        for (Stripe s : stripes) {
            s.claimWaiting();
            Chunk top = s.heads[sizeClass];
            s.heads[sizeClass] = null;
            for (Chunk c = top; c != null; c = c.stackNext()) {
                s.idleBytes -= c.capacity();
                drained++;
            }
            s.unclaim();
        }
        return drained;
    }

    /** Idle bytes over all stripes (exact once the pool is quiet). */
    public long idleBytes() {
        return sum(false);
    }

    /** Chunks taken from the idle stacks so far (exact once the pool is quiet). */
    public long pops() {
        return sum(true);
    }

    private long sum(boolean pops) {
        long total = 0;
        for (Stripe s : stripes) {
            s.claimWaiting();
            total += pops ? s.pops : s.idleBytes;
            s.unclaim();
        }
        return total;
    }

    /** One stripe: its claim word and, guarded by it, its stacks and counters. */
    @SuppressWarnings("unused") // the p and q fields keep neighbouring stripes' hot fields off one cache line
    static final class Stripe {
        long p1, p2, p3, p4, p5, p6, p7;
        volatile int claim;
        final Chunk[] heads;
        long idleBytes;
        long pops;
        long q1, q2, q3, q4, q5, q6, q7;

        Stripe(int sizeClasses) {
            this.heads = new Chunk[sizeClasses];
        }

        boolean tryClaim() {
            return CLAIM.compareAndSet(this, 0, 1);
        }

        /** For rare maintenance (trim, stats): waits out the brief claims of other threads. */
        void claimWaiting() {
            while (!tryClaim()) {
                Thread.onSpinWait();
            }
        }

        void unclaim() {
            CLAIM.setRelease(this, 0);
        }
    }
}
