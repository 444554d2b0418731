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

import static dev.recyclable.buffers.TestBytes.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecyclableOutputStreamTest {
    private final BufferPool pool = BufferPool.builder()
            .idleDecay(Duration.ZERO)
            .leakDetection(LeakDetection.ALL)
            .build();
    private final BufferPool direct =
            BufferPool.builder().directChunks(true).idleDecay(Duration.ZERO).build();

    @AfterEach
    void nothingInUse() {
        assertEquals(0, pool.stats().bytesInUse(), () -> "heap pool: " + pool.stats());
        assertEquals(0, direct.stats().bytesInUse(), () -> "direct pool: " + direct.stats());
    }

    private BufferPool pool(boolean useDirect) {
        return useDirect ? direct : pool;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void behavesLikeByteArrayOutputStream(boolean useDirect) throws IOException {
        byte[] data = random(300_000, 1);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        try (RecyclableOutputStream out = pool(useDirect).newStream("baos")) {
            out.write(7);
            expected.write(7);
            out.write(data, 5, 100_000);
            expected.write(data, 5, 100_000);
            out.writeBytes(data);
            expected.writeBytes(data);
            for (int i = 0; i < 5000; i++) {
                out.write(i);
                expected.write(i);
            }
            assertEquals(expected.size(), out.size());
            assertEquals(expected.size(), out.length());
            assertArrayEquals(expected.toByteArray(), out.toByteArray());
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            out.writeTo(sink);
            assertArrayEquals(expected.toByteArray(), sink.toByteArray());
            assertEquals(expected.toString(StandardCharsets.ISO_8859_1), out.toString(StandardCharsets.ISO_8859_1));

            out.reset();
            expected.reset();
            assertEquals(0, out.size());
            out.write("héllo".getBytes(StandardCharsets.UTF_8));
            assertEquals("héllo", out.toString(StandardCharsets.UTF_8));
            assertEquals("héllo", out.toString("UTF-8"));
        }
    }

    @Test
    void smallContentStaysSmallAndLargeContentWastesUnderOnePercent() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[100]);
            assertTrue(
                    pool.stats().bytesInUse() <= 4096,
                    () -> "100 bytes reserve " + pool.stats().bytesInUse());
        }
        try (RecyclableOutputStream out = pool.newStream()) {
            byte[] piece = new byte[4096];
            for (int i = 0; i < 16 * 256; i++) {
                out.write(piece);
            }
            long reserved = pool.stats().bytesInUse();
            long overhead = reserved - out.length();
            assertTrue(overhead <= out.length() / 100, () -> "16 MiB reserve " + reserved);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void channelAndStreamTransfersNeedNoIntermediateCopy(boolean useDirect) throws IOException {
        byte[] data = random(200_001, 2);
        try (RecyclableOutputStream out = pool(useDirect).newStream()) {
            assertEquals(data.length, out.readFrom(new ByteArrayInputStream(data)));
            assertEquals(10, out.readFrom(Channels.newChannel(new ByteArrayInputStream(data, 0, 10))));
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            assertEquals(data.length + 10, out.writeTo(Channels.newChannel(sink)));
            byte[] expected = new byte[data.length + 10];
            System.arraycopy(data, 0, expected, 0, data.length);
            System.arraycopy(data, 0, expected, data.length, 10);
            assertArrayEquals(expected, sink.toByteArray());

            out.reset();
            assertEquals(1000, out.readFrom(new ByteArrayInputStream(data), 1000));
            assertEquals(1000, out.size());
        }
    }

    @Test
    void readFromFailsClearlyPastTheCapAndKeepsWhatFits() throws IOException {
        BufferPool capped = BufferPool.builder()
                .maxStreamSize(5000)
                .idleDecay(Duration.ZERO)
                .build();
        try (RecyclableOutputStream out = capped.newStream()) {
            BufferLimitExceededException e = assertThrows(
                    BufferLimitExceededException.class, () -> out.readFrom(new ByteArrayInputStream(new byte[6000])));
            assertEquals(5000, e.limit());
            assertEquals(5000, out.size());
        }
        try (RecyclableOutputStream out = capped.newStream()) {
            assertEquals(5000, out.readFrom(new ByteArrayInputStream(new byte[5000])));
        }
        assertEquals(0, capped.stats().bytesInUse());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void inputStreamViewIsAnIndependentCursor(boolean useDirect) throws IOException {
        byte[] data = random(70_000, 3);
        try (RecyclableOutputStream out = pool(useDirect).newStream()) {
            out.write(data);
            InputStream a = out.newInputStream();
            InputStream b = out.newInputStream();
            assertEquals(data[0] & 0xFF, a.read());
            byte[] rest = a.readAllBytes();
            assertEquals(data.length - 1, rest.length);
            assertArrayEquals(data, b.readAllBytes());
            assertEquals(-1, a.read());
            out.write(42);
            assertEquals(42, a.read());
            out.close();
            assertThrows(IOException.class, b::read);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void seekableChannelReadsWritesTruncatesAndZeroFillsGaps(boolean useDirect) throws IOException {
        try (RecyclableOutputStream out = pool(useDirect).newStream()) {
            byte[] data = random(5000, 4);
            out.write(data);
            SeekableByteChannel ch = out.channel();
            assertEquals(5000, ch.size());
            ch.position(1000);
            ch.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            data[1000] = 1;
            data[1001] = 2;
            data[1002] = 3;
            assertArrayEquals(data, out.toByteArray());

            ch.position(10_000);
            ch.write(ByteBuffer.wrap(new byte[] {9}));
            assertEquals(10_001, out.size());
            byte[] all = out.toByteArray();
            for (int i = 5000; i < 10_000; i++) {
                assertEquals(0, all[i], "gap byte " + i);
            }
            assertEquals(9, all[10_000]);

            ch.truncate(1001);
            assertEquals(1001, out.size());
            assertEquals(1001, ch.position());
            ch.position(0);
            ByteBuffer dst = ByteBuffer.allocate(2000);
            assertEquals(1001, ch.read(dst));
            assertEquals(-1, ch.read(ByteBuffer.allocate(1)));
            // growing after a truncate shows zeros, never the cut-off bytes
            ch.position(3000);
            ch.write(ByteBuffer.wrap(new byte[] {5}));
            byte[] regrown = out.toByteArray();
            for (int i = 1001; i < 3000; i++) {
                assertEquals(0, regrown[i], "regrown byte " + i);
            }
            ch.close();
            assertThrows(IOException.class, () -> ch.read(ByteBuffer.allocate(1)));
        }
    }

    @Test
    void byteBufferViewRetainsContentUntilClosed() throws IOException {
        byte[] data = random(150_000, 5);
        RecyclableOutputStream out = pool.newStream();
        out.write(data);
        ByteBufferView view = out.byteBuffers();
        out.close();
        assertTrue(pool.stats().bytesInUse() > 0, "view keeps the chunks");
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        for (ByteBuffer b : view.buffers()) {
            assertTrue(b.isReadOnly());
            byte[] part = new byte[b.remaining()];
            b.get(part);
            sink.write(part);
        }
        assertArrayEquals(data, sink.toByteArray());
        view.close();
        view.close();
        assertThrows(IllegalStateException.class, view::buffers);
    }

    @Test
    void contiguousSharesOneChunkOrCopiesOnceAndNeverShowsStaleBytes() throws IOException {
        // dirty a chunk, return it, lease it again: the contiguous view must show zeros past the content
        try (RecyclableOutputStream out = pool.newStream()) {
            byte[] junk = new byte[1024];
            java.util.Arrays.fill(junk, (byte) 0x5A);
            out.write(junk);
        }
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[] {1, 2, 3});
            try (PooledArray arr = out.contiguous()) {
                assertEquals(3, arr.length());
                assertEquals(3, arr.array()[2]);
                for (int i = 3; i < arr.array().length; i++) {
                    assertEquals(0, arr.array()[i], "stale byte at " + i);
                }
            }
        }
        byte[] data = random(100_000, 6);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(data);
            PooledArray arr = out.contiguous();
            assertArrayEquals(data, java.util.Arrays.copyOf(arr.array(), arr.length()));
            arr.close();
            assertThrows(IllegalStateException.class, arr::array);
        }
    }

    @Test
    void writableBufferHandsOutCleanSpaceAndCommitsWhatWasWritten() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            byte[] junk = new byte[64 * 1024];
            java.util.Arrays.fill(junk, (byte) 0x77);
            out.write(junk);
        }
        try (RecyclableOutputStream out = pool.newStream()) {
            ByteBuffer space = out.writableBuffer(5000);
            assertTrue(space.remaining() >= 5000);
            for (int i = space.position(); i < space.limit(); i++) {
                assertEquals(0, space.get(i), "previous user's byte visible at " + i);
            }
            space.put(space.position(), new byte[] {10, 20, 30});
            out.commit(3);
            assertArrayEquals(new byte[] {10, 20, 30}, out.toByteArray());
            assertThrows(IllegalArgumentException.class, () -> out.commit(Integer.MAX_VALUE));
            assertThrows(IllegalArgumentException.class, () -> out.commit(-1));
        }
    }

    @Test
    void segmentsCoverTheContentInOrder() throws IOException {
        byte[] data = random(123_456, 7);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(data);
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            List<Integer> lengths = new ArrayList<>();
            out.forEachSegment((array, offset, length) -> {
                sink.write(array, offset, length);
                lengths.add(length);
            });
            assertArrayEquals(data, sink.toByteArray());
            assertEquals(out.chunkCount(), lengths.size());
        }
    }

    @Test
    void closeIsIdempotentReportedAndEndsEveryView() throws IOException {
        List<String> events = new ArrayList<>();
        BufferPool watched = BufferPool.builder()
                .idleDecay(Duration.ZERO)
                .listener(new BufferPoolListener() {
                    @Override
                    public void streamCreated(String tag) {
                        events.add("created " + tag);
                    }

                    @Override
                    public void streamClosed(String tag, long length) {
                        events.add("closed " + tag + " " + length);
                    }

                    @Override
                    public void streamDoubleClosed(String tag) {
                        events.add("double " + tag);
                    }

                    @Override
                    public void toByteArrayCalled(String tag, long length) {
                        events.add("copy " + tag + " " + length);
                    }
                })
                .build();
        RecyclableOutputStream out = watched.newStream("t");
        out.write(new byte[10]);
        out.toByteArray();
        InputStream in = out.newInputStream();
        SeekableByteChannel ch = out.channel();
        out.close();
        out.close();
        assertEquals(List.of("created t", "copy t 10", "closed t 10", "double t"), events);
        assertTrue(out.isClosed());
        assertEquals(0, out.size());
        assertThrows(IllegalStateException.class, () -> out.write(1));
        assertThrows(IllegalStateException.class, () -> out.write(new byte[3], 0, 3));
        assertThrows(IllegalStateException.class, () -> out.write(new byte[0], 0, 0));
        assertThrows(IOException.class, () -> out.write(ByteBuffer.allocate(1)));
        assertThrows(IOException.class, () -> out.writableBuffer(1));
        assertThrows(IOException.class, () -> out.writeTo(new ByteArrayOutputStream()));
        assertThrows(IllegalStateException.class, out::toByteArray);
        assertThrows(IllegalStateException.class, out::newInputStream);
        assertThrows(IllegalStateException.class, out::contiguous);
        assertThrows(IllegalStateException.class, out::byteBuffers);
        assertThrows(IllegalStateException.class, out::retain);
        assertThrows(IOException.class, in::read);
        assertThrows(IOException.class, () -> ch.read(ByteBuffer.allocate(1)));
        assertFalse(ch.isOpen());
        assertEquals(0, watched.stats().bytesInUse());
    }

    /**
     * The in-memory writes are ByteArrayOutputStream's: no checked exception (this method declares
     * none), an unchecked one naming the stream and the fix after close, and the unchecked
     * BufferLimitExceededException past the cap, storing nothing of the refused write.
     */
    @Test
    void theInMemoryWritesThrowOnlyUncheckedExceptionsThatNameTheStream() {
        BufferPool capped = BufferPool.builder()
                .maxStreamSize(10)
                .idleDecay(Duration.ZERO)
                .leakDetection(LeakDetection.DISABLED)
                .build();
        RecyclableOutputStream out = capped.newStream("csv");
        out.write(1);
        out.write(new byte[] {2, 3});
        out.write(new byte[] {0, 4, 0}, 1, 1);
        out.writeBytes(new byte[] {5, 6});
        BufferLimitExceededException limit =
                assertThrows(BufferLimitExceededException.class, () -> out.write(new byte[5]));
        assertEquals(11, limit.requestedLength());
        assertTrue(limit.getMessage().contains("'csv'"), limit.getMessage());
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6}, out.toByteArray(), "nothing of the refused write");
        out.close();
        List<Executable> writes = List.of(
                () -> out.write(7),
                () -> out.write(new byte[1]),
                () -> out.write(new byte[1], 0, 1),
                () -> out.writeBytes(new byte[1]));
        for (Executable write : writes) {
            IllegalStateException closed = assertThrows(IllegalStateException.class, write);
            assertTrue(closed.getMessage().contains("RecyclableOutputStream 'csv' is closed"), closed.getMessage());
            assertTrue(closed.getMessage().contains("out.shielded()"), "names the fix: " + closed.getMessage());
        }
        assertEquals(0, capped.stats().bytesInUse());
    }

    @Test
    void badArgumentsFailClearlyAndLoseNothing() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[] {1, 2, 3});
            assertThrows(IndexOutOfBoundsException.class, () -> out.write(new byte[4], -1, 2));
            assertThrows(IndexOutOfBoundsException.class, () -> out.write(new byte[4], 2, 3));
            assertThrows(IndexOutOfBoundsException.class, () -> out.write(new byte[4], 0, -1));
            assertThrows(NullPointerException.class, () -> out.write((byte[]) null, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> out.writableBuffer(-5));
            assertThrows(IllegalArgumentException.class, () -> out.readFrom(InputStream.nullInputStream(), -1));
            assertThrows(IllegalArgumentException.class, () -> out.channel().position(-1));
            assertThrows(IllegalArgumentException.class, () -> out.channel().truncate(-1));
            assertArrayEquals(new byte[] {1, 2, 3}, out.toByteArray());
        }
    }

    @Test
    void writesPastTheSizeCapAreRefusedWholeAndReported() throws IOException {
        List<Long> refused = new ArrayList<>();
        BufferPool capped = cappedPoolRecordingRefusals(3000, refused);
        try (RecyclableOutputStream out = capped.newStream()) {
            out.write(new byte[2999]);
            BufferLimitExceededException e =
                    assertThrows(BufferLimitExceededException.class, () -> out.write(new byte[2]));
            assertEquals(3001, e.requestedLength());
            assertEquals(2999, out.size(), "a refused write stores nothing");
            out.write(1);
            assertThrows(BufferLimitExceededException.class, () -> out.write(1));
            assertThrows(BufferLimitExceededException.class, () -> out.writableBuffer(1));
            assertThrows(
                    BufferLimitExceededException.class,
                    () -> out.channel().position(5000).write(ByteBuffer.allocate(1)));
            assertEquals(3000, out.size());
        }
        assertEquals(List.of(3001L, 3001L, 3001L, 5001L), refused);
        assertEquals(0, capped.stats().bytesInUse());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void writesThatFitTheTailAndWritesThatDoNotKeepTheSameRules(boolean useDirect) throws IOException {
        BufferPool capped = BufferPool.builder()
                .maxStreamSize(1500)
                .directChunks(useDirect)
                .idleDecay(Duration.ZERO)
                .build();
        RecyclableOutputStream out = capped.newStream();
        out.write(new byte[0]); // no tail yet
        out.write(new byte[7], 7, 0);
        assertEquals(0, out.length());
        out.write(random(1000, 1));
        out.write(new byte[5], 2, 0); // a tail with room
        out.write(random(24, 2), 0, 24); // exactly the room left in the first chunk
        assertEquals(1024, out.length());
        assertThrows(BufferLimitExceededException.class, () -> out.write(new byte[477]));
        assertEquals(1024, out.length(), "a write past the cap writes nothing");
        out.write(random(400, 3));
        assertThrows(BufferLimitExceededException.class, () -> out.write(new byte[77]));
        out.write(random(76, 4)); // up to the cap, in the chunk the cap cuts short
        out.write(new byte[0]);
        assertThrows(BufferLimitExceededException.class, () -> out.write(new byte[1]));
        byte[] expected = new byte[1500];
        System.arraycopy(random(1000, 1), 0, expected, 0, 1000);
        System.arraycopy(random(24, 2), 0, expected, 1000, 24);
        System.arraycopy(random(400, 3), 0, expected, 1024, 400);
        System.arraycopy(random(76, 4), 0, expected, 1424, 76);
        assertArrayEquals(expected, out.toByteArray());
        out.reset();
        out.write(random(1000, 5)); // the kept first chunk has room again
        out.close();
        assertThrows(IllegalStateException.class, () -> out.write(new byte[1]));
        assertThrows(IllegalStateException.class, () -> out.write(new byte[0]));
        assertThrows(IndexOutOfBoundsException.class, () -> out.write(new byte[1], 1, 1), "arguments first");
        assertEquals(0, capped.stats().bytesInUse());
    }

    /** A pool capping streams at {@code cap} bytes that records each refused length in {@code refused}. */
    static BufferPool cappedPoolRecordingRefusals(long cap, List<Long> refused) {
        return BufferPool.builder()
                .maxStreamSize(cap)
                .idleDecay(Duration.ZERO)
                .listener(new BufferPoolListener() {
                    @Override
                    public void sizeCapExceeded(String tag, long requestedLength, long limit) {
                        refused.add(requestedLength);
                    }
                })
                .build();
    }

    @Test
    void toByteArrayCanBeForbidden() throws IOException {
        BufferPool strict = BufferPool.builder()
                .throwOnToByteArray(true)
                .idleDecay(Duration.ZERO)
                .build();
        try (RecyclableOutputStream out = strict.newStream()) {
            out.write(1);
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, out::toByteArray);
            assertTrue(e.getMessage().contains("throwOnToByteArray"));
        }
        assertEquals(0, strict.stats().bytesInUse());
    }

    @Test
    void retainAndReleaseCountReferences() throws IOException {
        RecyclableOutputStream out = pool.newStream();
        out.write(new byte[5000]);
        out.retain();
        out.close();
        assertTrue(pool.stats().bytesInUse() > 0);
        out.release();
        assertEquals(0, pool.stats().bytesInUse());
        assertThrows(IllegalStateException.class, out::release);
    }
}
