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

import dev.recyclable.buffers.ssh.internal.CapturingSink;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import java.util.concurrent.ScheduledFuture;

/**
 * One target of one run, as it moves through admission, a host's wait queue, a channel and delivery. Fields
 * without {@code volatile} belong to the dispatch thread; the volatile ones are written by a launcher thread.
 * Created when the target is admitted (not before) and unreachable once delivered: it is linked only into its
 * run's list of unfinished tasks, and {@link #release()} drops its references to the channel and connection so
 * that nothing of sshj is kept by a finished target.
 */
final class CommandTask {

    final FanoutRun run;
    final int index;
    final FanoutTarget target;
    final String command;

    boolean admitted; // holds one of the executor's in-flight slots
    boolean started; // the command was sent and accepted
    boolean finished; // delivered
    int attempts; // channel opens tried
    long syncMark = -1; // >= 0: round trip before the open, covering the connection's closes up to this count
    PooledConnection connection;
    ScheduledFuture<?> timeout;
    /** The run's unfinished tasks, doubly linked (O(1) add and remove, no allocation): cancel visits only these. */
    CommandTask prevUnfinished;

    CommandTask nextUnfinished;

    volatile CaptureChannel channel;
    volatile CapturingSink sink;
    volatile PipelinedStart start;
    /** Why the launcher could not even send the open, or {@code null}. */
    volatile Throwable launchFailure;

    /** Whether exec went out: from then on the command may have run, so it is never retried. */
    boolean execSent() {
        PipelinedStart s = start;
        return s != null && s.execSent();
    }

    /** Why the start failed before the command could run, or {@code null}. */
    Throwable startFailure() {
        PipelinedStart s = start;
        return launchFailure != null ? launchFailure : s != null ? s.startFailure() : null;
    }

    CommandTask(FanoutRun run, int index, FanoutTarget target, String command) {
        this.run = run;
        this.index = index;
        this.target = target;
        this.command = command;
    }

    /** Delivered: forget the channel, sink, start and timer (the connection stays for a late {@code ended}). */
    void release() {
        channel = null;
        sink = null;
        start = null;
        timeout = null;
    }

    @Override
    public String toString() {
        return "task[" + target.id() + " #" + index + "]";
    }
}
