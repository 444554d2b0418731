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
package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.internal.UserCodeGuard;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.internal.time.Waits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * One command fanned out to many targets ({@link FanoutExecutor#start}). Results arrive as targets finish, in
 * completion order, each exactly once: to the {@link ResultListener} if one was given, otherwise through
 * {@link #iterator()} / {@link #poll(Duration)}. The receiver owns each {@link TargetResult} and closes it.
 * {@link #progress()} is available at any time.
 *
 * <p>Two kinds of run:
 * <ul>
 *   <li><b>Listed</b> ({@code start(List, ...)}): the run also keeps one buffer-free {@link TargetOutcome} future
 *       per target ({@link #outcomes()}, {@link #completion()}), so its memory grows with the list (about 100 bytes
 *       per target on top of the caller's list).</li>
 *   <li><b>Streamed</b> ({@code start(Iterator, ...)}): targets are read from the iterator only as slots free up,
 *       and nothing is kept per finished target; memory is bounded by what is in flight plus the results waiting
 *       for the consumer, of which there are at most {@code maxInFlight}: the run reads no further targets while
 *       that many wait (so a consumer that never takes results stalls the run). {@link #outcomes()} and
 *       {@link #completion()} are not available; {@link #finished()} reports the final counts.</li>
 * </ul>
 *
 * <p>Memory of a finished target: its {@link TargetResult} holds the captured output chunks and its outcome, and
 * nothing of sshj (channel, connection, threads); closing it gives the chunks back.
 *
 * <p>{@link #close()} cancels what is still running and closes the results nobody took, so try-with-resources
 * around a run leaks nothing even when the caller stops early. Thread-safe.
 */
public final class FanoutRun implements AutoCloseable, Iterable<TargetResult> {

    /** Queued after the last result, so that a consumer blocked in {@code take()} learns that the run is over. */
    private static final TargetResult END = new TargetResult(null, null);

    private final FanoutExecutor executor;
    private final ResultListener listener;
    private final CommandOptions options;
    private final String command;
    /** {@code null} for a streamed run. */
    private final List<CompletableFuture<TargetOutcome>> outcomes;

    private final CompletableFuture<List<TargetOutcome>> completion;
    private final CompletableFuture<FanoutProgress> finished = new CompletableFuture<>();
    private final LinkedBlockingQueue<TargetResult> ready = new LinkedBlockingQueue<>();

    private volatile boolean cancelled;
    private volatile boolean closed;
    private volatile boolean endTaken;
    private volatile FanoutProgress progress;
    /** Set by the dispatch thread when it stopped reading a streamed run's source for lack of a consumer. */
    private volatile boolean waitingForConsumer;

    // dispatch thread
    private Iterator<? extends FanoutTarget> source;
    private int read;
    private int delivered;
    private int running;
    private int completed;
    private int failed;
    private int nonZeroExit;
    private final UnfinishedTasks unfinished = new UnfinishedTasks();

    private FanoutRun(
            FanoutExecutor executor,
            Iterator<? extends FanoutTarget> source,
            int listedTotal,
            String command,
            CommandOptions options,
            ResultListener listener) {
        this.executor = executor;
        this.listener = listener;
        this.options = options;
        this.command = command;
        this.source = source;
        this.outcomes = listedTotal < 0
                ? null
                : Stream.<CompletableFuture<TargetOutcome>>generate(CompletableFuture::new)
                        .limit(listedTotal)
                        .toList(); // unmodifiable
        this.completion = listedTotal < 0 ? null : new CompletableFuture<>();
        this.progress = new FanoutProgress(Math.max(0, listedTotal), Math.max(0, listedTotal), 0, 0, 0, 0);
    }

    /** A run over a list (copied); every target must have a command if {@code command} is {@code null}. */
    static FanoutRun listed(
            FanoutExecutor executor,
            List<FanoutTarget> targets,
            String command,
            CommandOptions options,
            ResultListener listener) {
        List<FanoutTarget> copy = List.copyOf(targets);
        if (command == null) {
            for (FanoutTarget t : copy) {
                if (t.command() == null) {
                    throw new IllegalArgumentException("target " + t.id() + " has no command and the run has none");
                }
            }
        }
        FanoutRun run = new FanoutRun(executor, copy.iterator(), copy.size(), command, options, listener);
        if (copy.isEmpty()) {
            run.endOfSource(null);
        }
        return run;
    }

    static FanoutRun streamed(
            FanoutExecutor executor,
            Iterator<? extends FanoutTarget> targets,
            String command,
            CommandOptions options,
            ResultListener listener) {
        return new FanoutRun(executor, targets, -1, command, options, listener);
    }

    // ------------------------------------------------------------------ public API

    /**
     * Counts right now: waiting, running, completed, failed. For a streamed run, {@code total} counts the targets
     * read from the iterator so far (final once {@link #finished()} completes).
     */
    public FanoutProgress progress() {
        return progress;
    }

    /** Whether targets come from an iterator (nothing kept per finished target) rather than a list. */
    public boolean isStreamed() {
        return outcomes == null;
    }

    /**
     * The outcome of the target at {@code index} in the list given to {@code start}.
     *
     * @throws IllegalStateException for a streamed run, which keeps no per-target state
     */
    public CompletableFuture<TargetOutcome> outcome(int index) {
        return requireListed().get(index);
    }

    /**
     * One future per target, in target order. They complete on the executor's dispatch thread: dependent stages
     * added without an executor run there, so keep them short and non-blocking.
     *
     * @throws IllegalStateException for a streamed run, which keeps no per-target state
     */
    public List<CompletableFuture<TargetOutcome>> outcomes() {
        return requireListed();
    }

    /**
     * Completes with every outcome (in target order) once every result was delivered (to a listener: once its
     * last call returned), or exceptionally with what the {@link ResultListener} first threw, if it threw.
     *
     * @throws IllegalStateException for a streamed run: use {@link #finished()}
     */
    public CompletableFuture<List<TargetOutcome>> completion() {
        requireListed();
        return completion;
    }

    /**
     * Completes with the final counts once every target read was delivered (listed and streamed runs; to a
     * {@link ResultListener}: once its last call returned, so that everything it did happens-before), or
     * exceptionally with what the caller's code first threw: the target iterator (the targets read before still
     * ran and were delivered) or the result listener (the other targets were still delivered).
     */
    public CompletableFuture<FanoutProgress> finished() {
        return finished;
    }

    /**
     * Waits for every target to finish and be delivered (to a listener: for its last call to return); returns
     * {@code false} on timeout. A streamed run without a listener only finishes while its results are taken. A
     * timeout too long to count (over about 292 years, {@code ChronoUnit.FOREVER}) waits without a limit.
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     * @throws IllegalStateException    if the target iterator or the result listener threw an exception (its cause);
     *                                  an {@link Error} they threw is rethrown as itself
     */
    public boolean await(Duration timeout) throws InterruptedException {
        long nanos = Durations.toNanos(Durations.check(timeout, "timeout"));
        try {
            Waits.get(finished, nanos);
            return true;
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "the caller's code failed during the run: " + e.getCause(),
                    UserCodeGuard.rethrowError(e.getCause()));
        } catch (TimeoutException e) {
            return false;
        }
    }

    /**
     * The next result to finish, waiting at most {@code timeout}; {@code null} on timeout or when every result was
     * taken. The caller owns it. A timeout too long to count waits without a limit.
     *
     * @throws IllegalStateException    if the run delivers to a {@link ResultListener}
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public TargetResult poll(Duration timeout) throws InterruptedException {
        long nanos = Durations.toNanos(Durations.check(timeout, "timeout")); // UNLIMITED: as good as take()
        requireIteratorMode();
        if (endTaken) {
            return null;
        }
        TargetResult r = ready.poll(nanos, TimeUnit.NANOSECONDS);
        return taken(r);
    }

    /**
     * Results in completion order, blocking in {@code hasNext()} until the next one finishes; ends after the last
     * target. Each result returned is owned by the caller. One consumer at a time.
     * An interrupt while waiting ends with an {@link IllegalStateException} (interrupt flag set again).
     *
     * @throws IllegalStateException if the run delivers to a {@link ResultListener}
     */
    @Override
    public Iterator<TargetResult> iterator() {
        requireIteratorMode();
        return new Iterator<>() {
            private TargetResult next;

            @Override
            public boolean hasNext() {
                if (next != null) {
                    return true;
                }
                if (endTaken) {
                    return false;
                }
                try {
                    next = taken(ready.take());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted waiting for the next fan-out result", e);
                }
                return next != null;
            }

            @Override
            public TargetResult next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                TargetResult r = next;
                next = null;
                return r;
            }
        };
    }

    /**
     * Stops the run: targets not started fail with {@link FailureKind#CANCELLED} at once (for a streamed run, the
     * iterator is simply not read any further); running commands are killed and their channels closed, and they
     * fail with {@code CANCELLED} when the server confirms (their buffers are released then). Results already
     * delivered stay valid. Returns at once. Idempotent.
     */
    public void cancel() {
        if (!cancelled) {
            cancelled = true;
            executor.cancel(this);
        }
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** Whether every target has finished and been delivered (to a listener: its last call returned). */
    public boolean isDone() {
        return finished.isDone();
    }

    /**
     * Cancels whatever is still running and closes every result not taken from the iterator, now and as they
     * arrive. Does not wait.
     */
    @Override
    public void close() {
        closed = true;
        if (!finished.isDone()) {
            cancel();
        }
        drainClosed();
        if (waitingForConsumer) {
            waitingForConsumer = false;
            executor.resume(this);
        }
    }

    @Override
    public String toString() {
        return "FanoutRun[" + progress + (cancelled ? ", cancelled" : "") + "]";
    }

    // ------------------------------------------------------------------ consumer side

    private TargetResult taken(TargetResult r) {
        if (r == END) {
            endTaken = true;
            ready.add(END); // a later poll or iterator sees the end too
            return null;
        }
        if (r != null && waitingForConsumer) {
            waitingForConsumer = false;
            executor.resume(this);
        }
        return r;
    }

    private void drainClosed() {
        boolean end = false;
        TargetResult r;
        while ((r = ready.poll()) != null) {
            if (r == END) {
                end = true;
            } else {
                r.close();
            }
        }
        if (end) {
            ready.add(END);
        }
    }

    // ------------------------------------------------------------------ dispatch thread

    CommandOptions options() {
        return options;
    }

    /**
     * Whether a streamed run must stop reading targets: {@code limit} of its results wait for the consumer.
     * Dekker-style with {@link #taken}: we publish the flag, then look at the queue; the consumer takes, then looks
     * at the flag; one of the two sees the other, so a stall is always resumed.
     */
    boolean mustWaitForConsumer(int limit) {
        if (outcomes != null || listener != null || closed || ready.size() < limit) {
            return false;
        }
        waitingForConsumer = true;
        if (ready.size() < limit) {
            waitingForConsumer = false;
            return false;
        }
        return true;
    }

    /** The next target as a task, or {@code null} when the source is exhausted (or threw: the run then fails). */
    CommandTask next() {
        if (source == null) {
            return null;
        }
        FanoutTarget target;
        try {
            if (!source.hasNext()) {
                endOfSource(null);
                return null;
            }
            target = source.next();
            if (target == null) {
                throw new NullPointerException("the target iterator returned null");
            }
        } catch (Throwable t) { // the caller's code: see UserCodeGuard
            FanoutExecutor.LOG.log(
                    System.Logger.Level.WARNING, "fan-out target iterator failed; no more targets are read", t);
            endOfSource(t);
            return null;
        }
        CommandTask task = new CommandTask(this, read++, target, target.command() != null ? target.command() : command);
        publishProgress();
        return task;
    }

    /** A cancelled run: no more targets are admitted; a listed run reports every remaining one to {@code failer}. */
    void abandonSource(Consumer<CommandTask> failer) {
        if (outcomes != null) {
            CommandTask t;
            while ((t = next()) != null) {
                failer.accept(t);
            }
        } else if (source != null) {
            endOfSource(null);
        }
    }

    private Throwable sourceFailure;
    /** What the result listener threw first, or {@code null}. */
    private Throwable listenerFailure;

    private void endOfSource(Throwable failure) {
        source = null;
        sourceFailure = failure;
        if (delivered == read) {
            complete();
            if (listener == null) {
                ready.add(END);
            }
        }
    }

    /** Its admitted tasks not finished yet (for a cancel that costs O(in flight)). Dispatch thread only. */
    UnfinishedTasks unfinished() {
        return unfinished;
    }

    void markStarted() {
        running++;
        publishProgress();
    }

    /** Hands a finished target's result to its receiver. Dispatch thread only. */
    void deliver(CommandTask task, TargetResult result) {
        TargetOutcome outcome = result.outcome();
        boolean fail = outcome.failure() != null;
        running -= task.started ? 1 : 0;
        completed += fail ? 0 : 1;
        failed += fail ? 1 : 0;
        nonZeroExit += !fail && !outcome.succeeded() ? 1 : 0;
        delivered++;
        publishProgress();
        if (outcomes != null) {
            outcomes.get(task.index).complete(outcome);
        }
        boolean last = source == null && delivered == read;
        if (last && listener == null) {
            complete(); // before the last result is queued: whoever takes it then sees the run complete
        }
        if (closed) {
            result.close();
        } else if (listener != null) {
            try {
                listener.onResult(result);
            } catch (Throwable t) { // the caller's code: see UserCodeGuard
                result.close(); // idempotent: the listener may have closed it
                if (listenerFailure == null) {
                    listenerFailure = t;
                }
                FanoutExecutor.LOG.log(
                        System.Logger.Level.WARNING,
                        "fan-out result listener threw; result of "
                                + outcome.target().id() + " closed",
                        t);
            }
        } else {
            ready.add(result);
            if (closed) { // close() raced with us: it may have drained the queue before our add
                drainClosed();
            }
        }
        if (last) {
            if (listener != null) {
                complete(); // after the listener's last call: a wait that returns sees all it did
            } else {
                ready.add(END);
            }
        }
    }

    private void complete() {
        FanoutProgress p = progress;
        Throwable failure = sourceFailure != null ? sourceFailure : listenerFailure;
        if (outcomes != null) {
            if (failure != null) {
                completion.completeExceptionally(failure);
            } else {
                List<TargetOutcome> all = new ArrayList<>(outcomes.size());
                for (CompletableFuture<TargetOutcome> f : outcomes) {
                    all.add(f.join());
                }
                completion.complete(Collections.unmodifiableList(all));
            }
        }
        if (failure != null) {
            finished.completeExceptionally(failure);
        } else {
            finished.complete(p);
        }
    }

    private void publishProgress() {
        int total = outcomes != null ? outcomes.size() : read;
        progress = new FanoutProgress(
                total, total - running - completed - failed, running, completed, failed, nonZeroExit);
    }

    private List<CompletableFuture<TargetOutcome>> requireListed() {
        if (outcomes == null) {
            throw new IllegalStateException("a streamed run keeps no per-target outcomes: take its results");
        }
        return outcomes;
    }

    private void requireIteratorMode() {
        if (listener != null) {
            throw new IllegalStateException("this run delivers its results to a ResultListener");
        }
    }
}
