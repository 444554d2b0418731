package dev.recyclable.buffers;

import dev.recyclable.buffers.internal.Chunk;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 * <h2>Ownership</h2>
 * The code that creates a stream owns it and must close it, ideally with try-with-resources.
 * {@code close()} ends writing and reading through the stream and its views, and returns the
 * chunks to the pool, unless a view that can outlive the stream ({@link ByteBufferView},
 * {@link PooledArray}, a Netty {@code ByteBuf} from the interop package, or an explicit
 * {@link #retain()}) still holds the content: then the chunks return when the last one is
 * released. A stream that becomes unreachable without {@code close()} is reported as a leak
 * (when the pool tracks it) and its chunks are reclaimed.
 *
 * <h2>Threads</h2>
 * Not thread-safe: one thread at a time writes and reads, as with any unsynchronized stream.
 * Only {@link #retain()} and {@link #release()} may be called from any thread.
 *
 * <h2>After close</h2>
 * Writes and reads throw ({@link IOException} where the method declares it, otherwise
 * {@link IllegalStateException}); {@link #size()} is 0; {@code close()} again is a no-op that
 * the listener hears about. No method ever exposes bytes beyond {@link #length()}, so a
 * previous user's data in a reused chunk is never visible.
 */
public final class RecyclableOutputStream extends OutputStream {
    private static final VarHandle REF_COUNT;

    static {
        try {
            REF_COUNT = MethodHandles.lookup().findVarHandle(RecyclableOutputStream.class, "refCount", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BufferPool pool;
    /**
     * The tag ({@code String}, or {@code null}) or, for a tracked stream, its {@link LeakTracker}
     * (which carries the tag). One field for both keeps the stream object at 56 bytes.
     */
    private final Object identity;

    private Chunk head;
    private Chunk tail;
    /** Content bytes in {@link #tail}; {@code tail.length} is brought up to date only when it matters. */
    private int tailPos;
    /** How far the tail may be filled: its capacity, or less where the size cap cuts in. */
    private int tailLimit;
    /** The tail's backing array, or {@code null} when the tail is direct or absent: one load less per byte. */
    private byte[] tailArray;
    /** Bumped whenever chunks leave the stream, so that cursors re-find their place. */
    private int structureVersion;
    private boolean closed;
    /** Set once anything retains the content; until then close() frees without an atomic. */
    private boolean shared;
    /** One for the owner, one per outstanding {@link #retain()}; chunks go back at zero. */
    @SuppressWarnings("unused") // accessed through REF_COUNT
    private volatile int refCount = 1;

    RecyclableOutputStream(BufferPool pool, String tag, LeakTracker leakTracker) {
        this.pool = pool;
        this.identity = leakTracker != null ? leakTracker : tag;
    }

    // ------------------------------------------------------------------ writing

    @Override
    public void write(int b) throws IOException {
        int pos = tailPos;
        if (pos == tailLimit) {
            makeRoom(1);
            pos = tailPos;
        }
        byte[] array = tailArray;
        if (array != null) {
            array[pos] = (byte) b;
        } else {
            tail.buffer.put(pos, (byte) b);
        }
        tailPos = pos + 1;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            ensureOpen();
            return;
        }
        if (contentLength() + len > pool.maxStreamSize()) {
            ensureOpen();
            throw sizeCapExceeded(contentLength() + len);
        }
        while (len > 0) {
            int room = tailLimit - tailPos;
            if (room == 0) {
                makeRoom(len);
                room = tailLimit - tailPos;
            }
            int n = Math.min(room, len);
            tail.put(tailPos, b, off, n);
            tailPos += n;
            off += n;
            len -= n;
        }
    }

    /** Writes all of {@code b}, as {@link java.io.ByteArrayOutputStream#writeBytes}. */
    public void writeBytes(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    /** Writes the remaining bytes of {@code src}, advancing its position. */
    public void write(ByteBuffer src) throws IOException {
        int len = src.remaining();
        if (contentLength() + len > pool.maxStreamSize()) {
            ensureOpen();
            throw sizeCapExceeded(contentLength() + len);
        }
        ensureOpen();
        while (src.hasRemaining()) {
            int room = tailLimit - tailPos;
            if (room == 0) {
                makeRoom(src.remaining());
                room = tailLimit - tailPos;
            }
            int n = Math.min(room, src.remaining());
            tail.buffer.put(tailPos, src, src.position(), n);
            src.position(src.position() + n);
            tailPos += n;
        }
    }

    /**
     * Reads {@code in} to its end straight into chunk space, with no intermediate buffer.
     *
     * @return the number of bytes read
     * @throws BufferLimitExceededException if the input is longer than the stream may grow;
     *                                      what was read up to the cap stays in the stream
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
        long total = 0;
        byte[] scratch = null;
        while (total < maxBytes) {
            if (!ensureRoomForRead(in, null)) {
                break;
            }
            int want = (int) Math.min(tailLimit - tailPos, maxBytes - total);
            Chunk t = tail;
            int n;
            if (t.array != null) {
                n = in.read(t.array, tailPos, want);
            } else {
                if (scratch == null) {
                    scratch = new byte[8192];
                }
                n = in.read(scratch, 0, Math.min(want, scratch.length));
                if (n > 0) {
                    t.put(tailPos, scratch, 0, n);
                }
            }
            if (n < 0) {
                break;
            }
            tailPos += n;
            total += n;
        }
        return total;
    }

    /**
     * Reads {@code in} straight into chunk space until end of stream, or until a non-blocking
     * channel has nothing more right now (a read returns 0).
     *
     * @return the number of bytes read
     */
    public long readFrom(ReadableByteChannel in) throws IOException {
        ensureOpen();
        long total = 0;
        while (true) {
            if (!ensureRoomForRead(null, in)) {
                break;
            }
            int n = in.read(tail.window(tailPos, tailLimit));
            if (n <= 0) {
                break;
            }
            tailPos += n;
            total += n;
        }
        return total;
    }

    /**
     * Makes room for at least one byte, or decides that the input is over. At the size cap it
     * probes the input for one more byte: only a longer input is an error.
     */
    private boolean ensureRoomForRead(InputStream in, ReadableByteChannel channel) throws IOException {
        if (tailPos < tailLimit) {
            return true;
        }
        if (contentLength() >= pool.maxStreamSize()) {
            int probe;
            if (in != null) {
                probe = in.read();
            } else {
                probe = channel.read(ByteBuffer.allocate(1));
            }
            if (probe < 0 || (channel != null && probe == 0)) {
                return false;
            }
            throw sizeCapExceeded(contentLength() + 1);
        }
        makeRoom(1);
        return true;
    }

    /**
     * Free space to fill directly, for producers that write into buffers (a decoder, a channel
     * read): the returned buffer's position..limit is free space after the content. Write into
     * it, then call {@link #commit(int)} with the number of bytes written. The space holds no
     * previous user's bytes.
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
        int room = tailLimit - tailPos;
        if (room < want) {
            long capRoom = pool.maxStreamSize() - contentLength();
            if (capRoom <= 0) {
                throw sizeCapExceeded(contentLength() + want);
            }
            // a new chunk helps only where the cap allows more than the tail already offers
            if (tail == null || room < Math.min(want, capRoom)) {
                appendChunk(want);
            }
        }
        Chunk t = tail;
        t.cleanFrom(tailPos);
        t.touch(tailLimit);
        return t.window(tailPos, tailLimit);
    }

    /** Adds {@code bytes} written into the last {@link #writableBuffer(int)} to the content. */
    public void commit(int bytes) throws IOException {
        ensureOpen();
        if (bytes < 0 || bytes > tailLimit - tailPos) {
            throw new IllegalArgumentException("commit of " + bytes + " bytes, but only "
                    + (tailLimit - tailPos) + " bytes were writable");
        }
        tailPos += bytes;
    }

    /** Slow path of the writes: fails when closed or at the cap, else starts a new chunk. */
    private void makeRoom(int wanted) throws IOException {
        ensureOpen();
        if (contentLength() >= pool.maxStreamSize()) {
            throw sizeCapExceeded(contentLength() + wanted);
        }
        appendChunk(wanted);
    }

    /** Seals the tail and appends a chunk with room for {@code wanted} bytes where possible. */
    private void appendChunk(int wanted) {
        int next = tail == null ? 0 : pool.streamChunkClassAfter(tail.sizeClass);
        int sizeClass = Math.max(next, pool.streamChunkClassFor(wanted));
        Chunk c = pool.lease(sizeClass);
        c.offset = contentLength();
        if (tail == null) {
            head = c;
            if (identity instanceof LeakTracker tracker) {
                tracker.head = c;
            }
        } else {
            sealTail();
            tail.next = c;
        }
        tail = c;
        tailArray = c.array;
        tailPos = 0;
        tailLimit = (int) Math.min(c.capacity, pool.maxStreamSize() - contentLength());
    }

    // ------------------------------------------------------------------ reading

    /** The content length, as {@link java.io.ByteArrayOutputStream#size()}; 0 after close. */
    public int size() {
        if (closed) {
            return 0;
        }
        if (contentLength() > Integer.MAX_VALUE) {
            throw new IllegalStateException("length " + contentLength() + " does not fit an int: use length()");
        }
        return (int) contentLength();
    }

    /** The content length as a {@code long}; 0 after close. */
    public long length() {
        return closed ? 0 : contentLength();
    }

    /** Number of chunks holding the content (for diagnostics and sizing views). */
    public int chunkCount() {
        int count = 0;
        for (Chunk c = closed ? null : head; c != null; c = c.next) {
            count++;
        }
        return count;
    }

    /** The tag given at creation, or {@code null}. */
    public String tag() {
        return identity instanceof LeakTracker tracker ? tracker.tag() : (String) identity;
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
        pool.fire(l -> l.toByteArrayCalled(tag(), contentLength()));
        return copyContent();
    }

    private byte[] copyContent() {
        byte[] copy = new byte[arrayLength()];
        copyInto(copy);
        return copy;
    }

    /** The content length, checked to fit one Java array. */
    private int arrayLength() {
        long length = contentLength();
        if (length > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("length " + length + " is too large for one array");
        }
        return (int) length;
    }

    /** Copies the whole content to the start of {@code dst}. */
    private void copyInto(byte[] dst) {
        int at = 0;
        for (Chunk c = head; c != null; c = c.next) {
            int len = lengthOf(c);
            c.get(0, dst, at, len);
            at += len;
        }
    }

    /** Decodes the content with {@code charset}, as {@link java.io.ByteArrayOutputStream#toString(Charset)}. */
    public String toString(Charset charset) {
        ensureOpenUnchecked();
        if (head == tail && head != null && head.array != null) {
            return new String(head.array, 0, tailPos, charset);
        }
        return new String(copyContent(), charset);
    }

    /** Decodes the content with the named charset. */
    public String toString(String charsetName) throws java.io.UnsupportedEncodingException {
        ensureOpenUnchecked();
        return new String(copyContent(), charsetName);
    }

    /** Decodes the content with the platform's default charset, as {@code ByteArrayOutputStream} does. */
    @Override
    public String toString() {
        return closed ? "" : toString(Charset.defaultCharset());
    }

    /** Writes the content to {@code out}, as {@link java.io.ByteArrayOutputStream#writeTo}; no copy for heap chunks. */
    public void writeTo(OutputStream out) throws IOException {
        ensureOpen();
        byte[] scratch = null;
        for (Chunk c = head; c != null; c = c.next) {
            int len = lengthOf(c);
            if (c.array != null) {
                out.write(c.array, 0, len);
            } else {
                if (scratch == null) {
                    scratch = new byte[8192];
                }
                for (int at = 0; at < len; at += scratch.length) {
                    int n = Math.min(scratch.length, len - at);
                    c.get(at, scratch, 0, n);
                    out.write(scratch, 0, n);
                }
            }
        }
    }

    /**
     * Writes the content to a blocking channel straight from the chunks.
     *
     * @return the number of bytes written
     */
    public long writeTo(WritableByteChannel out) throws IOException {
        ensureOpen();
        long total = 0;
        for (Chunk c = head; c != null; c = c.next) {
            ByteBuffer view = c.readOnlyView();
            view.limit(lengthOf(c));
            while (view.hasRemaining()) {
                total += out.write(view);
            }
        }
        return total;
    }

    /**
     * Visits the content as consecutive segments without copying: heap chunks as
     * {@code (array, offset, length)}, direct chunks as read-only buffers.
     */
    public void forEachSegment(SegmentVisitor visitor) throws IOException {
        ensureOpen();
        for (Chunk c = head; c != null; c = c.next) {
            int len = lengthOf(c);
            if (len == 0) {
                continue;
            }
            if (c.array != null) {
                visitor.visit(c.array, 0, len);
            } else {
                visitor.visit(c.readOnlyView().limit(len));
            }
        }
    }

    /**
     * Read-only buffers over the content, one per chunk, for gathering writes. The view retains
     * the content: close it when done (the chunks stay out of the pool until then).
     */
    public ByteBufferView byteBuffers() {
        ensureOpenUnchecked();
        ByteBuffer[] buffers = new ByteBuffer[chunkCount()];
        int i = 0;
        for (Chunk c = head; c != null; c = c.next) {
            buffers[i++] = c.buffer.asReadOnlyBuffer().limit(lengthOf(c)).position(0);
        }
        retain();
        return new ByteBufferView(this, buffers);
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
     * Seek and SetLength. Writing past the end fills the gap with zeros. Closing the channel
     * does not close the stream; closing the stream makes the channel fail.
     */
    public SeekableByteChannel channel() {
        ensureOpenUnchecked();
        return new ContentChannel(this);
    }

    /**
     * The content as one array, for APIs that need {@code byte[]}. When the content fits in one
     * heap chunk the chunk itself is shared (no copy); otherwise it is copied once into an array
     * leased from the pool. Close the result to give the memory back.
     */
    public PooledArray contiguous() {
        ensureOpenUnchecked();
        int length = arrayLength();
        if (head != null && head == tail && head.array != null) {
            head.cleanFrom(tailPos);
            head.touch(head.capacity);
            retain();
            return PooledArray.sharing(this, head.array, length);
        }
        Chunk copy = pool.leaseArray(Math.max(1, length));
        copy.cleanFrom(0);
        copyInto(copy.array);
        copy.touch(copy.capacity);
        return PooledArray.owning(pool, copy, length);
    }

    // ------------------------------------------------------------------ random access (package-private, for ContentChannel/ContentInputStream)

    /** The content length: everything before the tail, plus what the tail holds. */
    private long contentLength() {
        Chunk t = tail;
        return t == null ? 0 : t.offset + tailPos;
    }

    int lengthOf(Chunk c) {
        return c == tail ? tailPos : c.length;
    }

    long rawSize() {
        return contentLength();
    }

    int structureVersion() {
        return structureVersion;
    }

    Chunk head() {
        return head;
    }

    /** The chunk holding byte {@code pos} ({@code pos < size}), searching on from {@code hint} when it lies before. */
    Chunk chunkAt(long pos, Chunk hint) {
        Chunk c = hint != null && hint.offset <= pos ? hint : head;
        while (pos >= c.offset + lengthOf(c)) {
            c = c.next;
        }
        return c;
    }

    /** Overwrites or extends the content at {@code pos} with {@code src}; a gap past the end becomes zeros. */
    void writeAt(long pos, ByteBuffer src) throws IOException {
        ensureOpen();
        long end = pos + src.remaining();
        if (end > pool.maxStreamSize()) {
            throw sizeCapExceeded(end);
        }
        if (pos > contentLength()) {
            appendZeros(pos - contentLength());
        }
        Chunk c = null;
        while (src.hasRemaining() && pos < contentLength()) {
            c = chunkAt(pos, c);
            int at = (int) (pos - c.offset);
            int n = Math.min(src.remaining(), lengthOf(c) - at);
            c.buffer.put(at, src, src.position(), n);
            src.position(src.position() + n);
            pos += n;
        }
        if (src.hasRemaining()) {
            write(src);
        }
    }

    private void appendZeros(long count) throws IOException {
        while (count > 0) {
            if (tailPos == tailLimit) {
                makeRoom(1);
            }
            int n = (int) Math.min(count, tailLimit - tailPos);
            tail.zero(tailPos, tailPos + n);
            tailPos += n;
            count -= n;
        }
    }

    /**
     * Cuts the content to {@code newLength} bytes, returning chunks no longer needed to the pool.
     * A length at or beyond the current one changes nothing.
     */
    void truncate(long newLength) throws IOException {
        ensureOpen();
        if (newLength < 0) {
            throw new IllegalArgumentException("length must not be negative: " + newLength);
        }
        if (newLength >= contentLength()) {
            return;
        }
        if (newLength == 0) {
            reset();
            return;
        }
        Chunk last = chunkAt(newLength - 1, null);
        sealTail();
        last.touch(last.length);
        releaseAfter(last);
        tail = last;
        tailArray = last.array;
        tailPos = (int) (newLength - last.offset);
        tailLimit = (int) Math.min(last.capacity, pool.maxStreamSize() - last.offset);
    }

    /** Returns every chunk after {@code keep} to the pool. */
    private void releaseAfter(Chunk keep) {
        if (keep == tail) {
            return;
        }
        sealTail();
        Chunk c = keep.next;
        keep.next = null;
        while (c != null) {
            Chunk next = c.next;
            c.detach();
            pool.release(c);
            c = next;
        }
        structureVersion++;
    }

    /**
     * Discards the content, keeping the first chunk for reuse, as
     * {@link java.io.ByteArrayOutputStream#reset()}.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public void reset() {
        ensureOpenUnchecked();
        if (head == null) {
            return;
        }
        sealTail();
        head.touch(head.length);
        releaseAfter(head);
        structureVersion++;
        head.length = 0;
        tail = head;
        tailArray = head.array;
        tailPos = 0;
        tailLimit = (int) Math.min(head.capacity, pool.maxStreamSize());
    }

    // ------------------------------------------------------------------ lifecycle

    /**
     * Adds a reference to the content, so that it outlives {@link #close()} until a matching
     * {@link #release()}. For views handed to other code (Netty buffers, queued writes).
     * May be called from any thread while the stream is open.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public RecyclableOutputStream retain() {
        ensureOpenUnchecked();
        while (true) {
            int count = (int) REF_COUNT.getVolatile(this);
            if (count <= 0) {
                throw new IllegalStateException("stream content already released");
            }
            if (REF_COUNT.compareAndSet(this, count, count + 1)) {
                shared = true;
                return this;
            }
        }
    }

    /**
     * Drops a reference taken by {@link #retain()}; the last one returns the chunks to the pool.
     * May be called from any thread.
     *
     * @throws IllegalStateException if called more often than {@code retain()} (plus the owner's close)
     */
    public void release() {
        int before = (int) REF_COUNT.getAndAdd(this, -1);
        if (before == 1) {
            freeContent();
        } else if (before <= 0) {
            REF_COUNT.getAndAdd(this, 1);
            throw new IllegalStateException("stream content released more often than retained");
        }
    }

    /**
     * Ends the stream and gives its chunks back to the pool (once no retained view holds them).
     * Idempotent: a second call does nothing but tell the pool's listener.
     */
    @Override
    public void close() {
        if (closed) {
            pool.fire(l -> l.streamDoubleClosed(tag()));
            return;
        }
        closed = true;
        if (pool.hasListener()) {
            pool.streamClosed(tag(), contentLength());
        }
        if (shared) {
            release();
        } else {
            // nobody else ever held the content: the owner's reference is the only one
            REF_COUNT.setOpaque(this, 0);
            freeContent();
        }
    }

    /**
     * Brings the tail's recorded length up to date, and remembers how far it was written: bytes
     * cut off later by a reset or truncate must still be scrubbed before another owner sees them.
     */
    private void sealTail() {
        if (tail != null) {
            tail.length = tailPos;
            tail.touch(tailPos);
        }
    }

    private void freeContent() {
        Chunk c = head;
        sealTail();
        head = null;
        tail = null;
        tailArray = null;
        tailPos = 0;
        tailLimit = 0;
        structureVersion++;
        if (identity instanceof LeakTracker tracker) {
            tracker.released();
        }
        while (c != null) {
            Chunk next = c.next;
            c.detach();
            pool.release(c);
            c = next;
        }
    }

    // ------------------------------------------------------------------ checks

    private void ensureOpen() throws IOException {
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
        return describe() + " is closed";
    }

    private BufferLimitExceededException sizeCapExceeded(long requested) {
        String tag = tag();
        pool.fire(l -> l.sizeCapExceeded(tag, requested, pool.maxStreamSize()));
        return new BufferLimitExceededException(describe(), requested, pool.maxStreamSize());
    }

    private String describe() {
        return LeakTracker.describe(tag());
    }
}
