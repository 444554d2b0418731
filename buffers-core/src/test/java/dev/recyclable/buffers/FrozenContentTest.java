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

import static dev.recyclable.buffers.TestBytes.anotherStreamScribbles;
import static dev.recyclable.buffers.TestBytes.filled;
import static dev.recyclable.buffers.TestBytes.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.interop.NettyViews;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Content that anything else holds is frozen: never written again, never recycled until the
 * last holder lets go; the stream goes on with fresh chunks. Each test reproduces one way the
 * rule used to break: another stream leasing the recycled chunks, or this stream writing on.
 */
class FrozenContentTest {
    private final BufferPool heap = BufferPool.builder()
            .minChunkSize(1024)
            .maxChunkSize(16 * 1024)
            .idleDecay(Duration.ZERO)
            .build();
    private final BufferPool direct = BufferPool.builder()
            .minChunkSize(1024)
            .maxChunkSize(16 * 1024)
            .directChunks(true)
            .idleDecay(Duration.ZERO)
            .build();

    @AfterEach
    void nothingInUse() {
        assertEquals(0, heap.stats().bytesInUse(), () -> "heap pool: " + heap.stats());
        assertEquals(0, direct.stats().bytesInUse(), () -> "direct pool: " + direct.stats());
    }

    private BufferPool pool(boolean useDirect) {
        return useDirect ? direct : heap;
    }

    private static byte[] bytesOf(ByteBufferView view) {
        return HeldBytes.of(view);
    }

    private static byte[] bytesOf(ByteBuf buf) {
        return HeldBytes.of(buf);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void resetLeavesAViewItsBytesAndTheStreamGoesOnWithFreshChunks(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        byte[] first = random(50_000, 1);
        byte[] second = random(30_000, 2);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(first);
            try (ByteBufferView view = out.byteBuffers()) {
                out.reset();
                out.write(second);
                anotherStreamScribbles(pool, 100_000);
                assertArrayEquals(first, bytesOf(view), "the view shows what it was taken over");
                assertArrayEquals(second, out.toByteArray());
            }
            assertArrayEquals(second, out.toByteArray());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void resetAndReleaseLeavesAViewItsBytesAndHoldsNothingElse(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        byte[] first = random(50_000, 5);
        byte[] second = random(3_000, 6);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(first);
            ByteBufferView view = out.byteBuffers();
            long held = pool.stats().bytesInUse();
            out.resetAndRelease();
            assertEquals(held, pool.stats().bytesInUse(), "the view's chunks stay with the view");
            assertEquals(0, out.length());
            assertEquals(0, out.chunkCount());
            anotherStreamScribbles(pool, 100_000);
            assertArrayEquals(first, bytesOf(view));
            view.close();
            assertEquals(0, pool.stats().bytesInUse(), "an emptied stream holds no pooled memory");
            out.write(second);
            assertArrayEquals(second, out.toByteArray(), "the stream stays open and writes on fresh chunks");
            out.resetAndRelease();
            assertEquals(0, pool.stats().bytesInUse());
        }
        RecyclableOutputStream closed = pool.newStream();
        closed.close();
        assertThrows(IllegalStateException.class, closed::resetAndRelease);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void truncateUnderAViewCopiesThePartKeptInsteadOfWritingOverTheView(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        byte[] first = random(40_000, 3);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(first);
            try (ByteBufferView view = out.byteBuffers()) {
                out.channel().truncate(1500); // inside the second chunk
                out.write(filled(20_000, 0x11));
                anotherStreamScribbles(pool, 100_000);
                assertArrayEquals(first, bytesOf(view));
                byte[] expected = Arrays.copyOf(first, 21_500);
                Arrays.fill(expected, 1500, 21_500, (byte) 0x11);
                assertArrayEquals(expected, out.toByteArray());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void channelWritesOverHeldContentGoToCopies(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        byte[] first = random(30_000, 4);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(first);
            ByteBufferView view = out.byteBuffers();
            SeekableByteChannel ch = out.channel();
            ch.position(500).write(ByteBuffer.wrap(filled(25_000, 0x22)));
            ch.position(29_990).write(ByteBuffer.wrap(filled(20, 0x33))); // the tail, and past it
            byte[] expected = Arrays.copyOf(first, 30_010);
            Arrays.fill(expected, 500, 25_500, (byte) 0x22);
            Arrays.fill(expected, 29_990, 30_010, (byte) 0x33);
            assertArrayEquals(expected, out.toByteArray());
            out.close();
            anotherStreamScribbles(pool, 100_000);
            assertArrayEquals(first, bytesOf(view));
            view.close();
        }
    }

    @Test
    void aNettyViewKeepsItsBytesThroughResetAndClose() throws IOException {
        byte[] first = random(20_000, 5);
        RecyclableOutputStream out = heap.newStream();
        out.write(first);
        ByteBuf buf = NettyViews.asByteBuf(out);
        out.reset();
        out.write(filled(20_000, 0x44));
        out.close();
        anotherStreamScribbles(heap, 100_000);
        assertArrayEquals(first, bytesOf(buf));
        assertTrue(buf.release());
    }

    @Test
    void aSharedPooledArrayIsNeitherWrittenOnNorOverwrittenAfterReset() throws IOException {
        try (RecyclableOutputStream out = heap.newStream()) {
            out.write(new byte[] {1, 2, 3});
            try (PooledArray arr = out.contiguous()) {
                byte[] whole = arr.array().clone();
                out.write(filled(500, 0x66)); // would land right after the content, in the same array
                assertArrayEquals(whole, arr.array(), "appending must not show through the array");
                out.reset();
                out.write(filled(900, 0x77));
                anotherStreamScribbles(heap, 50_000);
                assertArrayEquals(whole, arr.array());
                assertEquals(3, arr.length());
            }
            assertArrayEquals(filled(900, 0x77), out.toByteArray());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anExplicitRetainFreezesTheSegmentsItWasTakenFor(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        byte[] first = random(40_000, 6);
        RecyclableOutputStream out = pool.newStream();
        out.write(first);
        List<ByteBuffer> segments = HeldBytes.segmentsOf(out);
        out.retain();
        out.reset();
        out.write(filled(10_000, 0x12));
        out.channel().truncate(5);
        out.close();
        anotherStreamScribbles(pool, 100_000);
        assertArrayEquals(first, HeldBytes.join(segments));
        assertTrue(pool.stats().bytesInUse() > 0, "the retain holds the chunks");
        out.release();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void afterCloseEveryWriteFailsEvenWithViewsOpen(boolean useDirect) throws IOException {
        RecyclableOutputStream out = pool(useDirect).newStream();
        out.write(new byte[100]);
        ByteBufferView view = out.byteBuffers();
        out.retain();
        out.close();
        assertThrows(IllegalStateException.class, () -> out.write(1));
        assertThrows(IllegalStateException.class, () -> out.write(new byte[3]));
        assertThrows(IllegalStateException.class, () -> out.write(new byte[3], 0, 3));
        assertThrows(IllegalStateException.class, () -> out.writeBytes(new byte[3]));
        assertThrows(IOException.class, () -> out.write(ByteBuffer.allocate(3)));
        assertThrows(IOException.class, () -> out.writableBuffer(1));
        assertThrows(IOException.class, () -> out.commit(0));
        assertEquals(0, out.length());
        assertArrayEquals(new byte[100], bytesOf(view));
        view.close();
        out.release();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void viewBuffersEndAtTheContentSoClearShowsNothingElse(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        anotherStreamScribbles(pool, 30_000); // the chunks come back dirty
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[] {1, 2, 3});
            try (ByteBufferView view = out.byteBuffers()) {
                ByteBuffer b = view.buffers()[0];
                assertEquals(3, b.capacity());
                b.clear();
                assertEquals(3, b.remaining());
                assertTrue(b.isReadOnly());
                assertThrows(IndexOutOfBoundsException.class, () -> b.get(3));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void spaceHandedOutAfterResetOrTruncateIsZeroWhereTheStreamWroteBefore(boolean useDirect) throws IOException {
        try (RecyclableOutputStream out = pool(useDirect).newStream()) {
            out.write(filled(1000, 0x55));
            out.reset();
            ByteBuffer space = out.writableBuffer(1000);
            for (int i = space.position(); i < space.limit(); i++) {
                assertEquals(0, space.get(i), "pre-reset byte visible at " + i);
            }
            out.commit(0);
            out.write(filled(1000, 0x56));
            out.channel().truncate(10);
            space = out.writableBuffer(500);
            for (int i = space.position(); i < space.limit(); i++) {
                assertEquals(0, space.get(i), "truncated byte visible at " + i);
            }
        }
        try (RecyclableOutputStream out = heap.newStream()) {
            out.write(filled(900, 0x57));
            out.reset();
            out.write(new byte[] {7, 8});
            try (PooledArray arr = out.contiguous()) {
                assertEquals(2, arr.length());
                for (int i = 2; i < arr.array().length; i++) {
                    assertEquals(0, arr.array()[i], "pre-reset byte visible in the contiguous array at " + i);
                }
            }
        }
    }

    @Test
    void uncommittedScribblesNeverShowThroughASharedContiguousArray() throws IOException {
        try (RecyclableOutputStream out = heap.newStream()) {
            ByteBuffer space = out.writableBuffer(100);
            space.put(space.position(), filled(100, 0x21));
            out.commit(10);
            try (PooledArray arr = out.contiguous()) {
                for (int i = 10; i < arr.array().length; i++) {
                    assertEquals(0, arr.array()[i], "uncommitted byte visible at " + i);
                }
            }
        }
    }

    @Test
    void channelPositionArithmeticCannotOverflowAndTheCapComesBeforeAnyZeroFill() throws IOException {
        List<Long> refused = new ArrayList<>();
        BufferPool capped = RecyclableOutputStreamTest.cappedPoolRecordingRefusals(1 << 20, refused);
        try (RecyclableOutputStream out = capped.newStream()) {
            out.write(new byte[] {1, 2, 3});
            SeekableByteChannel ch = out.channel();
            for (long position : new long[] {Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE - 10, (1 << 20) - 1}) {
                ch.position(position);
                BufferLimitExceededException e =
                        assertThrows(BufferLimitExceededException.class, () -> ch.write(ByteBuffer.wrap(new byte[16])));
                assertTrue(e.requestedLength() > capped.maxStreamSize(), () -> "requested " + e.requestedLength());
                assertEquals(3, out.size(), "nothing is zero-filled before the cap check");
                assertEquals(position, ch.position());
            }
            // a length past Long.MAX_VALUE is reported as Long.MAX_VALUE, never as a negative number
            assertEquals(List.of(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, (1L << 20) + 15), refused);
            assertTrue(capped.stats().bytesInUse() <= 1024, capped::toString);
            assertArrayEquals(new byte[] {1, 2, 3}, out.toByteArray());
        }
        assertEquals(0, capped.stats().bytesInUse());
    }

    @Test
    void releaseWithoutAMatchingRetainFailsClearlyAndDropsNothing() throws IOException {
        try (RecyclableOutputStream out = heap.newStream("unretained")) {
            out.write(new byte[] {4, 5, 6});
            IllegalStateException e = assertThrows(IllegalStateException.class, out::release);
            assertTrue(e.getMessage().contains("without a matching retain()"), e.getMessage());
            assertTrue(e.getMessage().contains("unretained"), e.getMessage());
            assertArrayEquals(new byte[] {4, 5, 6}, out.toByteArray());
            out.retain();
            out.retain();
            out.release();
            out.release();
            assertThrows(IllegalStateException.class, out::release);
            out.write(7);
            assertArrayEquals(new byte[] {4, 5, 6, 7}, out.toByteArray());
        }
    }

    @Test
    void viewsClosedOnOtherThreadsWhileTheStreamResetsNeverLoseOrShareAChunk() throws Exception {
        byte[] data = random(6000, 7);
        List<Thread> closers = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        try (RecyclableOutputStream out = heap.newStream()) {
            for (int round = 0; round < 2000; round++) {
                out.write(data, 0, 1000 + round % 5000);
                byte[] expected = out.toByteArray();
                ByteBufferView view = out.byteBuffers();
                int r = round;
                Thread closer = new Thread(() -> {
                    try {
                        if (!Arrays.equals(expected, bytesOf(view))) {
                            failures.add(new AssertionError("view of round " + r + " changed under its holder"));
                        }
                    } catch (Throwable t) {
                        failures.add(t);
                    } finally {
                        view.close();
                    }
                });
                closer.start();
                closers.add(closer);
                if (round % 3 == 0) {
                    out.channel().truncate(round % 700);
                } else {
                    out.reset();
                }
                out.write(filled(3000, round));
                if (closers.size() > 8) {
                    closers.remove(0).join();
                }
            }
        }
        for (Thread t : closers) {
            t.join();
        }
        assertEquals(List.of(), failures.subList(0, Math.min(3, failures.size())));
    }
}
