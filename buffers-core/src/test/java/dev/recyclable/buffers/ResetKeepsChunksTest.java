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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.internal.Chunk;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code reset()} keeps a stream's chunks for its next message, as
 * {@code ByteArrayOutputStream.reset()} keeps its array, without bending the ownership rules:
 * chunks a view holds are never reused, kept chunks show nobody else's bytes, and every kept
 * chunk goes back on close, on {@code resetAndRelease()} and when the stream leaks.
 */
class ResetKeepsChunksTest {
    private static final int MESSAGE = 64 * 1024;

    private final BufferPool heap = BufferPool.builder()
            .idleDecay(Duration.ZERO)
            .leakDetection(LeakDetection.DISABLED)
            .build();
    private final BufferPool direct = BufferPool.builder()
            .directChunks(true)
            .idleDecay(Duration.ZERO)
            .leakDetection(LeakDetection.DISABLED)
            .build();

    @AfterEach
    void nothingInUse() {
        assertEquals(0, heap.stats().bytesInUse(), () -> "heap pool: " + heap.stats());
        assertEquals(0, direct.stats().bytesInUse(), () -> "direct pool: " + direct.stats());
        IdleChunks.assertAllAsNew(heap);
        IdleChunks.assertAllAsNew(direct);
    }

    private BufferPool pool(boolean useDirect) {
        return useDirect ? direct : heap;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aMessageNoLargerThanOneBeforeLeasesNothing(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        try (RecyclableOutputStream out = pool.newStream()) {
            writeInPieces(out, random(MESSAGE, 1), 4096);
            int chunks = out.chunkCount();
            out.reset();
            long leased = pool.stats().chunksLeased();
            long inUse = pool.stats().bytesInUse();
            for (int round = 0; round < 3; round++) {
                byte[] message = random(round == 1 ? 700 : MESSAGE, 10 + round); // a short one between
                writeInPieces(out, message, 128);
                assertArrayEquals(message, out.toByteArray());
                out.reset();
            }
            assertEquals(leased, pool.stats().chunksLeased(), () -> "leased again: " + pool.stats());
            assertEquals(inUse, pool.stats().bytesInUse(), "the stream keeps what it had, no more");
            writeInPieces(out, random(MESSAGE, 20), 4096);
            assertEquals(chunks, out.chunkCount(), "the same chunks, in the same sizes");
        }
    }

    @Test
    void aChunkTooSmallForWhatTheWriteWantsGoesBackToThePool() throws IOException {
        try (RecyclableOutputStream out = heap.newStream()) {
            out.write(random(1000, 2));
            out.write(random(2000, 3)); // a 1 KiB and a 4 KiB chunk
            out.reset();
            assertEquals(5 * 1024, heap.stats().bytesInUse());
            out.write(new byte[10]);
            byte[] big = random(200_000, 3);
            out.write(big); // past the first chunk it wants 64 KiB chunks: the 4 KiB spare is no use
            assertNull(out.content.spare);
            assertEquals(contentCapacity(out), heap.stats().bytesInUse(), "only the content's chunks are held");
            byte[] expected = new byte[10 + big.length];
            System.arraycopy(big, 0, expected, 10, big.length);
            assertArrayEquals(expected, out.toByteArray());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aViewKeepsItsChunksAcrossResetAndTheStreamGoesOnWithTheOthers(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        byte[] first = random(5000, 4);
        byte[] more = random(MESSAGE, 5); // on into a 64 KiB chunk, nobody else's
        RecyclableOutputStream out = pool.newStream();
        writeInPieces(out, first, 1000); // a 1 KiB and a 4 KiB chunk, both held by the view
        ByteBufferView view = out.byteBuffers();
        Set<Chunk> held = contentChunks(out);
        out.write(more);
        Set<Chunk> notHeld = contentChunks(out);
        notHeld.removeAll(held);
        out.reset();
        assertEquals(notHeld, spares(out), "the chunks nobody else holds are kept");
        for (int round = 0; round < 3; round++) {
            byte[] next = random(MESSAGE + 30_000, 6 + round);
            writeInPieces(out, next, 4096);
            assertNoneOf(held, contentChunks(out));
            assertNoneOf(held, spares(out));
            anotherStreamScribbles(pool, 300_000);
            assertArrayEquals(first, HeldBytes.of(view), "the view shows what it was taken over");
            assertArrayEquals(next, out.toByteArray());
            out.reset();
        }
        out.close();
        anotherStreamScribbles(pool, 300_000);
        assertArrayEquals(first, HeldBytes.of(view));
        assertTrue(pool.stats().bytesInUse() > 0, "the view still holds its chunks");
        view.close();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aRetainKeepsItsChunksAcrossResetUntilReleased(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        byte[] first = random(MESSAGE, 7);
        RecyclableOutputStream out = pool.newStream();
        out.write(first);
        List<ByteBuffer> segments = HeldBytes.segmentsOf(out);
        Set<Chunk> held = contentChunks(out);
        out.retain();
        out.reset();
        assertEquals(Set.of(), spares(out), "every chunk is held: none is kept");
        for (int round = 0; round < 3; round++) {
            writeInPieces(out, random(MESSAGE, 8 + round), 128);
            assertNoneOf(held, contentChunks(out));
            out.reset();
            anotherStreamScribbles(pool, 300_000);
            assertArrayEquals(first, HeldBytes.join(segments));
        }
        out.close();
        anotherStreamScribbles(pool, 300_000);
        assertArrayEquals(first, HeldBytes.join(segments));
        out.release();
    }

    @Test
    void aContiguousArraySharingTheOnlyChunkIsNeitherReusedNorWrittenAcrossReset() throws IOException {
        try (RecyclableOutputStream out = heap.newStream()) {
            writeInPieces(out, random(MESSAGE, 9), 4096); // 4, 16 and 64 KiB chunks
            out.reset();
            out.write(new byte[] {1, 2, 3}); // into the kept first chunk, which the array then shares
            PooledArray arr = out.contiguous();
            byte[] whole = arr.array().clone();
            out.reset();
            for (int round = 0; round < 3; round++) {
                byte[] next = random(MESSAGE, 11 + round);
                writeInPieces(out, next, 4096);
                for (Chunk c : contentChunks(out)) {
                    assertFalse(c.array() == arr.array(), "the shared array came back into the stream");
                }
                anotherStreamScribbles(heap, 300_000);
                assertArrayEquals(whole, arr.array());
                assertEquals(3, arr.length());
                assertArrayEquals(next, out.toByteArray());
                out.reset();
            }
            arr.close();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void keptChunksShowNobodyElsesBytes(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        try (RecyclableOutputStream out = pool.newStream()) {
            writeInPieces(out, filled(MESSAGE, 0x11), 4096); // 4, 16 and 64 KiB chunks
            out.reset();
            Set<Chunk> kept = spares(out);
            kept.add(out.content.head);
            try (RecyclableOutputStream other = pool.newStream("other")) {
                other.write(filled(300_000, 0x22));
                assertNoneOf(kept, contentChunks(other));
            }
            out.write(filled(6000, 0x33)); // into the first chunk and the first spare
            assertOnlyZerosPastTheContent(out);
            ByteBuffer space = out.writableBuffer(60_000);
            for (int i = space.position(); i < space.limit(); i++) {
                assertEquals(0, space.get(i), "a byte of the discarded message shows at " + i);
            }
            out.commit(0);
        }
        // back in the pool, the kept chunks are dirt for their next owner like any other chunk
        try (RecyclableOutputStream next = pool.newStream("next")) {
            next.write(new byte[] {5});
            assertOnlyZerosPastTheContent(next);
            ByteBuffer space = next.writableBuffer(MESSAGE);
            for (int i = space.position(); i < space.limit(); i++) {
                assertEquals(0, space.get(i), "another stream's byte shows at " + i);
            }
            next.commit(0);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void closeAndResetAndReleaseGiveTheKeptChunksBack(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        RecyclableOutputStream out = pool.newStream();
        writeInPieces(out, random(MESSAGE, 12), 4096);
        out.reset();
        assertTrue(pool.stats().bytesInUse() > 1024, "the spares are the stream's");
        out.resetAndRelease();
        assertEquals(0, pool.stats().bytesInUse());
        assertEquals(0, out.chunkCount());
        byte[] again = random(MESSAGE, 13);
        writeInPieces(out, again, 4096);
        assertArrayEquals(again, out.toByteArray());
        out.reset();
        out.write(new byte[100]); // spares left unused by this message go back too
        out.close();
        assertEquals(0, pool.stats().bytesInUse());
        assertThrows(IllegalStateException.class, out::reset);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void truncatingToNothingKeepsTheChunksAsResetDoes(boolean useDirect) throws IOException {
        BufferPool pool = pool(useDirect);
        try (RecyclableOutputStream out = pool.newStream()) {
            writeInPieces(out, random(MESSAGE, 14), 4096);
            long inUse = pool.stats().bytesInUse();
            SeekableByteChannel channel = out.channel();
            channel.truncate(0);
            assertEquals(inUse, pool.stats().bytesInUse());
            byte[] next = random(MESSAGE, 15);
            for (int at = 0; at < next.length; at += 4096) {
                channel.write(ByteBuffer.wrap(next, at, Math.min(4096, next.length - at)));
            }
            assertArrayEquals(next, out.toByteArray());
            assertEquals(inUse, pool.stats().bytesInUse());
        }
    }

    @Test
    void theCapStillHoldsOnKeptChunks() throws IOException {
        BufferPool capped = BufferPool.builder()
                .maxStreamSize(6000)
                .idleDecay(Duration.ZERO)
                .leakDetection(LeakDetection.DISABLED)
                .build();
        try (RecyclableOutputStream out = capped.newStream()) {
            out.write(new byte[1000]);
            out.write(new byte[5000]); // a 1 KiB chunk and an 8 KiB one, which the cap cuts short
            out.reset();
            writeInPieces(out, filled(5000, 1), 128); // on into the kept 8 KiB chunk
            assertThrows(BufferLimitExceededException.class, () -> out.write(new byte[1001]));
            assertEquals(5000, out.length(), "nothing of a write past the cap was written");
            out.write(filled(1000, 2));
            assertThrows(BufferLimitExceededException.class, () -> out.write(new byte[1]));
            assertEquals(6000, out.length());
            byte[] expected = filled(6000, 1);
            Arrays.fill(expected, 5000, 6000, (byte) 2);
            assertArrayEquals(expected, out.toByteArray());
        }
        assertEquals(0, capped.stats().bytesInUse());
    }

    // ---- helpers

    private static void writeInPieces(RecyclableOutputStream out, byte[] data, int piece) throws IOException {
        for (int at = 0; at < data.length; at += piece) {
            out.write(data, at, Math.min(piece, data.length - at));
        }
    }

    private static Set<Chunk> contentChunks(RecyclableOutputStream out) {
        Set<Chunk> chunks = identitySet();
        for (Chunk c = out.content.head; c != null; c = c.next()) {
            chunks.add(c);
        }
        return chunks;
    }

    private static Set<Chunk> spares(RecyclableOutputStream out) {
        Set<Chunk> chunks = identitySet();
        for (Chunk c = out.content.spare; c != null; c = c.next()) {
            assertFalse(c.isLinked(), "a spare is not linked into the content");
            assertFalse(c.isShared(), "a spare is the stream's alone");
            chunks.add(c);
        }
        return chunks;
    }

    private static long contentCapacity(RecyclableOutputStream out) {
        long total = 0;
        for (Chunk c = out.content.head; c != null; c = c.next()) {
            total += c.capacity();
        }
        return total;
    }

    private static Set<Chunk> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    private static void assertNoneOf(Set<Chunk> held, Set<Chunk> chunks) {
        for (Chunk c : chunks) {
            assertFalse(held.contains(c), "a chunk held elsewhere was reused");
        }
    }

    /** What {@code forEachSegment} hands its visitor past each chunk's content is all zeros. */
    private static void assertOnlyZerosPastTheContent(RecyclableOutputStream out) throws IOException {
        List<String> dirty = new ArrayList<>();
        out.forEachSegment(new SegmentVisitor() {
            @Override
            public void visit(byte[] array, int offset, int length) {
                check(ByteBuffer.wrap(array), offset + length);
            }

            @Override
            public void visit(ByteBuffer segment) {
                check(segment.duplicate().clear(), segment.limit());
            }

            private void check(ByteBuffer whole, int from) {
                for (int i = from; i < whole.limit(); i++) {
                    if (whole.get(i) != 0) {
                        dirty.add("byte " + whole.get(i) + " at " + i + " of " + whole.limit());
                        return;
                    }
                }
            }
        });
        assertEquals(List.of(), dirty);
    }
}
