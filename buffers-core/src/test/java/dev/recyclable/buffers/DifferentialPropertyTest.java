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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.interop.NettyViews;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random sequences of writes, resets, partial reads, truncations and views must give exactly
 * what {@link ByteArrayOutputStream} (plus a plain array model for random access) gives.
 * Views, Netty buffers, contiguous arrays and explicit retains are kept open across the other
 * operations (resets, truncations and overwrites included), and after every step each open
 * one must still show exactly the bytes it was taken over: held content is frozen.
 * Each case is generated from its seed, so a failure names the seed that reproduces it.
 */
class DifferentialPropertyTest {
    private static final BufferPool POOL = BufferPool.builder()
            .minChunkSize(64)
            .maxChunkSize(1024)
            .idleDecay(Duration.ZERO)
            .build();
    private static final BufferPool DIRECT = BufferPool.builder()
            .minChunkSize(64)
            .maxChunkSize(1024)
            .directChunks(true)
            .idleDecay(Duration.ZERO)
            .build();

    enum Op {
        WRITE_BYTE,
        WRITE_ARRAY,
        WRITE_BUFFER,
        WRITABLE_BUFFER,
        RESET,
        READ_PARTIAL,
        TRUNCATE,
        OVERWRITE,
        SEGMENTS,
        CONTIGUOUS,
        KEEP_VIEW,
        KEEP_NETTY_VIEW,
        KEEP_CONTIGUOUS,
        RETAIN,
        LET_GO
    }

    /** Something that holds content taken at one point: it must keep showing exactly those bytes. */
    interface Holder {
        void check(String when);

        void letGo();
    }

    static LongStream seeds() {
        return LongStream.range(0, 400);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void sameBytesAsByteArrayOutputStream(long seed) throws IOException {
        Random random = new Random(seed * 0x9E3779B97F4A7C15L);
        BufferPool pool = seed % 2 == 1 ? DIRECT : POOL;
        List<Op> ops = new ArrayList<>();
        for (int i = 1 + random.nextInt(60); i > 0; i--) {
            ops.add(Op.values()[random.nextInt(Op.values().length)]);
        }
        ByteArrayOutputStream model = new ByteArrayOutputStream();
        List<Holder> holders = new ArrayList<>();
        try (RecyclableOutputStream out = pool.newStream()) {
            for (int step = 0; step < ops.size(); step++) {
                Op op = ops.get(step);
                apply(op, random, out, model, holders);
                String when = "after step " + step + " (" + op + ")";
                assertEquals(model.size(), out.size(), when);
                for (Holder h : holders) {
                    h.check(when);
                }
            }
            assertArrayEquals(model.toByteArray(), out.toByteArray());
            assertArrayEquals(model.toByteArray(), out.newInputStream().readAllBytes());
            out.close();
            for (Holder h : holders) {
                h.check("after the stream's close");
                h.letGo();
            }
        }
        assertEquals(0, pool.stats().bytesInUse());
        IdleChunks.assertAllAsNew(pool); // every byte this sequence left is recorded as dirt
    }

    private static void apply(
            Op op, Random random, RecyclableOutputStream out, ByteArrayOutputStream model, List<Holder> holders)
            throws IOException {
        switch (op) {
            case WRITE_BYTE -> {
                int b = random.nextInt(256);
                out.write(b);
                model.write(b);
            }
            case WRITE_ARRAY -> {
                byte[] data = bytes(random, random.nextInt(3000));
                int off = data.length == 0 ? 0 : random.nextInt(data.length);
                int len = random.nextInt(data.length - off + 1);
                out.write(data, off, len);
                model.write(data, off, len);
            }
            case WRITE_BUFFER -> {
                byte[] data = bytes(random, random.nextInt(2000));
                ByteBuffer src = random.nextBoolean()
                        ? ByteBuffer.wrap(data)
                        : ByteBuffer.allocateDirect(data.length).put(data).flip();
                out.write(src);
                model.write(data, 0, data.length);
            }
            case WRITABLE_BUFFER -> {
                ByteBuffer space = out.writableBuffer(1 + random.nextInt(1500));
                int n = random.nextInt(space.remaining() + 1);
                byte[] data = bytes(random, n);
                space.put(space.position(), data);
                out.commit(n);
                model.write(data, 0, n);
            }
            case RESET -> {
                out.reset();
                model.reset();
            }
            case READ_PARTIAL -> {
                InputStream in = out.newInputStream();
                int skip = random.nextInt(model.size() + 1);
                assertEquals(skip, in.skip(skip));
                byte[] part = new byte[random.nextInt(2000) + 1];
                int n = in.read(part);
                byte[] expected =
                        Arrays.copyOfRange(model.toByteArray(), skip, Math.min(model.size(), skip + part.length));
                if (expected.length == 0) {
                    assertEquals(-1, n);
                } else {
                    assertArrayEquals(expected, Arrays.copyOf(part, n));
                }
            }
            case TRUNCATE -> {
                int newSize = random.nextInt(model.size() + 1);
                out.channel().truncate(newSize);
                byte[] kept = Arrays.copyOf(model.toByteArray(), newSize);
                model.reset();
                model.write(kept, 0, kept.length);
            }
            case OVERWRITE -> {
                byte[] current = model.toByteArray();
                int pos = random.nextInt(current.length + 50);
                byte[] data = bytes(random, random.nextInt(1500));
                SeekableByteChannel ch = out.channel().position(pos);
                ch.write(ByteBuffer.wrap(data));
                byte[] next = Arrays.copyOf(current, Math.max(current.length, pos + data.length));
                System.arraycopy(data, 0, next, pos, data.length);
                model.reset();
                model.write(next, 0, next.length);
            }
            case SEGMENTS -> {
                ByteArrayOutputStream joined = new ByteArrayOutputStream();
                out.forEachSegment((array, offset, length) -> joined.write(array, offset, length));
                assertArrayEquals(model.toByteArray(), joined.toByteArray());
                try (ByteBufferView view = out.byteBuffers()) {
                    assertEquals(model.size(), view.remaining());
                }
            }
            case CONTIGUOUS -> {
                try (PooledArray arr = out.contiguous()) {
                    assertArrayEquals(model.toByteArray(), Arrays.copyOf(arr.array(), arr.length()));
                }
            }
            case KEEP_VIEW -> holders.add(new ViewHolder(out.byteBuffers(), model.toByteArray()));
            case KEEP_NETTY_VIEW -> holders.add(new NettyHolder(NettyViews.asByteBuf(out), model.toByteArray()));
            case KEEP_CONTIGUOUS -> holders.add(new ArrayHolder(out.contiguous(), model.toByteArray()));
            case RETAIN -> holders.add(RetainHolder.of(out, model.toByteArray()));
            case LET_GO -> {
                if (!holders.isEmpty()) {
                    holders.remove(random.nextInt(holders.size())).letGo();
                }
            }
            default -> throw new AssertionError(op);
        }
    }

    private static void assertShows(byte[] expected, byte[] actual, String what, String when) {
        assertArrayEquals(expected, actual, () -> what + " changed " + when);
    }

    record ViewHolder(ByteBufferView view, byte[] expected) implements Holder {
        @Override
        public void check(String when) {
            for (ByteBuffer b : view.buffers()) {
                assertEquals(b.capacity(), b.limit(), "a view's buffer ends at its content");
            }
            assertShows(expected, HeldBytes.of(view), "a ByteBufferView", when);
        }

        @Override
        public void letGo() {
            view.close();
        }
    }

    record NettyHolder(ByteBuf buf, byte[] expected) implements Holder {
        @Override
        public void check(String when) {
            assertShows(expected, HeldBytes.of(buf), "a Netty ByteBuf view", when);
        }

        @Override
        public void letGo() {
            assertTrue(buf.release());
        }
    }

    record ArrayHolder(PooledArray array, byte[] expected) implements Holder {
        @Override
        public void check(String when) {
            byte[] whole = array.array();
            assertEquals(expected.length, array.length());
            assertShows(expected, Arrays.copyOf(whole, array.length()), "a PooledArray", when);
            for (int i = array.length(); i < whole.length; i++) {
                if (whole[i] != 0) {
                    throw new AssertionError(
                            "a PooledArray shows a non-zero byte past its content at " + i + " " + when);
                }
            }
        }

        @Override
        public void letGo() {
            array.close();
        }
    }

    /** An explicit retain, checked through the raw segments it was taken to protect. */
    record RetainHolder(RecyclableOutputStream stream, List<ByteBuffer> segments, byte[] expected) implements Holder {
        static RetainHolder of(RecyclableOutputStream stream, byte[] expected) throws IOException {
            List<ByteBuffer> segments = HeldBytes.segmentsOf(stream);
            stream.retain();
            return new RetainHolder(stream, segments, expected);
        }

        @Override
        public void check(String when) {
            assertShows(expected, HeldBytes.join(segments), "content held by retain()", when);
        }

        @Override
        public void letGo() {
            stream.release();
        }
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
