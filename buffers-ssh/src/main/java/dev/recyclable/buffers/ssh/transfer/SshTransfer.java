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
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.checkExit;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.connectionFailed;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.describe;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.parseSize;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.remoteSaid;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.start;
import static dev.recyclable.buffers.ssh.transfer.TransferChannels.stopUpload;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.ssh.transfer.internal.ChunkRing;
import dev.recyclable.buffers.ssh.transfer.internal.DownloadChannelSink;
import dev.recyclable.buffers.ssh.transfer.internal.LocalSink;
import dev.recyclable.buffers.ssh.transfer.internal.PartFile;
import dev.recyclable.buffers.ssh.transfer.internal.StderrTail;
import dev.recyclable.buffers.ssh.transfer.internal.UploadChannelSink;
import dev.recyclable.buffers.ssh.transfer.internal.UploadSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
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
 * server, where the shell checks the received length before the rename. A failed transfer leaves the target
 * name untouched and deletes its part file (a server killed outright cannot clean its own part file, but it
 * never carries the target's name).
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
     * running over it as it stops its commands (the remote command killed, the channel closed): each caller gets a
     * {@link TransferException} caused by a {@code CommandCancelledException}.
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
        return download(source, LocalSink.of(out, options.chunkSize()));
    }

    /** Streams {@code source} into {@code out} (blocking writes), straight from pooled chunks. Not closed. */
    public TransferResult download(RemoteSource source, WritableByteChannel out) throws IOException {
        return download(source, LocalSink.of(out));
    }

    /**
     * Appends {@code source} to {@code out}. If the transfer fails and {@code out} was empty, it is
     * {@link RecyclableOutputStream#reset() reset}, so it never holds a partial download; otherwise the appended
     * prefix stays and the exception says so.
     */
    public TransferResult download(RemoteSource source, RecyclableOutputStream out) throws IOException {
        boolean wasEmpty = out.length() == 0;
        try {
            return download(source, LocalSink.of(out, options.chunkSize()));
        } catch (IOException | RuntimeException e) {
            if (wasEmpty && !out.isClosed()) {
                out.reset();
            }
            throw e;
        }
    }

    /**
     * Downloads {@code source} into the file {@code target}: written to a part file next to it, forced to disk
     * ({@link TransferOptions#syncFiles()}), renamed over {@code target} once complete and verified. On failure
     * the part file is deleted and {@code target} is left as it was.
     */
    public TransferResult download(RemoteSource source, Path target) throws IOException {
        try (PartFile part = new PartFile(target)) {
            TransferResult result = download(source, LocalSink.of(part.channel()));
            part.commit(options.syncFiles());
            return result;
        }
    }

    private TransferResult download(RemoteSource source, LocalSink sink) throws IOException {
        long started = System.nanoTime();
        StderrTail stderr = new StderrTail(STDERR_KEPT);
        long idleNanos = Durations.toNanos(options.idleTimeout());
        long expected = options.expectedLength();
        Progress progress = new Progress(options.listener(), options.progressInterval(), expected);
        try (ChunkRing ring = new ChunkRing(pool, options.windowSize(), options.chunkSize())) {
            // the window never exceeds the ring: that is what keeps sshj's reader thread from ever waiting
            CaptureChannel channel = new CaptureChannel(
                    client.getConnection(),
                    new DownloadChannelSink(ring, stderr),
                    options.windowSize(),
                    options.maxPacketSize());
            String what = "download of " + source;
            RunnerLink runner = RunnerLink.join(client, channel, source.command(), what);
            try {
                start(channel, source.command(), source, options.idleTimeout());
            } catch (TransferException e) {
                runner.throwIfCancelled(what, 0);
                throw e;
            }
            try {
                channel.sendEof(); // nothing to say on stdin
                int n;
                while ((n = ring.awaitReadable(idleNanos)) >= 0) {
                    sink.write(ring.readView(), ring.readOffset(), n);
                    ring.consume(n);
                    channel.grant(n);
                    progress.advance(n);
                }
            } catch (IOException | RuntimeException | Error e) {
                channel.abort("download stopped: " + e);
                awaitClose(channel);
                runner.throwIfCancelled(what, progress.moved());
                throw new TransferException(
                        "download of " + source + " stopped after " + progress.moved() + " bytes: " + describe(e),
                        progress.moved(),
                        channel.exitStatus(),
                        e);
            }
            awaitClose(channel);
            long moved = progress.moved();
            runner.throwIfCancelled(what, moved);
            Throwable failure = ring.endFailure();
            if (failure != null) {
                throw connectionFailed("download of " + source, moved, failure);
            }
            checkExit(channel, "download of " + source, moved, stderr);
            if (source.announcesSize()) {
                expected = parseSize(stderr, source, moved);
            }
            if (expected >= 0 && moved != expected) {
                throw new TransferException(
                        "download of " + source + " is incomplete: received " + moved + " bytes, expected " + expected,
                        moved,
                        channel.exitStatus(),
                        null);
            }
            progress.finish(expected);
            return new TransferResult(moved, System.nanoTime() - started);
        }
    }

    // ------------------------------------------------------------------ uploads

    /** Uploads the file {@code source} (its size when the upload starts is the length verified remotely). */
    public TransferResult upload(Path source, RemoteTarget target) throws IOException {
        try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
            return upload(UploadSource.of(in), in.size(), target, source.toString());
        }
    }

    /**
     * Uploads exactly {@code length} bytes read from {@code in} ({@code -1}: until its end, allowed only for a
     * command target, since a remote file's length is checked before it replaces the target). {@code in} is not
     * closed.
     */
    public TransferResult upload(InputStream in, long length, RemoteTarget target) throws IOException {
        return upload(UploadSource.of(in), length, target, "input stream");
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
                (channel, progress) -> content.forEachSegment(new SegmentVisitor() {
                    private byte[] scratch;

                    @Override
                    public void visit(byte[] array, int offset, int n) throws IOException {
                        send(channel, array, offset, n, progress);
                    }

                    @Override
                    public void visit(ByteBuffer segment) throws IOException {
                        if (scratch == null) {
                            scratch = new byte[options.chunkSize()]; // direct chunks: sshj sends from arrays
                        }
                        while (segment.hasRemaining()) {
                            int n = Math.min(segment.remaining(), scratch.length);
                            segment.get(scratch, 0, n);
                            visit(scratch, 0, n);
                        }
                    }
                }));
    }

    private TransferResult upload(UploadSource source, long length, RemoteTarget target, String what)
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
            return upload(length, target, (channel, progress) -> {
                while (length < 0 || progress.moved() < length) {
                    int want = length < 0 ? size : (int) Math.min(size, length - progress.moved());
                    int n = source.read(array, base, want);
                    if (n < 0) {
                        break;
                    }
                    send(channel, array, base, n, progress);
                }
            });
        }
    }

    /** Sends what {@code pump} feeds as the remote command's stdin, then waits for it to verify and exit. */
    private TransferResult upload(long length, RemoteTarget target, Pump pump) throws IOException {
        long started = System.nanoTime();
        String command = target.command(length); // fails early for a file target of unknown length
        StderrTail output = new StderrTail(STDERR_KEPT);
        UploadChannelSink channelSink = new UploadChannelSink(output);
        Progress progress = new Progress(options.listener(), options.progressInterval(), length);
        // we only receive the command's messages: a small window is plenty
        CaptureChannel channel = new CaptureChannel(client.getConnection(), channelSink, 64 * 1024, 32 * 1024);
        String what = "upload to " + target;
        RunnerLink runner = RunnerLink.join(client, channel, command, what);
        try {
            start(channel, command, target, options.idleTimeout());
        } catch (TransferException e) {
            runner.throwIfCancelled(what, 0);
            throw e;
        }
        try {
            pump.run(channel, progress);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted");
            }
            if (length >= 0 && progress.moved() != length) {
                throw new IOException("the source ended after " + progress.moved() + " of " + length + " bytes");
            }
            channel.sendEof();
        } catch (IOException | RuntimeException | Error e) {
            stopUpload(channel, target, e);
            runner.throwIfCancelled(what, progress.moved());
            throw new TransferException(
                    "upload to " + target + " stopped after " + progress.moved() + " bytes: " + describe(e)
                            + remoteSaid(output),
                    progress.moved(),
                    channel.exitStatus(),
                    e);
        }
        long moved = progress.moved();
        awaitCompletion(channel, target, moved, options.idleTimeout());
        runner.throwIfCancelled(what, moved);
        Throwable failure = channelSink.failure();
        if (failure != null) {
            throw connectionFailed("upload to " + target, moved, failure);
        }
        checkExit(channel, "upload to " + target, moved, output);
        progress.finish(length < 0 ? moved : length);
        return new TransferResult(moved, System.nanoTime() - started);
    }

    /**
     * Sends {@code n} bytes of an upload, each wait for the server's window bounded by the idle timeout, and counts
     * them.
     *
     * @throws IOException if the channel stopped taking them (the remote side closed, or the transfer is being
     *                     stopped), or no window came within the idle timeout
     */
    private void send(CaptureChannel channel, byte[] array, int offset, int n, Progress progress) throws IOException {
        if (!channel.writeStdin(array, offset, n, Durations.toNanos(options.idleTimeout()))) {
            throw new IOException("the channel closed after " + progress.moved() + " bytes were sent");
        }
        progress.advance(n);
    }

    /** Feeds an upload's bytes into the channel, counting them. */
    @FunctionalInterface
    private interface Pump {
        void run(CaptureChannel channel, Progress progress) throws IOException;
    }
}
