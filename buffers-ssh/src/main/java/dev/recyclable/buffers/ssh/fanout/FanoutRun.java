package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.ssh.CommandOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One command fanned out to many targets ({@link FanoutExecutor#start}). Results arrive as targets finish, in
 * completion order, each exactly once: to the {@link ResultListener} if one was given, otherwise through
 * {@link #iterator()} / {@link #poll(Duration)}. The receiver owns each {@link TargetResult} and closes it.
 * Buffer-free {@link TargetOutcome}s are also available as futures per target, and {@link #progress()} at any time.
 *
 * <p>{@link #close()} cancels what is still running and closes the results nobody took, so try-with-resources
 * around a run leaks nothing even when the caller stops early. Thread-safe.
 */
public final class FanoutRun implements AutoCloseable, Iterable<TargetResult> {

    private final FanoutExecutor executor;
    private final ResultListener listener;
    private final CommandOptions options;
    final List<CommandTask> tasks;
    private final List<CompletableFuture<TargetOutcome>> outcomes;
    private final CompletableFuture<List<TargetOutcome>> completion = new CompletableFuture<>();
    private final LinkedBlockingQueue<TargetResult> ready = new LinkedBlockingQueue<>();
    private final AtomicInteger taken = new AtomicInteger();

    private volatile boolean cancelled;
    private volatile boolean closed;
    private volatile FanoutProgress progress;
    private int delivered; // dispatch thread

    FanoutRun(FanoutExecutor executor, List<FanoutTarget> targets, String command, CommandOptions options,
              ResultListener listener) {
        this.executor = executor;
        this.listener = listener;
        this.options = options;
        List<CommandTask> list = new ArrayList<>(targets.size());
        List<CompletableFuture<TargetOutcome>> futures = new ArrayList<>(targets.size());
        for (int i = 0; i < targets.size(); i++) {
            FanoutTarget target = targets.get(i);
            String cmd = target.command() != null ? target.command() : command;
            if (cmd == null) {
                throw new IllegalArgumentException("target " + target.id() + " has no command and the run has none");
            }
            list.add(new CommandTask(this, i, target, cmd));
            futures.add(new CompletableFuture<>());
        }
        this.tasks = Collections.unmodifiableList(list);
        this.outcomes = Collections.unmodifiableList(futures);
        this.progress = new FanoutProgress(list.size(), list.size(), 0, 0, 0, 0);
        if (list.isEmpty()) {
            completion.complete(List.of());
        }
    }

    // ------------------------------------------------------------------ public API

    /** Counts right now: waiting, running, completed, failed. */
    public FanoutProgress progress() {
        return progress;
    }

    /** The outcome of the target at {@code index} in the list given to {@code start}. */
    public CompletableFuture<TargetOutcome> outcome(int index) {
        return outcomes.get(index);
    }

    /**
     * One future per target, in target order. They complete on the executor's dispatch thread: dependent stages
     * added without an executor run there, so keep them short and non-blocking.
     */
    public List<CompletableFuture<TargetOutcome>> outcomes() {
        return outcomes;
    }

    /** Completes with every outcome (in target order) once every result was delivered. */
    public CompletableFuture<List<TargetOutcome>> completion() {
        return completion;
    }

    /** Waits for every target to finish; returns {@code false} on timeout. */
    public boolean await(Duration timeout) throws InterruptedException {
        try {
            completion.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    /**
     * The next result to finish, waiting at most {@code timeout}; {@code null} on timeout or when every result was
     * taken. The caller owns it.
     *
     * @throws IllegalStateException if the run delivers to a {@link ResultListener}
     */
    public TargetResult poll(Duration timeout) throws InterruptedException {
        requireIteratorMode();
        if (taken.get() >= tasks.size()) {
            return null;
        }
        TargetResult r = ready.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (r != null) {
            taken.incrementAndGet();
        }
        return r;
    }

    /**
     * Results in completion order, blocking in {@code next()} until the next one finishes; ends after the last
     * target. Each result returned is owned by the caller. One consumer at a time.
     * An interrupt while waiting ends with an {@link IllegalStateException} (interrupt flag set again).
     *
     * @throws IllegalStateException if the run delivers to a {@link ResultListener}
     */
    @Override
    public Iterator<TargetResult> iterator() {
        requireIteratorMode();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return taken.get() < tasks.size();
            }

            @Override
            public TargetResult next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                try {
                    TargetResult r = ready.take();
                    taken.incrementAndGet();
                    return r;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted waiting for the next fan-out result", e);
                }
            }
        };
    }

    /**
     * Stops the run: targets not started fail with {@link FailureKind#CANCELLED} at once; running commands are
     * killed and their channels closed, and they fail with {@code CANCELLED} when the server confirms (their
     * buffers are released then). Results already delivered stay valid. Returns at once. Idempotent.
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

    /** Whether every target has finished and been delivered. */
    public boolean isDone() {
        return completion.isDone();
    }

    /**
     * Cancels whatever is still running and closes every result not taken from the iterator, now and as they
     * arrive. Does not wait.
     */
    @Override
    public void close() {
        closed = true;
        if (!completion.isDone()) {
            cancel();
        }
        TargetResult r;
        while ((r = ready.poll()) != null) {
            r.close();
        }
    }

    @Override
    public String toString() {
        return "FanoutRun[" + progress + (cancelled ? ", cancelled" : "") + "]";
    }

    // ------------------------------------------------------------------ dispatch thread

    CommandOptions options() {
        return options;
    }

    void markStarted() {
        FanoutProgress p = progress;
        progress = new FanoutProgress(p.total(), p.waiting() - 1, p.running() + 1, p.completed(), p.failed(),
                p.nonZeroExit());
    }

    /** Hands a finished target's result to its receiver. Dispatch thread only. */
    void deliver(CommandTask task, TargetResult result) {
        TargetOutcome outcome = result.outcome();
        FanoutProgress p = progress;
        boolean failed = outcome.failure() != null;
        boolean nonZero = !failed && !outcome.succeeded();
        progress = new FanoutProgress(p.total(), p.waiting() - (task.started ? 0 : 1),
                p.running() - (task.started ? 1 : 0), p.completed() + (failed ? 0 : 1), p.failed() + (failed ? 1 : 0),
                p.nonZeroExit() + (nonZero ? 1 : 0));
        outcomes.get(task.index).complete(outcome);
        if (++delivered == tasks.size()) {
            // before the last result is handed over: whoever takes it then sees the run complete
            List<TargetOutcome> all = new ArrayList<>(tasks.size());
            for (CompletableFuture<TargetOutcome> f : outcomes) {
                all.add(f.join());
            }
            completion.complete(Collections.unmodifiableList(all));
        }
        if (closed) {
            result.close();
        } else if (listener != null) {
            try {
                listener.onResult(result);
            } catch (RuntimeException | Error e) {
                result.close();
                FanoutExecutor.LOG.warn("fan-out result listener threw; result closed", e);
            }
        } else {
            ready.add(result);
            if (closed) { // close() raced with us: it may have drained the queue before our add
                TargetResult r;
                while ((r = ready.poll()) != null) {
                    r.close();
                }
            }
        }
    }

    private void requireIteratorMode() {
        if (listener != null) {
            throw new IllegalStateException("this run delivers its results to a ResultListener");
        }
    }
}
