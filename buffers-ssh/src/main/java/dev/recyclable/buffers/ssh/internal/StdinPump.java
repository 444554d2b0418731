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
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes a command's stdin ({@link CommandOptions#stdinBuffer()} or {@link CommandOptions#stdinStream()}) while the
 * command runs, then sends end of file, as {@code ssh host cmd < file} does: concurrently with the output (a
 * command such as {@code cat} writes while it reads), as fast as the server's window allows, for any size. Waits
 * for window have no limit of their own: the command's timeout, its end or a kill stops them (the channel stops
 * taking stdin the moment our close goes out).
 *
 * <p>The pump is part of its command: the command's {@code completion()} comes once the channel has closed
 * <em>and</em> the pump has stopped, so a caller that then closes its stdin buffer never races a pump still reading
 * it. A command that ends before reading all its stdin is not a failure: the pump stops, and the status says how
 * many bytes went out and that stdin was cut short. Only the caller's stream throwing (anything, an Error included:
 * see {@link UserCodeGuard}) fails the command, with that as the cause. A read of the caller's stream that is still
 * blocked when the command has ended is not waited for: the command completes, and that read's bytes are dropped
 * when it returns (the one pooled block it reads into is held until then).
 *
 * <p>Threads: {@link #start()} runs it on a pump thread of its own (a runner's commands: the caller's thread
 * consumes the output meanwhile); {@link #run()} on the calling thread (a fan-out's launcher).
 */
public final class StdinPump implements Runnable {

    private static final int READ_SIZE = 32 * 1024;

    /** One thread per stdin being written, made as needed; idle ones end after 30 s. */
    private static final ExecutorService THREADS =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "ssh-stdin");
                t.setDaemon(true);
                return t;
            });

    /** Not started: a channel that closes now lets the pump go unstarted. */
    private static final int NEW = 0;
    /** In this module's code: the command waits for the pump to stop. */
    private static final int WRITING = 1;
    /** Inside the caller's {@code InputStream.read}: a command that ends now does not wait for it. */
    private static final int READING = 2;
    /** Stopped, or let go by its command: touches its command no more. */
    private static final int OVER = 3;

    /** The pump ran into the end of the channel: thrown out of a visitor, never seen outside. */
    private static final IOException CHANNEL_STOPPED = new ChannelStopped();

    private final CaptureChannel channel;
    private final CommandSink sink;
    private final RecyclableOutputStream buffer;
    private final InputStream stream;
    /** The buffer's length, or -1 for a stream. */
    private final long length;

    private final BufferPool pool;
    private final AtomicInteger state = new AtomicInteger(NEW);
    /** Bytes read from the caller's stream (written before they are sent). */
    private volatile long read;
    /** The caller's stream returned end of file. */
    private volatile boolean sourceEnded;

    private StdinPump(
            CaptureChannel channel,
            CommandSink sink,
            RecyclableOutputStream buffer,
            InputStream stream,
            BufferPool pool) {
        this.channel = channel;
        this.sink = sink;
        this.buffer = buffer;
        this.stream = stream;
        this.length = buffer != null ? buffer.length() : -1;
        this.pool = pool;
    }

    /**
     * The pump for the stdin in {@code options}, made part of {@code sink}'s command, or {@code null} if the
     * command has none (then send end of file right after the exec). Call before the channel can close.
     */
    public static StdinPump of(CommandOptions options, CaptureChannel channel, CommandSink sink, BufferPool pool) {
        if (options.stdinBuffer() == null && options.stdinStream() == null) {
            return null;
        }
        StdinPump pump = new StdinPump(channel, sink, options.stdinBuffer(), options.stdinStream(), pool);
        sink.feedsStdin(pump);
        return pump;
    }

    /** Starts writing on a pump thread; call once the server accepted the command. */
    public void start() {
        THREADS.execute(this);
    }

    /** Writes stdin on the calling thread until it is all sent or the channel stops taking it. */
    @Override
    public void run() {
        if (!state.compareAndSet(NEW, WRITING)) {
            return; // the command ended before it could be started
        }
        Throwable callers = null;
        Throwable ours = null;
        try {
            if (buffer != null ? feedBuffer() : feedStream()) {
                channel.sendEof();
            }
        } catch (CallersStreamFailed e) {
            callers = e.getCause();
        } catch (Throwable e) { // whatever it is, the command must learn that its stdin stopped
            ours = e;
        }
        if (!state.compareAndSet(WRITING, OVER)) {
            return; // let go by its command, which has ended
        }
        if (callers != null) {
            sink.terminate(channel, UserCodeGuard.commandFailed(sink.command(), "the stdin stream", callers));
        } else if (ours != null && ours != CHANNEL_STOPPED && !channel.isFinished()) {
            sink.terminate(channel, new SshCommandException(sink.command(), "could not write stdin: " + ours, ours));
        }
        sink.stdinDone();
    }

    // ---------------------------------------------------------------- for the command's status (reader thread)

    /** Stdin bytes that went out; exact once the channel is finished. */
    long bytesSent() {
        return channel.stdinBytes();
    }

    /**
     * Whether all of stdin went out: the buffer's every byte, or the stream read to its end and all of it sent.
     * Exact once the channel is finished; a stream whose end was not read by then counts as cut short.
     */
    boolean complete() {
        long sent = channel.stdinBytes();
        return length >= 0 ? sent == length : sourceEnded && sent == read;
    }

    /**
     * The command's channel has finished: lets go of a pump that never started or is inside the caller's read
     * (the command does not wait for it). Returns whether it did: else the pump stops by itself shortly and says so.
     */
    boolean letGoIfIdle() {
        return state.compareAndSet(NEW, OVER) || state.compareAndSet(READING, OVER);
    }

    // ---------------------------------------------------------------- writing

    /** Straight from the chunks: no copy before the transport's encryption. */
    private boolean feedBuffer() throws IOException {
        try {
            HeapSegments.forEach(buffer, READ_SIZE, (array, offset, n) -> {
                if (!channel.writeStdin(array, offset, n, Durations.UNLIMITED)) {
                    throw CHANNEL_STOPPED;
                }
            });
            return true;
        } catch (IOException e) {
            if (e == CHANNEL_STOPPED) {
                return false;
            }
            throw e;
        }
    }

    /**
     * Reads into pooled chunk space. Each block is committed before it is sent and the scratch stream reset after,
     * so the pool knows the chunk held data and zeroes it before anyone else sees it (stdin may be a secret).
     */
    private boolean feedStream() throws IOException, CallersStreamFailed {
        try (RecyclableOutputStream scratch = pool.newStream("ssh-stdin-scratch")) {
            byte[] heapBlock = null; // a direct pool's chunks: sshj sends from arrays
            while (true) {
                ByteBuffer space = scratch.writableBuffer(READ_SIZE);
                byte[] array;
                int offset;
                int room;
                if (space.hasArray()) {
                    array = space.array();
                    offset = space.arrayOffset() + space.position();
                    room = Math.min(space.remaining(), READ_SIZE);
                } else {
                    if (heapBlock == null) {
                        heapBlock = new byte[READ_SIZE];
                    }
                    array = heapBlock;
                    offset = 0;
                    room = READ_SIZE;
                }
                int n = readCallers(array, offset, room);
                if (n == STOP) {
                    return false;
                }
                if (n < 0) {
                    sourceEnded = true;
                    return true;
                }
                if (space.hasArray()) {
                    scratch.commit(n);
                }
                read += n;
                if (!channel.writeStdin(array, offset, n, Durations.UNLIMITED)) {
                    return false;
                }
                scratch.reset();
            }
        }
    }

    /** {@link #readCallers} to its caller: stop writing (the command has ended, or let the pump go). */
    private static final int STOP = Integer.MIN_VALUE;

    /**
     * One read of the caller's stream, during which a command that ends lets the pump go (the state says
     * "reading" before the command's end is looked at, and the command looks at the state after it ended: one of
     * the two sees the other).
     */
    private int readCallers(byte[] array, int offset, int room) throws CallersStreamFailed {
        state.set(READING); // only this thread leaves WRITING
        if (sink.channelEnded()) { // ended before we said "reading": no read to start
            state.compareAndSet(READING, WRITING); // or let go already: run() sees which
            return STOP;
        }
        int n;
        try {
            n = stream.read(array, offset, room);
        } catch (Throwable t) { // the caller's code: see UserCodeGuard
            if (!state.compareAndSet(READING, WRITING)) {
                return STOP; // the command is over: nobody waits for what its stdin did
            }
            throw new CallersStreamFailed(t);
        }
        return state.compareAndSet(READING, WRITING) ? n : STOP;
    }

    /** See {@link #CHANNEL_STOPPED}: no stack trace, it is a signal. */
    private static final class ChannelStopped extends IOException {
        private static final long serialVersionUID = 1L;

        ChannelStopped() {
            super("the channel stopped taking stdin");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** What the caller's stream threw, carried past our own code to {@link #run()}. */
    private static final class CallersStreamFailed extends Exception {
        private static final long serialVersionUID = 1L;

        CallersStreamFailed(Throwable thrown) {
            super(null, thrown, false, false);
        }
    }
}
