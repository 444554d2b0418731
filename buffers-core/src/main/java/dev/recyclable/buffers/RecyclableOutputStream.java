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

import dev.recyclable.buffers.internal.Chunk;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
 * Content that anything else holds (a view, a {@code ByteBuf}, a {@code PooledArray}, a
 * {@code WebSocketMessage} handed out, an explicit {@code retain()}) is frozen: it is never
 * written again and its chunks never return to the pool until the last holder lets go.
 * Operations that would change or recycle frozen content ({@code reset}, {@code truncate},
 * channel writes over it, the decoder's reuse of a message stream) leave the frozen chunks to
 * their holders and continue on fresh chunks. After {@code close()}, every write fails, fast
 * path included, whatever is still open. No API shows bytes beyond the content: views are
 * sliced to the content, space handed out for filling is zero where anyone (this stream
 * included) wrote before.
 *
 * <p>This is Okio's rule for shared segments ("may not be recycled, nor its data changed"),
 * kept per chunk: each chunk counts its holders (the stream that links it, and every
 * {@link ByteBufferView}, {@link PooledArray}, Netty {@code ByteBuf} from the interop package
 * and {@link #retain()} that shows it), and the last holder to let go returns it to the pool.
 * A stream nothing ever shared pays nothing for this: it frees its chunks without an atomic.
 * A stream that becomes unreachable without {@code close()} is reported as a leak (when the
 * pool tracks it) and the chunks it alone held are reclaimed.
 *
 * <h2>Threads</h2>
 * Not thread-safe: one thread at a time writes, reads and takes views, as with any
 * unsynchronized stream. Views may be read and closed on other threads, and {@link #release()}
 * may be called from any thread.
 *
 * <h2>After close</h2>
 * Writes and reads throw ({@link IOException} where the method declares it, otherwise
 * {@link IllegalStateException}); {@link #size()} is 0; {@code close()} again is a no-op that
 * the listener hears about. No method ever exposes bytes beyond {@link #length()}, so a
 * previous user's data in a reused chunk is never visible.
 */
public final class RecyclableOutputStream extends OutputStream {
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
    /**
     * Set once anything else held one of the stream's chunks: from then on chunks are dropped
     * through their holder counts and checked for holders before they are changed; until then
     * every chunk is the stream's alone and goes back without an atomic.
     */
    private boolean shared;
    /** The content held by explicit {@link #retain()} calls, created by the first one. */
    private volatile ExplicitRetains explicitRetains;

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
            throw new IllegalArgumentException(
                    "commit of " + bytes + " bytes, but only " + (tailLimit - tailPos) + " bytes were writable");
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
     * Read-only buffers over the content, one per chunk, each sliced to its segment, for
     * gathering writes. The view holds the content and freezes it (see the class comment): it
     * keeps showing these bytes whatever the stream does next, until the view is closed.
     */
    public ByteBufferView byteBuffers() {
        ensureOpenUnchecked();
        Chunk[] chunks = holdContent();
        ByteBuffer[] buffers = new ByteBuffer[chunks.length];
        for (int i = 0; i < chunks.length; i++) {
            Chunk c = chunks[i];
            buffers[i] = c.readOnlyView().slice(0, lengthOf(c));
        }
        return new ByteBufferView(pool, chunks, buffers);
    }

    /** Adds a holder to every chunk of the content, for a view; returns the chunks. */
    private Chunk[] holdContent() {
        Chunk[] chunks = new Chunk[chunkCount()];
        int i = 0;
        for (Chunk c = head; c != null; c = c.next) {
            c.hold();
            chunks[i++] = c;
        }
        shared = true;
        return chunks;
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
        int length = arrayLength();
        Chunk only = head;
        if (only != null && only == tail && only.array != null && !(shared && only.isShared())) {
            // the holder sees the whole array: nothing past the content may show, own bytes included
            sealTail();
            only.cutTo(tailPos);
            only.cleanFrom(tailPos);
            only.touch(only.capacity);
            only.hold();
            shared = true;
            tailLimit = tailPos; // frozen: appending here would change what the holder sees
            return new PooledArray(pool, only, length, tag());
        }
        Chunk copy = pool.leaseArray(Math.max(1, length));
        copy.cleanFrom(0);
        copyInto(copy.array);
        copy.touch(copy.capacity);
        copy.detach(); // no stream links it: its holder's bookkeeping starts (and ends) here
        return new PooledArray(pool, copy, length, tag());
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
     * <p>Why a shield rather than a {@code close()} that only seals: {@code close()} is where
     * pooled memory goes back, and try-with-resources on the stream itself must keep doing that.
     * The shield marks the one place where a wrapper is allowed to close without owning the
     * memory, as {@code ByteArrayOutputStream}'s no-op {@code close()} does implicitly and
     * commons-io's {@code CloseShieldOutputStream} explicitly. Ownership does not change: the
     * creator of this stream still closes it. A write through a closed view throws; take one view
     * per wrapper. The view allocates one small object and adds no reference count.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public OutputStream shielded() {
        ensureOpenUnchecked();
        return new ShieldedOutputStream(this);
    }

    // ------------------------------------------------------------------ random access (package-private, for
    // ContentChannel/ContentInputStream)

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

    /**
     * Overwrites or extends the content at {@code pos} with {@code src}; a gap past the end
     * becomes zeros. A chunk that someone else holds is replaced by a copy before it is written.
     * The cap is checked, without overflow, before anything is written or zero-filled.
     */
    void writeAt(long pos, ByteBuffer src) throws IOException {
        ensureOpen();
        int length = src.remaining();
        if (pos > pool.maxStreamSize() - length) {
            throw sizeCapExceeded(pos > Long.MAX_VALUE - length ? Long.MAX_VALUE : pos + length);
        }
        if (pos > contentLength()) {
            appendZeros(pos - contentLength());
        }
        Chunk c = null;
        while (src.hasRemaining() && pos < contentLength()) {
            c = chunkAt(pos, c);
            if (shared && c.isShared()) {
                c = replaceFrozen(c, lengthOf(c));
            }
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
     * Cuts the content to {@code newLength} bytes, letting go of chunks no longer needed. A chunk
     * kept in part that someone else holds is replaced by a copy of the part kept, so that
     * writing on never changes what its holders see. A length at or beyond the current one
     * changes nothing.
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
        int keep = (int) (newLength - last.offset);
        sealTail();
        dropAfter(last);
        tail = last;
        if (shared && last.isShared()) {
            last = replaceFrozen(last, keep);
        } else {
            last.cutTo(keep);
        }
        tailArray = last.array;
        tailPos = keep;
        tailLimit = (int) Math.min(last.capacity, pool.maxStreamSize() - last.offset);
    }

    /** Lets go of every chunk after {@code keep}, which becomes the last of the list. */
    private void dropAfter(Chunk keep) {
        if (keep == tail) {
            return;
        }
        sealTail();
        Chunk c = keep.next;
        keep.next = null;
        dropChain(c);
        structureVersion++;
    }

    /** Lets go of {@code c} and the chunks linked after it, which have left the list. */
    private void dropChain(Chunk c) {
        boolean checkHolders = shared;
        while (c != null) {
            Chunk next = c.next;
            c.detach();
            if (checkHolders) {
                pool.letGo(c);
            } else {
                pool.release(c); // never shared: the stream is its only holder
            }
            c = next;
        }
    }

    /**
     * Replaces {@code frozen}, which someone else holds, by a fresh chunk holding a copy of its
     * first {@code keep} bytes, and lets go of it: its holders keep it as it is.
     */
    private Chunk replaceFrozen(Chunk frozen, int keep) {
        Chunk copy = pool.lease(frozen.sizeClass);
        copy.buffer.put(0, frozen.buffer, 0, keep);
        copy.offset = frozen.offset;
        copy.length = keep;
        copy.touch(keep);
        copy.next = frozen.next;
        if (frozen == head) {
            head = copy;
            if (identity instanceof LeakTracker tracker) {
                tracker.head = copy;
            }
        } else {
            Chunk before = head;
            while (before.next != frozen) {
                before = before.next;
            }
            before.next = copy;
        }
        if (frozen == tail) {
            tail = copy;
            tailArray = copy.array;
            tailLimit = (int) Math.min(copy.capacity, pool.maxStreamSize() - copy.offset);
        }
        frozen.detach();
        pool.letGo(frozen);
        structureVersion++;
        return copy;
    }

    /**
     * Discards the content, keeping the first chunk for reuse, as
     * {@link java.io.ByteArrayOutputStream#reset()}. Chunks that a view holds stay with it,
     * unchanged (the stream then starts again on a fresh chunk); space handed out later shows
     * zeros where the discarded content was.
     *
     * @throws IllegalStateException if the stream is closed
     */
    public void reset() {
        ensureOpenUnchecked();
        Chunk first = head;
        if (first == null) {
            return;
        }
        sealTail();
        structureVersion++;
        if (shared && first.isShared()) {
            // its holders keep it: the stream starts again on a fresh chunk at its next write
            head = null;
            tail = null;
            tailArray = null;
            tailPos = 0;
            tailLimit = 0;
            if (identity instanceof LeakTracker tracker) {
                tracker.head = null;
            }
            dropChain(first);
            return;
        }
        dropAfter(first);
        first.cutTo(0); // the old content is dirt now: zeroed before space is handed out again
        tail = first;
        tailArray = first.array;
        tailPos = 0;
        tailLimit = (int) Math.min(first.capacity, pool.maxStreamSize());
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
        retains.add(holdContent());
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
        if (closed) {
            pool.fire(l -> l.streamDoubleClosed(tag()));
            return;
        }
        closed = true;
        if (pool.hasListener()) {
            pool.streamClosed(tag(), contentLength());
        }
        freeContent();
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

    /**
     * Lets go of every chunk (holders of frozen ones keep them). With no tail left, every write,
     * the fast paths included, falls through to {@link #makeRoom}, which fails on the closed stream.
     */
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
        dropChain(c);
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
        // the usual way to get here: try (var gz = new GZIPOutputStream(out)) {...} closed it
        return describe() + " is closed (a wrapper such as GZIPOutputStream, ObjectOutputStream or a JsonGenerator"
                + " closes its target: give it out.shielded() instead, and close the stream itself once done)";
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
