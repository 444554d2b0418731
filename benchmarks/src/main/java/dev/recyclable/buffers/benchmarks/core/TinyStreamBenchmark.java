package dev.recyclable.buffers.benchmarks.core;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import okio.Buffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.io.ExpandableDirectBufferOutputStream;
import org.apache.commons.io.output.UnsynchronizedByteArrayOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Per-stream fixed cost: create a stream, write 16 bytes, consume them, close it. Real programs
 * make many small streams (a header, a short message), and this is where a pool's bookkeeping can
 * cost more than the garbage it saves.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {
        ForkedJvm.HEAP_MIN, ForkedJvm.HEAP_MAX, ForkedJvm.PRE_TOUCH,
        ForkedJvm.ADD_EXPORTS, ForkedJvm.AGRONA_EXPORT})
public class TinyStreamBenchmark {
    private static final int TINY = 16;

    private final byte[] piece = new byte[TINY];
    private DiscardingOutputStream sink;
    private BufferPool pool;

    @Setup
    public void setUp() {
        for (int i = 0; i < TINY; i++) {
            piece[i] = (byte) ('a' + i);
        }
        sink = new DiscardingOutputStream();
        pool = BufferPool.shared();
    }

    @Benchmark
    public long recyclable() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            Writers.write(out, piece, TINY, TINY);
            out.writeTo(sink);
        }
        return sink.bytesSeen();
    }

    @Benchmark
    public long baosWriteTo() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writers.write(out, piece, TINY, TINY);
        out.writeTo(sink);
        return sink.bytesSeen();
    }

    @Benchmark
    public long commonsIo() throws IOException {
        UnsynchronizedByteArrayOutputStream out = UnsynchronizedByteArrayOutputStream.builder().get();
        Writers.write(out, piece, TINY, TINY);
        out.writeTo(sink);
        return sink.bytesSeen();
    }

    @Benchmark
    public long nettyPooledHeap() throws IOException {
        ByteBuf buffer = PooledByteBufAllocator.DEFAULT.heapBuffer();
        try {
            Writers.write(new ByteBufOutputStream(buffer), piece, TINY, TINY);
            buffer.readBytes(sink, buffer.readableBytes());
        } finally {
            buffer.release();
        }
        return sink.bytesSeen();
    }

    @Benchmark
    public long agronaFresh() throws IOException {
        ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
        ExpandableDirectBufferOutputStream out = new ExpandableDirectBufferOutputStream(buffer);
        Writers.write(out, piece, TINY, TINY);
        sink.write(buffer.byteArray(), 0, out.position());
        return sink.bytesSeen();
    }

    @Benchmark
    public long okioBuffer() throws IOException {
        Buffer buffer = new Buffer();
        Writers.write(buffer, piece, TINY, TINY);
        buffer.writeTo(sink);
        return sink.bytesSeen();
    }
}
