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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.interop.NettyViews;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.SeekableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A chunk that goes back to the pool carries nothing of its last owner: no bytes where the next
 * owner can see them, no limit, position, mark or byte order on its buffers, no holders, no
 * links. Each test uses chunks one way, then leases every idle chunk and checks that it is as
 * new, and that a next owner's writes through every path work on it.
 */
class RecycledChunkTest {
    private static final byte DIRT = 0x5A;

    private final List<BufferPool> pools = new ArrayList<>();

    @AfterEach
    void nothingInUse() {
        for (BufferPool pool : pools) {
            assertEquals(0, pool.stats().bytesInUse(), () -> "pool: " + pool.stats());
        }
    }

    private BufferPool pool(boolean direct, long maxStreamSize) {
        BufferPool pool = BufferPool.builder()
                .minChunkSize(1024)
                .maxChunkSize(64 * 1024)
                .maxStreamSize(maxStreamSize)
                .directChunks(direct)
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
        pools.add(pool);
        return pool;
    }

    private BufferPool pool(boolean direct) {
        return pool(direct, Integer.MAX_VALUE - 8);
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        for (int i = 0; i < n; i++) {
            if (b[i] == DIRT) {
                b[i] = 0; // so that any DIRT byte seen is a previous owner's
            }
        }
        return b;
    }

    private static byte[] dirt(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, DIRT);
        return b;
    }

    /** Fills two chunks of every class a stream uses, 1 to 64 KiB, with non-zero bytes and gives them back. */
    private static void soil(BufferPool pool) throws IOException {
        List<RecyclableOutputStream> owners = new ArrayList<>();
        for (int size = 1024; size <= 65536; size *= 2) {
            for (int twice = 0; twice < 2; twice++) {
                RecyclableOutputStream s = pool.newStream("previous owner");
                s.write(dirt(size)); // a first write starts with a chunk that fits it
                assertEquals(1, s.chunkCount());
                owners.add(s);
            }
        }
        owners.forEach(RecyclableOutputStream::close);
    }

    // ---- 1. stale limits

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void aWritableBufferCutByTheSizeCapLeavesNoLimitOnTheChunk(boolean direct) throws IOException {
        BufferPool pool = pool(direct, 100_000);
        try (RecyclableOutputStream s1 = pool.newStream()) {
            s1.write(new byte[70_000]);
            ByteBuffer capped = s1.writableBuffer(1);
            assertTrue(capped.remaining() > 0);
        }
        byte[] payload = random(70_000, 1);
        try (RecyclableOutputStream s2 = pool.newStream()) {
            s2.write(ByteBuffer.wrap(payload));
            assertArrayEquals(payload, s2.toByteArray());
        }
        assertIdleChunksAsNew(pool);
    }

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void aCallerThatMovesTheWritableBuffersLimitLeavesNothingForTheNextOwner(boolean direct) throws IOException {
        BufferPool pool = pool(direct);
        soil(pool);
        for (int size : new int[] {1024, 4096, 16384, 65536}) {
            try (RecyclableOutputStream s1 = pool.newStream()) {
                // what a ByteSource may do with the buffer it fills (Netty's getBytes(index, ByteBuffer))
                ByteBuffer space = s1.writableBuffer(size);
                space.limit(space.position() + 3).position(space.position() + 1).mark();
                space.order(ByteOrder.LITTLE_ENDIAN);
                s1.commit(0);
            }
        }
        assertIdleChunksAsNew(pool);
        assertNextOwnerWritesEveryWay(pool);
        assertIdleChunksAsNew(pool);
    }

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void theWritableBufferOfTheSameOwnerIsFreshOnEveryCall(boolean direct) throws IOException {
        BufferPool pool = pool(direct);
        try (RecyclableOutputStream s = pool.newStream()) {
            ByteBuffer first = s.writableBuffer(100);
            first.limit(first.position() + 1).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer again = s.writableBuffer(100);
            assertTrue(again.remaining() >= 100, "remaining " + again.remaining());
            assertEquals(ByteOrder.BIG_ENDIAN, again.order());
            s.write(ByteBuffer.wrap(new byte[2000])); // the chunk's own copies ignore the caller's window
            s.write(7);
            assertEquals(2001, s.size());
        }
    }

    // ---- 2. a frozen tail overwritten through the channel

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void aFrozenTailOverwrittenThroughTheChannelLeavesWithItsBytesRecorded(boolean direct) throws IOException {
        BufferPool pool = pool(direct);
        byte[] secret = "secret=hunter2;".repeat(30).getBytes(StandardCharsets.US_ASCII);
        ByteBufferView held;
        try (RecyclableOutputStream alice = pool.newStream("alice")) {
            alice.write(secret);
            held = alice.byteBuffers();
            alice.channel().position(0).write(ByteBuffer.wrap("X".getBytes(StandardCharsets.US_ASCII)));
            assertEquals('X', alice.toByteArray()[0]);
        }
        assertArrayEquals(secret, HeldBytes.of(held), "the view keeps the frozen bytes");
        held.close();

        try (RecyclableOutputStream bob = pool.newStream("bob")) {
            ByteBuffer space = bob.writableBuffer(1000);
            byte[] seen = new byte[space.remaining()];
            space.duplicate().get(seen);
            assertArrayEquals(new byte[seen.length], seen, "bob's free space shows alice's bytes");
            bob.commit(10);
            try (PooledArray copy = bob.contiguous()) {
                byte[] whole = copy.array();
                assertArrayEquals(new byte[whole.length], whole, "bob's copy shows alice's bytes");
            }
        }
        assertIdleChunksAsNew(pool);
    }

    @Test
    void aContiguousArrayThatIsTheStreamsOwnChunkShowsZerosPastTheContent() throws IOException {
        BufferPool pool = pool(false);
        soil(pool);
        try (RecyclableOutputStream s = pool.newStream("owner")) {
            s.write(new byte[] {1, 2, 3}); // a plain write copies over a previous owner's bytes, cleaning nothing
            try (PooledArray arr = s.contiguous()) {
                byte[] whole = arr.array();
                assertSame(s.content.head.array(), whole, "the stream's own chunk, not a copy");
                for (int i = 3; i < whole.length; i++) {
                    assertEquals(0, whole[i], "a previous owner's byte at " + i);
                }
            }
        }
        assertIdleChunksAsNew(pool);
    }

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void aFrozenMiddleChunkOverwrittenThroughTheChannelLeavesWithItsBytesRecorded(boolean direct) throws IOException {
        BufferPool pool = pool(direct);
        try (RecyclableOutputStream s = pool.newStream()) {
            s.write(dirt(1024 + 4096 + 100));
            try (ByteBufferView held = s.byteBuffers()) {
                SeekableByteChannel ch = s.channel();
                ch.position(1500).write(ByteBuffer.wrap(new byte[10]));
                ch.position(5200).write(ByteBuffer.wrap(new byte[10])); // the tail, past its frozen part
                s.truncate(3000);
                assertArrayEquals(dirt(1024 + 4096 + 100), HeldBytes.of(held));
            }
        }
        assertIdleChunksAsNew(pool);
    }

    // ---- 3. views a user holds are read-only and end at the content

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void aNettyViewCannotWriteTheContentNorReachPastIt(boolean direct) throws IOException {
        BufferPool pool = pool(direct);
        soil(pool);
        byte[] content = random(1024 + 100, 2);
        try (RecyclableOutputStream s = pool.newStream()) {
            s.write(content);
            ByteBuf buf = NettyViews.asByteBuf(s);
            try {
                assertTrue(buf.isReadOnly());
                assertThrows(ReadOnlyBufferException.class, () -> buf.setByte(0, 1));
                assertFalse(buf.hasArray());
                ByteBuf inner = buf.unwrap();
                if (inner != null) {
                    assertThrows(ReadOnlyBufferException.class, () -> inner.setByte(0, 1));
                    assertThrows(ReadOnlyBufferException.class, () -> inner.setByte(1024 + 50, 1));
                    if (inner instanceof CompositeByteBuf composite) {
                        int total = 0;
                        for (int i = 0; i < composite.numComponents(); i++) {
                            ByteBuf part = composite.component(i);
                            total += part.capacity();
                            assertThrows(ReadOnlyBufferException.class, () -> part.setByte(0, 1));
                            assertFalse(part.hasArray(), "a component hands out the chunk's whole array");
                            ByteBuf under = part.unwrap();
                            while (under != null) {
                                assertTrue(
                                        under.capacity() <= part.capacity(),
                                        "a component reaches " + under.capacity() + " bytes of memory");
                                under = under.unwrap();
                            }
                        }
                        assertEquals(content.length, total, "components end at the content");
                    }
                }
                for (ByteBuffer nio : buf.nioBuffers()) {
                    assertTrue(nio.isReadOnly());
                }
                assertEquals(
                        content.length,
                        Arrays.stream(buf.nioBuffers())
                                .mapToInt(ByteBuffer::capacity)
                                .sum());
                assertArrayEquals(content, HeldBytes.of(buf));
                s.reset();
                s.write(new byte[500]);
                assertArrayEquals(content, HeldBytes.of(buf), "the view keeps the content across reset");
            } finally {
                buf.release();
            }
        }
        assertIdleChunksAsNew(pool);
    }

    @Test
    void memoryHandedToCalleesShowsNoPreviousOwnersBytes() throws IOException {
        for (boolean direct : new boolean[] {false, true}) {
            BufferPool pool = pool(direct);
            soil(pool);
            byte[] content = random(1024 + 300, 3);
            try (RecyclableOutputStream s = pool.newStream()) {
                s.write(content);
                List<String> seen = new ArrayList<>();
                s.forEachSegment(new SegmentVisitor() {
                    @Override
                    public void visit(byte[] array, int offset, int length) {
                        seen.add(beyond(ByteBuffer.wrap(array), offset + length));
                    }

                    @Override
                    public void visit(ByteBuffer segment) {
                        assertTrue(segment.isReadOnly());
                        seen.add(beyond(segment.duplicate().clear(), segment.limit()));
                    }
                });
                s.writeTo(new WritableByteChannel() {
                    @Override
                    public int write(ByteBuffer src) {
                        assertTrue(src.isReadOnly());
                        seen.add(beyond(src.duplicate().clear(), src.limit()));
                        int n = src.remaining();
                        src.position(src.limit());
                        return n;
                    }

                    @Override
                    public boolean isOpen() {
                        return true;
                    }

                    @Override
                    public void close() {}
                });
                s.writeTo(new OutputStream() {
                    @Override
                    public void write(int b) {}

                    @Override
                    public void write(byte[] b, int off, int len) {
                        seen.add(beyond(ByteBuffer.wrap(b), off + len));
                    }
                });
                assertEquals(List.of(), nonEmpty(seen), direct ? "direct" : "heap");
            }
            try (RecyclableOutputStream s = pool.newStream()) {
                List<String> seen = new ArrayList<>();
                s.readFrom(new InputStream() {
                    private final InputStream data = new ByteArrayInputStream(random(6000, 4));

                    @Override
                    public int read() throws IOException {
                        return data.read();
                    }

                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        seen.add("before " + off + ": " + beyond(ByteBuffer.wrap(b), off));
                        return data.read(b, off, len);
                    }
                });
                assertEquals(6000, s.size());
                assertEquals(List.of(), nonEmpty(seen), direct ? "direct" : "heap");
            }
            assertIdleChunksAsNew(pool);
        }
    }

    /** Non-zero bytes at or after {@code from} that are not the stream's own: a description, or "". */
    private static String beyond(ByteBuffer whole, int from) {
        for (int i = from; i < whole.limit(); i++) {
            if (whole.get(i) == DIRT) {
                return "a previous owner's byte at " + i + " of " + whole.limit();
            }
        }
        return "";
    }

    private static List<String> nonEmpty(List<String> seen) {
        return seen.stream().filter(s -> !s.isEmpty() && !s.endsWith(": ")).toList();
    }

    // ---- the checks

    /** A next owner writes through every path, on heap or direct chunks, after whatever came before. */
    private static void assertNextOwnerWritesEveryWay(BufferPool pool) throws IOException {
        byte[] big = random(90_000, 5);
        try (RecyclableOutputStream s = pool.newStream("next owner")) {
            s.write(ByteBuffer.wrap(big, 0, 30_000));
            s.write(big, 30_000, 30_000);
            for (int i = 60_000; i < 61_000; i++) {
                s.write(big[i]);
            }
            ByteBuffer direct = ByteBuffer.allocateDirect(29_000);
            direct.put(big, 61_000, 29_000).flip();
            s.write(direct);
            assertArrayEquals(big, s.toByteArray());
            SeekableByteChannel ch = s.channel();
            ByteBuffer read = ByteBuffer.allocate(big.length);
            ch.position(0).read(read);
            assertArrayEquals(big, read.array());
            ch.position(70_000).write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            big[70_000] = 1;
            big[70_001] = 2;
            big[70_002] = 3;
            assertArrayEquals(big, s.toByteArray());
        }
    }

    private static void assertIdleChunksAsNew(BufferPool pool) {
        IdleChunks.assertAllAsNew(pool);
    }
}
