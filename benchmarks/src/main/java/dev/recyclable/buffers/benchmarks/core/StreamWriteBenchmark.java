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
package dev.recyclable.buffers.benchmarks.core;

import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.io.ExpandableDirectBufferOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One stream's whole life, per contender: obtain it, write {@code totalBytes} in pieces of
 * {@code pieceBytes} through a non-inlined writer ({@link Writers}), consume the content into a
 * discarding stream, close or release it.
 *
 * <p>Every method does the same work with the same bytes; only the buffer differs. The peers are
 * used the way their documentation shows ({@link AllContenders}); this grid adds the physical limit, the usual way
 * with {@code toByteArray()}, and the reused buffers: Agrona's, and one of our streams reset for every message. Run with {@code -prof gc} for bytes allocated per op.
 */
public class StreamWriteBenchmark extends AllContenders {

    /** N: 1 KiB, 64 KiB, 1 MiB, 16 MiB, 64 MiB. */
    @Param({"1024", "65536", "1048576", "16777216", "67108864"})
    public int totalBytes;

    /** W: 1 means {@code write(int)} per byte. */
    @Param({"1", "128", "4096", "65536"})
    public int pieceBytes;

    private byte[] limitTarget;
    private ExpandableArrayBuffer agronaReusedBuffer;
    private ExpandableDirectBufferOutputStream agronaReusedStream;
    private RecyclableOutputStream reusedStream;

    @Setup
    public void setUpLimitAndAgrona() {
        limitTarget = new byte[totalBytes];
        // Agrona's idiom: one expandable buffer kept by the thread and rewound for every message.
        agronaReusedBuffer = new ExpandableArrayBuffer();
        agronaReusedStream = new ExpandableDirectBufferOutputStream(agronaReusedBuffer);
        // ours held the same way: one stream kept by the thread, reset() for every message (README's idiom)
        reusedStream = pool.newStream("reused");
    }

    @TearDown
    public void closeReusedStream() {
        reusedStream.close();
    }

    /** The physical limit: the same pieces copied into one preallocated array, then consumed. */
    @Benchmark
    public long arraycopyLimit() throws IOException {
        int length = Writers.copy(limitTarget, piece, pieceBytes, totalBytes);
        sink.write(limitTarget, 0, length);
        return sink.bytesSeen();
    }

    /** The usual way as most code does it: {@code toByteArray()} then hand the array on. */
    @Benchmark
    public long baosToByteArray() throws IOException {
        byte[] content = filledByteArrayOutputStream().toByteArray();
        sink.write(content, 0, content.length);
        return sink.bytesSeen();
    }

    /** Ours held as Agrona's buffer is: one stream per thread, {@code reset()} before every message. */
    @Benchmark
    public long recyclableReused() throws IOException {
        RecyclableOutputStream out = reusedStream;
        out.reset();
        Writers.write(out, piece, pieceBytes, totalBytes);
        out.writeTo(sink);
        return sink.bytesSeen();
    }

    /** Agrona as most of its users hold it: one buffer per thread, rewound and reused forever. */
    @Benchmark
    public long agronaReused() throws IOException {
        ExpandableDirectBufferOutputStream out = agronaReusedStream;
        out.wrap(agronaReusedBuffer);
        Writers.write(out, piece, pieceBytes, totalBytes);
        sink.write(agronaReusedBuffer.byteArray(), 0, out.position());
        return sink.bytesSeen();
    }
}
