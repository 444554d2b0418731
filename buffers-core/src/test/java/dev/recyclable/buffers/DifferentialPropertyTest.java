package dev.recyclable.buffers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.time.Duration;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random sequences of writes, resets, partial reads, truncations and views must give exactly
 * what {@link ByteArrayOutputStream} (plus a plain array model for random access) gives.
 * Each case is generated from its seed, so a failure names the seed that reproduces it.
 */
class DifferentialPropertyTest {
    private static final BufferPool POOL = BufferPool.builder()
            .minChunkSize(64).maxChunkSize(1024).idleDecay(Duration.ZERO).build();
    private static final BufferPool DIRECT = BufferPool.builder()
            .minChunkSize(64).maxChunkSize(1024).directChunks(true).idleDecay(Duration.ZERO).build();

    enum Op { WRITE_BYTE, WRITE_ARRAY, WRITE_BUFFER, WRITABLE_BUFFER, RESET, READ_PARTIAL, TRUNCATE, OVERWRITE, SEGMENTS, CONTIGUOUS }

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
        try (RecyclableOutputStream out = pool.newStream()) {
            for (Op op : ops) {
                apply(op, random, out, model);
                assertEquals(model.size(), out.size(), () -> "after " + op);
            }
            assertArrayEquals(model.toByteArray(), out.toByteArray());
            assertArrayEquals(model.toByteArray(), out.newInputStream().readAllBytes());
        }
        assertEquals(0, pool.stats().bytesInUse());
    }

    private static void apply(Op op, Random random, RecyclableOutputStream out, ByteArrayOutputStream model) throws IOException {
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
                ByteBuffer src = random.nextBoolean() ? ByteBuffer.wrap(data) : ByteBuffer.allocateDirect(data.length).put(data).flip();
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
                byte[] expected = Arrays.copyOfRange(model.toByteArray(), skip, Math.min(model.size(), skip + part.length));
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
            default -> throw new AssertionError(op);
        }
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
