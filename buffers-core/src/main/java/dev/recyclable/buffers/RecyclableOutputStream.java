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
package dev.recyclable.buffers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.Charset;
import java.util.Objects;

/**
 * A drop-in replacement for {@link java.io.ByteArrayOutputStream} whose memory comes from a
 * {@link BufferPool} and goes back to it on {@link #close()}.
 *
 * <p>Content lives in a linked list of pooled chunks that grow from small to large, so growth
 * never copies. Every {@code ByteArrayOutputStream} method works with the same meaning; on top
 * of them the stream offers zero-copy reads ({@link #writeTo(WritableByteChannel)},
 * {@link #byteBuffers()}, {@link #forEachSegment}, {@link #newInputStream()}), direct filling
 * ({@link #readFrom(InputStream)}, {@link #writableBuffer(int)}), random access
 * ({@link #channel()}) and a pooled contiguous copy ({@link #contiguous()}).
 *
 * <h2 id="ownership">Ownership</h2>
 * The code that creates a stream owns it and must close it, ideally with try-with-resources;
 * {@code close()} gives the chunks back to the pool. Everything else is stated here once, and
 * the rest of the library's documentation refers to it.
 *
 * <p><b>Held content is frozen.</b> Content that anything else holds (a {@link ByteBufferView},
 * a Netty {@code ByteBuf} from {@link dev.recyclable.buffers.interop.NettyViews}, a
 * {@link PooledArray}, a {@code WebSocketMessage} handed out, an explicit {@link #retain()}) is
 * never written again, and its chunks never return to the pool until the last holder lets go.
 * Operations that would change or recycle it ({@code reset}, {@code truncate}, channel writes
 * over it, the WebSocket decoder's reuse of a message stream) leave the frozen chunks to their
 * holders and go on without them. This is Okio's rule for shared segments ("may not be
 * recycled, nor its data changed"), kept per chunk: each chunk counts its holders, and a stream
 * that nothing ever shared pays nothing for it (it frees its chunks without an atomic).
 *
 * <p><b>Nothing shows another owner's bytes.</b> Chunks are reused, so this is what each API
 * shows:
 * <ul>
 *   <li>Views a caller keeps ({@link #byteBuffers()}, the Netty {@code ByteBuf},
 *       {@link #newInputStream()}, {@link #channel()}) are read-only where they show memory and
 *       end at the content: nothing past it is reachable, through {@code clear()},
 *       {@code unwrap()} or a component either.
 *   <li>Memory handed to code the stream calls, for the length of the call, spans the whole
 *       chunk: the array of a heap chunk ({@link #writeTo(OutputStream)}, {@link #forEachSegment},
 *       the {@code InputStream} that {@link #readFrom(InputStream)} reads from), a read-only buffer
 *       over a direct chunk ({@link #writeTo(WritableByteChannel)}, {@link #forEachSegment}), and
 *       the space {@link #writableBuffer(int)} hands out for filling. Past the content it holds
 *       zeros or this stream's own earlier bytes, never another owner's; the stream zeroes what
 *       a previous owner left there before handing it out, once per lease.
 *   <li>A {@link PooledArray} ({@link #contiguous()}) holds zeros past the content.
 * </ul>
 * {@link BufferPool.Builder#zeroOnRelease} is not needed for any of this; it zeroes chunks as they
 * come back, so that content does not outlive its stream in memory (heap dumps, core files).
 *
 * <p>A stream that becomes unreachable without {@code close()} while holding chunks is reported
 * as a leak (when the pool tracks it) and the chunks it alone held are reclaimed.
 *
 * <h2>Drop-in for ByteArrayOutputStream</h2>
 * The in-memory writes ({@link #write(int)}, {@link #write(byte[], int, int)},
 * {@link #write(byte[])}, {@link #writeBytes(byte[])}) declare no checked exception, as
 * {@code ByteArrayOutputStream}'s do, so replacing that type in a method changes nothing else:
 * <pre>{@code
 * ByteArrayOutputStream out = new ByteArrayOutputStream();      // before
 * RecyclableOutputStream out = BufferPool.shared().newStream(); // after (and close it)
 * }</pre>
 * Past the pool's {@link BufferPool#maxStreamSize()} they throw the unchecked
 * {@link BufferLimitExceededException}, keeping the content written before.
 *
 * <h2>Threads</h2>
 * Not thread-safe: one thread at a time writes, reads and takes views, as with any
 * unsynchronized stream. Views may be read and closed on other threads, and {@link #release()}
 * may be called from any thread. Two threads writing one stream at once is misuse whose damage
 * stays inside the stream: its content may become garbage and a write may throw (a
 * {@link java.util.ConcurrentModificationException} when two of them change its chunks at once),
 * but no other stream is ever harmed, no chunk is lost or given back twice, and {@code close()}
 * returns all of them. A chunk given back twice is refused with an
 * {@link IllegalStateException} naming the stream. A stream closed or reset while another thread
 * still writes it is used after the fact: those writes may land in memory the pool has handed on.
 *
 * <h2>After close</h2>
 * Writes and reads throw ({@link IOException} where the method declares it, otherwise
 * {@link IllegalStateException} naming the stream and the fix), fast paths included, whatever
 * views are still open; {@link #size()} is 0; {@code close()} again is a no-op that the listener
 * hears about.
 */
public final class RecyclableOutputStream extends OutputStream {
    private final BufferPool pool;
    /** The content (and the stream's tag); the write paths below read and advance its tail cursor directly. */
    final ChunkList content;

    private boolean closed;
    /** The content held by explicit {@link #retain()} calls, created by the first one. */
    private volatile ExplicitRetains explicitRetains;

    private RecyclableOutputStream(BufferPool pool, String tag, LeakTracker tracker) {
        this.pool = pool;
        this.content = new ChunkList(pool, tag, tracker);
    }

    /**
     * A new stream of {@code pool}, watched for leaks when the pool's leak detection picks it
     * (see {@link BufferPool#newStream(String)}).
     */
    static RecyclableOutputStream open(BufferPool pool, String tag) {
        LeakTracker tracker = LeakTracker.forStreamIfPicked(pool, tag);
        RecyclableOutputStream stream = new RecyclableOutputStream(pool, tag, tracker);
        if (tracker != null) {
            tracker.register(stream);
        }
        pool.telemetry().streamCreated(tag);
        return stream;
    }

    // ------------------------------------------------------------------ writing

    /**
     * Writes one byte, as {@link java.io.ByteArrayOutputStream#write(int)}.
     *
     * @throws BufferLimitExceededException past the pool's {@link BufferPool#maxStreamSize()}
     * @throws IllegalStateException        if the stream is closed
     */
    @Override
    public void write(int b) {
        ChunkList c = content;
        int pos = c.tailPos;
        if (pos == c.tailLimit) {
            makeRoom(1);
            pos = c.tailPos;
        }
        byte[] array = c.tailArray;
        if (array != null) {
            array[pos] = (byte) b;
        } else {
            c.tail.put(pos, (byte) b);
        }
        c.tailPos = pos + 1;
    }

    /**
     * Writes {@code len} bytes of {@code b} from {@code off}, as
     * {@link java.io.ByteArrayOutputStream#write(byte[], int, int)}; a write that would pass the
     * pool's {@link BufferPool#maxStreamSize()} stores nothing.
     *
     * @throws BufferLimitExceededException past the pool's {@link BufferPool#maxStreamSize()}
     * @throws IllegalStateException        if the stream is closed
     */
    @Override
    public void write(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        ChunkList c = content;
        byte[] array = c.tailArray;
        int pos = c.tailPos;
        // fits the heap tail: no cap check needed, the tail's limit never reaches past the cap;
        // a closed stream has no tail, so it always takes the slow path, which fails
        if (array != null && len <= c.tailLimit - pos) {
            System.arraycopy(b, off, array, pos, len);
            c.tailPos = pos + len;
            return;
        }
        writeAcrossChunks(b, off, len);
    }

    /** The rest of {@link #write(byte[], int, int)}: checks the stream's state and the cap, then fills chunk after chunk. */
    private void writeAcrossChunks(byte[] b, int off, int len) {
        ensureOpenUnchecked();
        if (len == 0) {
            return;
        }
        ChunkList c = content;
        if (c.contentLength() + len > pool.maxStreamSize()) {
            throw sizeCapExceeded(c.contentLength() + len);
        }
        while (len > 0) {
            int room = c.tailLimit - c.tailPos;
            if (room == 0) {
                c.appendChunk(len); // open and within the cap: checked above for the whole write
                room = c.tailLimit - c.tailPos;
            }
            int n = Math.min(room, len);
            c.tail.put(c.tailPos, b, off, n);
            c.tailPos += n;
            off += n;
            len -= n;
        }
    }

    /**
     * Writes all of {@code b}, as {@link java.io.ByteArrayOutputStream#writeBytes}.
     *
     * @throws BufferLimitExceededException past the pool's {@link BufferPool#maxStreamSize()}
     * @throws IllegalStateException        if the stream is closed
     */
    public void writeBytes(byte[] b) {
        write(b, 0, b.length);
    }

    /**
     * Writes all of {@code b}, as {@link #writeBytes(byte[])}; declared here so that, unlike
     * {@link OutputStream#write(byte[])}, it throws no checked exception.
     *
     * @throws BufferLimitExceededException past the pool's {@link BufferPool#maxStreamSize()}
     * @throws IllegalStateException        if the stream is closed
     */
    @Override
    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    /** Writes the remaining bytes of {@code src}, advancing its position. */
    public void write(ByteBuffer src) throws IOException {
        ensureOpen();
        ChunkList c = content;
        int len = src.remaining();
        if (c.contentLength() + len > pool.maxStreamSize()) {
            throw sizeCapExceeded(c.contentLength() + len);
        }
        appendUnchecked(src);
    }

    /** Appends the rest of {@code src}; the caller has checked that the stream is open and the cap. */
    private void appendUnchecked(ByteBuffer src) throws IOException {
        ChunkList c = content;
        while (src.hasRemaining()) {
            int room = c.tailLimit - c.tailPos;
            if (room == 0) {
                c.appendChunk(src.remaining()); // open and within the cap: the caller checked both
                room = c.tailLimit - c.tailPos;
            }
            int n = Math.min(room, src.remaining());
            c.tail.put(c.tailPos, src, n);
            c.tailPos += n;
        }
    }

    /**
     * Overwrites or extends the content at {@code pos} with {@code src} (the random-access
     * channel's write); a gap past the end becomes zeros. Content that a view holds is replaced by
     * a copy before it is written. The cap is checked, without overflow, before anything is
     * written or zero-filled.
     */
    void writeAt(long pos, ByteBuffer src) throws IOException {
        ensureOpen();
        int length = src.remaining();
        if (pos > pool.maxStreamSize() - length) {
            throw sizeCapExceeded(pos > Long.MAX_VALUE - length ? Long.MAX_VALUE : pos + length);
        }
        content.zeroFillTo(pos);
        content.overwrite(pos, src);
        appendUnchecked(src);
    }

    /** Cuts the content to {@code newLength} bytes (the random-access channel's truncate). */
    void truncate(long newLength) throws IOException {
        ensureOpen();
        if (newLength < 0) {
            throw new IllegalArgumentException("length must not be negative: " + newLength);
        }
        content.truncate(newLength);
    }

    /**
     * Reads {@code in} to its end straight into chunk space; returns the count. Throws
     * {@link BufferLimitExceededException} past the size cap, keeping what was read up to it.
     */
    public long readFrom(InputStream in) throws IOException {
        return readFrom(in, Long.MAX_VALUE);
    }

    /** Reads at most {@code maxBytes} of {@code in} straight into chunk space; returns the count. */
    public long readFrom(InputStream in, long maxBytes) throws IOException {
        ensureOpen();
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative: " + maxBytes);
        }
        return ContentCopies.readFrom(this, in, maxBytes);
    }

    /**
     * Reads {@code in} straight into chunk space until end of stream, or until a non-blocking
     * channel has nothing more right now (a read returns 0).
     *
     * @return the number of bytes read
     */
    public long readFrom(ReadableByteChannel in) throws IOException {
        ensureOpen();
        return ContentCopies.readFrom(this, in);
    }

    /**
     * Free space to fill directly, for producers that write into buffers (a decoder, a channel
     * read): the returned buffer's position..limit is free space after the content. Write into
     * it, then call {@link #commit(int)} with the number of bytes written. The space never holds
     * another owner's bytes (see <a href="#ownership">Ownership</a>).
     *
     * <p>The buffer is the stream's own; it is valid until the next call on this stream. Its
     * {@code hasArray()} is true for heap chunks, so producers can write into {@code array()}
     * at {@code arrayOffset() + position()}.
     *
     * @param minBytes the space wanted: the buffer has at least
     *                 {@code min(minBytes, pool.maxChunkSize())} bytes (and at least 1), less
     *                 only where the stream's size cap leaves less
     * @throws BufferLimitExceededException if the stream is at its size cap
     */
    public ByteBuffer writableBuffer(int minBytes) throws IOException {
        ensureOpen();
        if (minBytes < 0) {
            throw new IllegalArgumentException("minBytes must not be negative: " + minBytes);
        }
        int want = Math.max(1, Math.min(minBytes, pool.maxChunkSize()));
        ChunkList c = content;
        if (c.tailPos == c.tailLimit && c.contentLength() >= pool.maxStreamSize()) {
            throw sizeCapExceeded(c.contentLength() + want);
        }
        return c.writableSpace(want);
    }

    /** Adds {@code bytes} written into the last {@link #writableBuffer(int)} to the content. */
    public void commit(int bytes) throws IOException {
        ensureOpen();
        ChunkList c = content;
        if (bytes < 0 || bytes > c.tailLimit - c.tailPos) {
            throw new IllegalArgumentException(
                    "commit of " + bytes + " bytes, but only " + (c.tailLimit - c.tailPos) + " bytes were writable");
        }
        c.tailPos += bytes;
    }

    /** Slow path of the writes: fails when closed or at the cap, else starts a new chunk. */
    void makeRoom(int wanted) {
        ensureOpenUnchecked();
        if (content.contentLength() >= pool.maxStreamSize()) {
            throw sizeCapExceeded(content.contentLength() + wanted);
        }
        content.appendChunk(wanted);
    }

    // ------------------------------------------------------------------ reading

    /** The content length, as {@link java.io.ByteArrayOutputStream#size()}; 0 after close. */
    public int size() {
        if (closed) {
            return 0;
        }
        long length = content.contentLength();
        if (length > Integer.MAX_VALUE) {
            throw new IllegalStateException("length " + length + " does not fit an int: use length()");
        }
        return (int) length;
    }

    /** The content length as a {@code long}; 0 after close. */
    public long length() {
        return closed ? 0 : content.contentLength();
    }

    /** Number of chunks holding the content (for diagnostics and sizing views). */
    public int chunkCount() {
        return closed ? 0 : content.countChunks();
    }

    /** The tag given at creation, or {@code null}. */
    public String tag() {
        return content.tag;
    }

    /** The pool this stream leases from. */
    public BufferPool pool() {
        return pool;
    }

    /** Whether the owner has closed the stream. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Copies the content into a new array, as {@link java.io.ByteArrayOutputStream#toByteArray()}.
     * This is the copy the library exists to avoid; the pool's listener hears of each call and
     * {@link BufferPool.Builder#throwOnToByteArray} turns it into an error.
     *
     * @throws UnsupportedOperationException if the pool forbids it
     * @throws IllegalStateException         if the stream is closed
     */
    public byte[] toByteArray() {
        ensureOpenUnchecked();
        if (pool.throwOnToByteArray()) {
            throw new UnsupportedOperationException("toByteArray() is disabled on this pool (throwOnToByteArray): "
                    + "use writeTo, newInputStream, byteBuffers or contiguous instead");
        }
        pool.telemetry().toByteArrayCalled(content.tag, content.contentLength());
        return ContentCopies.toArray(content);
    }

    /** Decodes the content with {@code charset}, as {@link java.io.ByteArrayOutputStream#toString(Charset)}. */
    public String toString(Charset charset) {
        ensureOpenUnchecked();
        ChunkList c = content;
        if (c.head == c.tail && c.head != null && c.head.array() != null) {
            return new String(c.head.array(), 0, c.tailPos, charset);
        }
        return new String(ContentCopies.toArray(content), charset);
    }

    /** Decodes the content with the named charset. */
    public String toString(String charsetName) throws java.io.UnsupportedEncodingException {
        ensureOpenUnchecked();
        return new String(ContentCopies.toArray(content), charsetName);
    }

    /** Decodes the content with the platform's default charset, as {@code ByteArrayOutputStream} does. */
    @Override
    public String toString() {
        return closed ? "" : toString(Charset.defaultCharset());
    }

    /** Writes the content to {@code out}, as {@link java.io.ByteArrayOutputStream#writeTo}; no copy for heap chunks. */
    public void writeTo(OutputStream out) throws IOException {
        ensureOpen();
        ContentCopies.writeTo(content, out);
    }

    /**
     * Writes the content to a blocking channel straight from the chunks.
     *
     * @return the number of bytes written
     */
    public long writeTo(WritableByteChannel out) throws IOException {
        ensureOpen();
        return ContentCopies.writeTo(content, out);
    }

    /**
     * Visits the content as consecutive segments without copying: heap chunks as
     * {@code (array, offset, length)}, direct chunks as read-only buffers. What the visitor is
     * handed spans the whole chunk, for the call only (see <a href="#ownership">Ownership</a>).
     */
    public void forEachSegment(SegmentVisitor visitor) throws IOException {
        ensureOpen();
        ContentCopies.forEachSegment(content, visitor);
    }

    /**
     * Read-only buffers over the content, one per chunk, each sliced to its segment, for
     * gathering writes. The view holds the content and freezes it (see the class comment): it
     * keeps showing these bytes whatever the stream does next, until the view is closed.
     */
    public ByteBufferView byteBuffers() {
        ensureOpenUnchecked();
        return ByteBufferView.of(content);
    }

    /**
     * An independent cursor over the content, starting at its beginning. It reads what the
     * stream holds at each call (content written later is seen too) and fails once the stream
     * is closed. Closing it does not close the stream.
     */
    public InputStream newInputStream() {
        ensureOpenUnchecked();
        return new ContentInputStream(this);
    }

    /**
     * A random-access view (position, read, write, truncate), as RecyclableMemoryStream's
     * Seek and SetLength. Writing past the end fills the gap with zeros; the size cap is checked
     * before anything is written, for any position up to {@code Long.MAX_VALUE}. Writing over or
     * truncating content that a view holds changes a copy: the view keeps its bytes. Closing the
     * channel does not close the stream; closing the stream makes the channel fail.
     */
    public SeekableByteChannel channel() {
        ensureOpenUnchecked();
        return new ContentChannel(this);
    }

    /**
     * The content as one array, for APIs that need {@code byte[]}. When the content fits in one
     * heap chunk that nothing else holds, the chunk itself is shared (no copy) and frozen: the
     * stream's next write starts a new chunk. Otherwise the content is copied once into an array
     * leased from the pool. Close the result to give the memory back.
     */
    public PooledArray contiguous() {
        ensureOpenUnchecked();
        return PooledArray.of(content, content.arrayLength());
    }

    /**
     * A view to hand to a wrapper that closes its target ({@code GZIPOutputStream},
     * {@code DataOutputStream}, {@code ObjectOutputStream}, {@code OutputStreamWriter},
     * {@code PrintStream}, {@code ZipOutputStream}, a Jackson {@code JsonGenerator}): writes go
     * to this stream, and closing the view ends only the view, so the content is still here
     * after the wrapper's try block:
     *
     * <pre>{@code
     * try (RecyclableOutputStream out = pool.newStream("export")) {
     *     try (GZIPOutputStream gz = new GZIPOutputStream(out.shielded())) {
     *         gz.write(data);
     *     }                                   // gzip trailer written; out stays open
     *     out.writeTo(channel);
     * }                                       // chunks go back to the pool here
     * }</pre>
     *
     * <p>{@code close()} stays where pooled memory goes back; the shield marks where a wrapper may
     * close without owning the memory (commons-io's {@code CloseShieldOutputStream}). The creator
     * still closes this stream. A closed view refuses writes: take one per wrapper.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public OutputStream shielded() {
        ensureOpenUnchecked();
        return new ShieldedOutputStream(this);
    }

    /**
     * Discards the content and keeps its chunks for the next content, as
     * {@link java.io.ByteArrayOutputStream#reset()} keeps its array: a stream kept per thread or
     * connection and reset between messages leases nothing from the pool once it has held its
     * largest message. The kept chunks stay this stream's, counted as in use by the pool, until
     * {@link #close()} or {@link #resetAndRelease()} gives them back; a later write that needs a
     * larger chunk than the next kept one gives that one back. Chunks that a view holds stay with
     * it, unchanged, and are not reused (the stream goes on with kept or fresh chunks); space
     * handed out later shows zeros where the discarded content was. Throws
     * {@link IllegalStateException} if closed.
     */
    public void reset() {
        ensureOpenUnchecked();
        try {
            content.clear();
        } finally {
            Reference.reachabilityFence(this); // the leak tracker sees the chunks before or after, never midway
        }
    }

    /**
     * As {@link #reset()}, but gives every chunk back to the pool, the ones {@code reset()} kept
     * included: the stream stays open holding no pooled memory, so an owner that keeps it
     * between uses and may never close it (a listener not told of an abort) loses nothing. The
     * next write leases as a new stream's does. Throws {@link IllegalStateException} if closed.
     */
    public void resetAndRelease() {
        ensureOpenUnchecked();
        try {
            content.letGoOfAll();
        } finally {
            Reference.reachabilityFence(this); // the leak tracker sees the chunks before or after, never midway
        }
    }

    // ------------------------------------------------------------------ lifecycle

    /**
     * Holds the content as it is now, so that it outlives {@link #close()}, {@link #reset()} and
     * overwrites until a matching {@link #release()}: for raw arrays or buffers handed to other
     * code (from {@link #forEachSegment}). The held content is frozen (see the class comment).
     * Prefer a view ({@link #byteBuffers()}), which lets go of exactly its own chunks; the
     * content of all explicit retains is let go of together, when the last one is released.
     * Call it on the thread that writes the stream.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public RecyclableOutputStream retain() {
        ensureOpenUnchecked();
        ExplicitRetains retains = explicitRetains;
        if (retains == null) {
            retains = new ExplicitRetains(pool);
            explicitRetains = retains;
        }
        retains.add(content.holdContent());
        return this;
    }

    /**
     * Drops a hold taken by {@link #retain()}; when the last one is dropped, the content they
     * held goes back to the pool (once no view or stream still holds it). May be called from
     * any thread.
     *
     * @throws IllegalStateException if there is no {@code retain()} left to match
     */
    public void release() {
        ExplicitRetains retains = explicitRetains;
        if (retains == null || !retains.release()) {
            throw new IllegalStateException("release() without a matching retain() on " + describe()
                    + ": the owner frees the stream with close(); release() only balances retain()");
        }
    }

    /**
     * Ends the stream and gives its chunks back to the pool (once no retained view holds them).
     * Idempotent: a second call does nothing but tell the pool's listener.
     */
    @Override
    public void close() {
        PoolTelemetry telemetry = pool.telemetry();
        if (closed) {
            telemetry.streamDoubleClosed(content.tag);
            return;
        }
        closed = true;
        long length = telemetry.hasListener() ? content.contentLength() : 0;
        try {
            content.freeAll();
        } finally {
            // reachable until here: the leak tracker must never reclaim what this close gives back
            Reference.reachabilityFence(this);
        }
        telemetry.streamClosed(content.tag, length); // after the bookkeeping: a listener cannot undo it
    }

    // ------------------------------------------------------------------ checks

    void ensureOpen() throws IOException {
        if (closed) {
            throw closedException();
        }
    }

    private void ensureOpenUnchecked() {
        if (closed) {
            throw new IllegalStateException(closedMessage());
        }
    }

    IOException closedException() {
        return new IOException(closedMessage());
    }

    private String closedMessage() {
        // the usual way to get here: try (var gz = new GZIPOutputStream(out)) {...} closed it
        return describe() + " is closed (a wrapper such as GZIPOutputStream, ObjectOutputStream or a JsonGenerator"
                + " closes its target: give it out.shielded() instead, and close the stream itself once done)";
    }

    BufferLimitExceededException sizeCapExceeded(long requested) {
        pool.telemetry().sizeCapExceeded(content.tag, requested, pool.maxStreamSize());
        return new BufferLimitExceededException(describe(), requested, pool.maxStreamSize());
    }

    private String describe() {
        return content.describe();
    }
}
