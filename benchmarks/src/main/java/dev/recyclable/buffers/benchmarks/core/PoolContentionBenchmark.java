package dev.recyclable.buffers.benchmarks.core;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import okio.Buffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Two threads obtaining, filling, consuming and releasing streams from one shared pool at once:
 * what the pool's free lists cost when they are contended. Only the pooled contenders and the
 * usual way are here; the score is the average time per op of one thread.
 */
@State(Scope.Thread)
@Threads(2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {
        ForkedJvm.HEAP_MIN, ForkedJvm.HEAP_MAX, ForkedJvm.PRE_TOUCH,
        ForkedJvm.ADD_EXPORTS, ForkedJvm.AGRONA_EXPORT})
public class PoolContentionBenchmark {

    /** Small streams stress the free lists (one chunk per op); large ones stress chunk churn. */
    @Param({"1024", "65536", "1048576"})
    public int totalBytes;

    @Param({"4096"})
    public int pieceBytes;

    private byte[] piece;
    private DiscardingOutputStream sink;
    private BufferPool pool;

    @Setup
    public void setUp() {
        piece = new byte[pieceBytes];
        new SplittableRandom(pieceBytes).nextBytes(piece);
        sink = new DiscardingOutputStream();
        pool = BufferPool.shared();
    }

    @Benchmark
    public long recyclable() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            Writers.write(out, piece, pieceBytes, totalBytes);
            out.writeTo(sink);
        }
        return sink.bytesSeen();
    }

    @Benchmark
    public long baosWriteTo() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writers.write(out, piece, pieceBytes, totalBytes);
        out.writeTo(sink);
        return sink.bytesSeen();
    }

    @Benchmark
    public long nettyPooledHeap() throws IOException {
        ByteBuf buffer = PooledByteBufAllocator.DEFAULT.heapBuffer();
        try {
            Writers.write(new ByteBufOutputStream(buffer), piece, pieceBytes, totalBytes);
            buffer.readBytes(sink, buffer.readableBytes());
        } finally {
            buffer.release();
        }
        return sink.bytesSeen();
    }

    @Benchmark
    public long okioBuffer() throws IOException {
        Buffer buffer = new Buffer();
        Writers.write(buffer, piece, pieceBytes, totalBytes);
        buffer.writeTo(sink);
        return sink.bytesSeen();
    }
}
