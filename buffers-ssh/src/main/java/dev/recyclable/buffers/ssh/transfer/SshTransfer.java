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
package dev.recyclable.buffers.ssh.transfer;

import static dev.recyclable.buffers.ssh.transfer.TransferChannels.awaitClose;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.awaitCompletion;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.checkEnd;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.connectionFailed;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.describe;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.failure;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.parseSize;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.remoteSaid;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.reportedExit;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.start;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.stopGrace;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.stopUpload;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.succeeded;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.internal.HeapSegments;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.internal.time.Waits;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.ssh.transfer.internal.ChunkRing;
import dev.recyclable.buffers.ssh.transfer.internal.DownloadChannelSink;
import dev.recyclable.buffers.ssh.transfer.internal.FileModes;
import dev.recyclable.buffers.ssh.transfer.internal.LocalSink;
import dev.recyclable.buffers.ssh.transfer.internal.PartFile;
import dev.recyclable.buffers.ssh.transfer.internal.ShellCommands;
import dev.recyclable.buffers.ssh.transfer.internal.StderrTail;
import dev.recyclable.buffers.ssh.transfer.internal.UploadChannelSink;
import dev.recyclable.buffers.ssh.transfer.internal.UploadSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import net.schmizz.sshj.SSHClient;

/**
 * Bulk transfer over SSH at line rate: remote files and command output down into streams, channels, files and
 * pooled streams; streams, files and pooled streams up into remote files and command input.
 *
 * <pre>{@code
 * SshTransfer transfer = SshTransfer.over(runner);
 * TransferResult r = transfer.download(RemoteSource.file("/var/backups/db.dump"), Path.of("db.dump"));
 * transfer.upload(Path.of("site.tar"), RemoteTarget.file("/srv/site.tar"));
 * }</pre>
 *
 * <h2>How it moves the bytes</h2>
 * <ul>
 *   <li><b>exec + {@code cat}, not SFTP or SCP.</b> Each transfer is one session channel running {@code cat}
 *       (download) or {@code cat > part && mv part file} (upload); sshj's SFTP and SCP are slower and allocate
 *       per packet.</li>
 *   <li><b>One copy per packet, no allocation per packet:</b> sshj's reader thread copies each decrypted
 *       payload from its packet buffer into a ring of pooled chunks ({@link ChunkRing}); the calling thread
 *       writes straight from those chunks into the sink and only then grants the window back, so decryption
 *       and writing overlap on two cores. The caller is woken per batch (a quarter window, at most
 *       256&nbsp;KiB, or 5&nbsp;ms), not per packet.</li>
 *   <li><b>Window and packets:</b> downloads use their own channel with a 4&nbsp;MiB window and allow packets up
 *       to the 255&nbsp;KiB sshj's decoder takes (the server chooses the packet size within that). Memory is
 *       the window, leased once per transfer, whatever the size transferred.</li>
 *   <li><b>Uploads</b> read the source into one pooled chunk and hand it to the channel, which splits it into
 *       the server's packet size; a pooled-stream source is sent straight from its chunks.</li>
 * </ul>
 *
 * <h2>Cipher choice</h2>
 * The connection's config picks the cipher; a transfer cannot change it. {@code SshConfigs.shared()}, which
 * {@link SshRunner} uses, puts the JDK provider's {@code aes128-gcm@openssh.com} first: AES-NI intrinsics and
 * the fastest choice, but the JDK builds a new GCM engine for every packet's IV, so some garbage per packet
 * remains. {@code SshConfigs.lowAllocationTransfer()} (CTR with encrypt-then-MAC HMAC-SHA-256 from
 * {@code JdkCtrCipherFactory} and {@code JdkHmacFactory}) allocates nothing per packet and is slower, because
 * HMAC-SHA-256 is slower than GCM on both ends. BENCHMARKS.md gives the throughput and allocation of each.
 *
 * <h2>Integrity</h2>
 * A remote file's size is taken before it is streamed and the download fails unless exactly that many bytes
 * arrive and {@code cat} exits 0. Downloads to a {@link Path} go to a {@code .name.part-xxxx} file that is forced
 * to disk and renamed over the target only after verification; uploads to a remote file do the same on the
 * server, where the shell checks the received length before the rename. A target that is a directory (or a link to
 * one), a FIFO, a device or a socket is refused on either side, before anything moves and again just before the
 * rename. A failed transfer leaves the target name untouched and deletes its part file (a server killed outright
 * cannot clean its own part file, but it never carries the target's name).
 *
 * <h2>Permissions</h2>
 * As with OpenSSH's {@code scp}: a target that exists keeps its permission bits (read, write, execute for owner,
 * group and others), which the complete file gets just before it is renamed over it; a new file gets the source's
 * permission bits minus the receiving side's umask (a remote file's bits as {@code ls -l} shows them, a local
 * file's; {@code 0666} for a stream, a pooled stream or a command's output, as for any file a program creates).
 * Set-user-ID, set-group-ID and sticky bits are not carried. A part file is private (owner only) while it is
 * incomplete. The rename makes the target a new file: its owner and group are the writing user's, hard links to
 * the old file keep the old content, and a read-only target is replaced too (a rename needs only the directory's
 * write permission, as with {@code rsync}). Local file systems without POSIX permissions keep their defaults.
 *
 * <h2>Stopping and failures</h2>
 * A transfer stops early when its thread is interrupted (noticed between chunks and in every wait), when its
 * {@link TransferListener} throws, when nothing moves for {@link TransferOptions#idleTimeout()} (which bounds every
 * wait for the server: its replies, its data, its window for more of an upload, its verdict), when the connection
 * fails, or when the runner it was made over closes ({@link #over(SshRunner)}). It then stops the remote side and
 * waits for the server to confirm, for up to 5&nbsp;s (or the idle timeout, if shorter), even when interrupted (the
 * interrupt stays set), so that when the method throws, the part files on both sides are gone. An upload's shell is
 * sent {@code TERM}, on which its trap removes the part file ({@code KILL} would not let it), and its input is ended;
 * a lost connection ends its input, on which it does the same. A download's command, and an upload's command
 * target, are killed.
 *
 * <p>What the caller gets follows one rule, whoever threw (the listener, the caller's stream or channel, the JDK,
 * the connection): an {@link Error} is rethrown as itself once the transfer has been stopped and cleaned up; anything
 * else becomes the cause of a {@link TransferException}, which says how many bytes moved (after the runner's close,
 * the cause is a {@code CommandCancelledException}). A returned {@link TransferResult} means the transfer completed;
 * an exception means the target is as it was. The one case that cannot be known: an upload's connection lost after
 * its last byte was sent and before the server reported; the exception then says that the upload may have
 * completed.
 *
 * <h2>Buffers</h2>
 * The ring's chunks (one window's worth) and the upload buffer (one chunk) are leased from the pool when a
 * transfer starts and returned when it ends, successful or not. Nothing is handed to the caller, except by
 * {@link #download(RemoteSource, RecyclableOutputStream)}, which appends to the caller's stream.
 *
 * <p>Thread-safe: several transfers may run at once on one connection (each on its own calling thread, each in
 * its own channel). A transfer runs on the calling thread and blocks it until done.
 */
public final class SshTransfer {

    private static final int STDERR_KEPT = 4096;

    private final SSHClient client;
    private final BufferPool pool;
    private final TransferOptions options;

    private SshTransfer(SSHClient client, BufferPool pool, TransferOptions options) {
        this.client = client;
        this.pool = pool;
        this.options = options;
    }

    /**
     * Transfers over the runner's connection, with chunks from its pool. Closing the runner stops the transfers
     * running over it as it stops its commands, each the way a failure stops it (see "Stopping and failures": an
     * upload's shell removes its part file, and the runner's close waits for that within the same bound): each caller
     * gets a {@link TransferException} caused by a {@code CommandCancelledException}, unless its transfer completed.
     */
    public static SshTransfer over(SshRunner runner) {
        return new SshTransfer(runner.client(), runner.pool(), TransferOptions.defaults());
    }

    /**
     * Transfers over a connected, authenticated sshj client. For the fast path, build it with
     * {@code SshConfigs.shared()} (JDK AES-GCM first) and {@code NoDelaySocketFactory}, as {@link SshRunner} does.
     */
    public static SshTransfer over(SSHClient client, BufferPool pool) {
        if (!client.isConnected() || !client.isAuthenticated()) {
            throw new IllegalArgumentException("client must be connected and authenticated");
        }
        return new SshTransfer(client, Objects.requireNonNull(pool, "pool"), TransferOptions.defaults());
    }

    /** The same connection with other options. */
    public SshTransfer withOptions(TransferOptions options) {
        return new SshTransfer(client, pool, Objects.requireNonNull(options, "options"));
    }

    public TransferOptions options() {
        return options;
    }

    // ------------------------------------------------------------------ downloads

    /**
     * Streams {@code source} into {@code out}. {@code out} is neither flushed nor closed. On failure it holds a
     * prefix of the data: the exception says so.
     */
    public TransferResult download(RemoteSource source, OutputStream out) throws IOException {
        return download(source, LocalSink.of(out, options.chunkSize()), new StderrTail(STDERR_KEPT), false);
    }

    /** Streams {@code source} into {@code out} (blocking writes), straight from pooled chunks. Not closed. */
    public TransferResult download(RemoteSource source, WritableByteChannel out) throws IOException {
        return download(source, LocalSink.of(out), new StderrTail(STDERR_KEPT), false);
    }

    /**
     * Appends {@code source} to {@code out}. If the transfer fails and {@code out} was empty, it is
     * {@link RecyclableOutputStream#reset() reset}, so it never holds a partial download; otherwise the appended
     * prefix stays and the exception says so.
     */
    public TransferResult download(RemoteSource source, RecyclableOutputStream out) throws IOException {
        boolean wasEmpty = out.length() == 0;
        boolean done = false;
        try {
            TransferResult result =
                    download(source, LocalSink.of(out, options.chunkSize()), new StderrTail(STDERR_KEPT), false);
            done = true;
            return result;
        } finally {
            if (!done && wasEmpty && !out.isClosed()) {
                out.reset();
            }
        }
    }

    /**
     * Downloads {@code source} into the file {@code target}: written to a part file next to it, forced to disk
     * ({@link TransferOptions#syncFiles()}), renamed over {@code target} once complete and verified. On failure
     * the part file is deleted and {@code target} is left as it was. A {@code target} that is a directory, or
     * anything else but a regular file (or a link to one), is refused. Permissions: see the class description.
     */
    public TransferResult download(RemoteSource source, Path target) throws IOException {
        PartFile part;
        try {
            part = new PartFile(target);
        } catch (IOException e) {
            throw new TransferException("download of " + source + ": " + describe(e), 0, null, e);
        }
        try (part) {
            StderrTail stderr = new StderrTail(STDERR_KEPT);
            TransferResult result = download(source, LocalSink.of(part.channel()), stderr, true);
            int mode = source.announcesMode()
                    ? FileModes.fromLs(stderr.lineValue(ShellCommands.MODE_LINE))
                    : FileModes.UNKNOWN;
            try {
                part.commit(options.syncFiles(), mode == FileModes.UNKNOWN ? FileModes.NEW_FILE_DEFAULT : mode);
            } catch (Throwable e) {
                throw failure(
                        "download of " + source + " completed, but could not replace " + target + ": " + describe(e),
                        result.bytes(),
                        0,
                        e);
            }
            return result;
        }
    }

    /**
     * @param withMode whether a remote file should report its mode (into {@code stderr}), for a new local file
     */
    private TransferResult download(RemoteSource source, LocalSink sink, StderrTail stderr, boolean withMode)
            throws IOException {
        long started = System.nanoTime();
        long idleNanos = Durations.toNanos(options.idleTimeout());
        long graceNanos = stopGrace(idleNanos);
        long expected = options.expectedLength();
        String what = "download of " + source;
        Progress progress = new Progress(options.listener(), options.progressInterval(), expected);
        try (ChunkRing ring = new ChunkRing(pool, options.windowSize(), options.chunkSize())) {
            // the window never exceeds the ring: that is what keeps sshj's reader thread from ever waiting
            CaptureChannel channel = new CaptureChannel(
                    client.getConnection(),
                    new DownloadChannelSink(ring, stderr),
                    options.windowSize(),
                    options.maxPacketSize());
            String command = source.command(withMode);
            RunnerLink runner = RunnerLink.join(client, channel, command, what, null, graceNanos);
            start(channel, runner, command, what, options.idleTimeout(), graceNanos);
            try {
                channel.sendEof(); // nothing to say on stdin
                int n;
                while ((n = ring.awaitReadable(idleNanos)) >= 0) {
                    sink.write(ring.readView(), ring.readOffset(), n);
                    ring.consume(n);
                    channel.grant(n);
                    progress.advance(n);
                }
            } catch (Throwable e) {
                channel.abort("download stopped: " + e);
                awaitClose(channel, graceNanos);
                runner.throwIfCancelled(channel, what, progress.moved(), e);
                throw failure(
                        what + " stopped after " + progress.moved() + " bytes: " + progress.describe(e),
                        progress.moved(),
                        channel.exitStatus(),
                        e);
            }
            awaitClose(channel, graceNanos);
            long moved = progress.moved();
            runner.throwIfCancelled(channel, what, moved, null);
            Throwable failure = ring.endFailure();
            if (failure != null) {
                // even after a reported exit: the ring may have dropped what it could not take
                throw connectionFailed(what, moved, failure);
            }
            checkEnd(channel, what, moved, stderr, null, null);
            if (source.announcesSize()) {
                expected = parseSize(stderr, source, moved);
            }
            if (expected >= 0 && moved != expected) {
                throw new TransferException(
                        what + " is incomplete: received " + moved + " bytes, expected " + expected,
                        moved,
                        channel.exitStatus(),
                        null);
            }
            try {
                progress.finish(expected);
            } catch (Throwable e) {
                throw failure(
                        what + " stopped after all " + moved + " bytes: " + progress.describe(e),
                        moved,
                        channel.exitStatus(),
                        e);
            }
            return new TransferResult(moved, System.nanoTime() - started);
        }
    }

    // ------------------------------------------------------------------ uploads

    /**
     * Uploads the file {@code source} (its size when the upload starts is the length verified remotely). A new
     * remote file gets {@code source}'s permission bits minus the server's umask; see the class description.
     */
    public TransferResult upload(Path source, RemoteTarget target) throws IOException {
        try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
            return upload(UploadSource.of(in), in.size(), target, FileModes.of(source));
        }
    }

    /**
     * Uploads exactly {@code length} bytes read from {@code in} ({@code -1}: until its end, allowed only for a
     * command target, since a remote file's length is checked before it replaces the target). {@code in} is not
     * closed.
     */
    public TransferResult upload(InputStream in, long length, RemoteTarget target) throws IOException {
        return upload(UploadSource.of(in), length, target, FileModes.UNKNOWN);
    }

    /**
     * Uploads the content of {@code content}, sent straight from its chunks (heap chunks without any copy on our
     * side). The stream stays open and unchanged; do not write to it meanwhile.
     */
    public TransferResult upload(RecyclableOutputStream content, RemoteTarget target) throws IOException {
        long length = content.length();
        return upload(
                length,
                target,
                FileModes.UNKNOWN,
                feed -> HeapSegments.forEach(content, options.chunkSize(), feed::write));
    }

    private TransferResult upload(UploadSource source, long length, RemoteTarget target, int sourceMode)
            throws IOException {
        try (RecyclableOutputStream lease = pool.newStream("ssh-transfer-upload")) {
            ByteBuffer space = lease.writableBuffer(options.chunkSize());
            byte[] array;
            int base;
            int size;
            if (space.hasArray()) {
                array = space.array();
                base = space.arrayOffset() + space.position();
                size = Math.min(space.remaining(), options.chunkSize());
            } else {
                array = new byte[options.chunkSize()]; // sshj sends from arrays: a direct pool costs one per upload
                base = 0;
                size = array.length;
            }
            return upload(length, target, sourceMode, feed -> {
                long moved = 0;
                while (length < 0 || moved < length) {
                    int want = length < 0 ? size : (int) Math.min(size, length - moved);
                    int n = source.read(array, base, want);
                    if (n < 0) {
                        break;
                    }
                    feed.write(array, base, n);
                    moved += n;
                }
            });
        }
    }

    /**
     * Sends what {@code pump} feeds as the remote command's stdin, then waits for it to verify and exit.
     *
     * @param sourceMode the source's permission bits, or {@link FileModes#UNKNOWN}
     */
    private TransferResult upload(long length, RemoteTarget target, int sourceMode, Pump pump) throws IOException {
        long started = System.nanoTime();
        // fails early for a file target of unknown length
        String command =
                target.command(length, sourceMode == FileModes.UNKNOWN ? FileModes.NEW_FILE_DEFAULT : sourceMode);
        long idleNanos = Durations.toNanos(options.idleTimeout());
        long graceNanos = stopGrace(idleNanos);
        String what = "upload to " + target;
        StderrTail output = new StderrTail(STDERR_KEPT);
        UploadChannelSink channelSink = new UploadChannelSink(output);
        Progress progress = new Progress(options.listener(), options.progressInterval(), length);
        if (length == 0 && target.isFile()) {
            // no last byte to hold back (see UploadFeed): the final report comes before the server gets to act
            try {
                progress.finish(0);
            } catch (Throwable e) {
                throw failure(what + " not started: " + progress.describe(e), 0, null, e);
            }
        }
        // we only receive the command's messages: a small window is plenty
        CaptureChannel channel = new CaptureChannel(client.getConnection(), channelSink, 64 * 1024, 32 * 1024);
        UploadFeed feed = new UploadFeed(channel, progress, length, target.isFile(), idleNanos);
        RunnerLink runner = RunnerLink.join(client, channel, command, what, target, graceNanos);
        start(channel, runner, command, what, options.idleTimeout(), graceNanos);
        try {
            pump.run(feed);
            if (length >= 0 && progress.moved() != length) {
                throw new IOException("the source ended after " + progress.moved() + " of " + length + " bytes");
            }
            feed.finish();
        } catch (Throwable e) {
            // a channel that refused input is ending: its close (with the remote's verdict) may trail the refusal
            boolean remoteEndedFirst = UploadFeed.isInputRefused(e)
                    ? Waits.awaitKeepingInterrupt(channel.closeFuture(), graceNanos)
                    : channel.isFinished();
            stopUpload(channel, target, "upload stopped: " + e, graceNanos);
            long sent = feed.sent();
            runner.throwIfCancelled(channel, what, sent, e);
            if (remoteEndedFirst && !(e instanceof Error)) {
                // the remote side ended on its own (it refused the target, or the command exited): its verdict is
                // what stopped us
                checkEnd(channel, what, sent, output, channelSink.failure(), e);
            }
            throw failure(
                    what + " stopped after " + sent + " bytes: " + progress.describe(e) + remoteSaid(output),
                    sent,
                    channel.exitStatus(),
                    e);
        }
        long moved = progress.moved();
        Exception stoppedWaiting = awaitCompletion(channel, idleNanos);
        if (stoppedWaiting != null) {
            stopUpload(channel, target, "upload stopped: " + stoppedWaiting, graceNanos);
            runner.throwIfCancelled(channel, what, moved, stoppedWaiting);
            if (!succeeded(channel)) {
                // a file target's shell ignores the stop while it renames: then it completed, and it says so
                throw new TransferException(
                        what
                                + (stoppedWaiting instanceof InterruptedException
                                        ? " was interrupted"
                                        : " did not finish within " + options.idleTimeout())
                                + " after all " + moved + " bytes were sent"
                                + (channel.isFinished()
                                        ? ""
                                        : "; the server did not confirm the stop and may still complete it")
                                + remoteSaid(output),
                        moved,
                        channel.exitStatus(),
                        stoppedWaiting);
            }
        }
        runner.throwIfCancelled(channel, what, moved, null);
        Throwable lost = channelSink.failure();
        if (lost != null && !reportedExit(channel)) {
            throw new TransferException(
                    what + " lost its connection after all " + moved + " bytes were sent, before the server reported"
                            + " the outcome (it may have completed): " + describe(lost),
                    moved,
                    null,
                    lost);
        }
        checkEnd(channel, what, moved, output, lost, null);
        return new TransferResult(moved, System.nanoTime() - started);
    }

    /** Feeds an upload's bytes into the channel. */
    @FunctionalInterface
    private interface Pump {
        void run(UploadFeed feed) throws IOException;
    }
}
