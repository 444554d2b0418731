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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.benchmarks.JmhDefaults;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What every core benchmark shares: JMH's settings ({@link JmhDefaults}' but in nanoseconds and with 3 forks, whose
 * JVMs get the agrona export and keep Netty's leak detection at its default), all inherited by the benchmark classes, and the state
 * of one benchmark thread: the sizes, the piece its writes are cut from, the discarding consumer and the shared pool.
 * A benchmark class declares its sizes as {@code @Param} fields of its own (JMH lists parameters per class); they are
 * read here through {@link BenchmarkParams}, so the code below works on the same two fields for every class.
 */
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 3,
        jvmArgsAppend = {
            JmhDefaults.HEAP_MIN,
            JmhDefaults.HEAP_MAX,
            JmhDefaults.PRE_TOUCH,
            JmhDefaults.ADD_EXPORTS,
            JmhDefaults.AGRONA_EXPORT
        })
public abstract class CoreBenchmark extends JmhDefaults {
    /** The tiny stream's size: a header, a short message. */
    static final int TINY = 16;

    /** N: bytes written per op, the benchmark's {@code totalBytes} parameter; {@link #TINY} where it has none. */
    protected int total;
    /** W: bytes per write ({@code 1}: {@code write(int)} per byte), the {@code pieceBytes} parameter or {@link #TINY}. */
    protected int width;
    /** What every write is cut from. */
    protected byte[] piece;
    /** Where every contender's content goes; its count is what the benchmarks return to JMH. */
    protected DiscardingOutputStream sink;
    /** {@link BufferPool#shared()}, as an application holds it. */
    protected BufferPool pool;

    /** The bytes to write, made once per benchmark thread: {@link #width} seeded random bytes. */
    protected byte[] newPiece() {
        return randomPiece(width);
    }

    /** Sizes from the benchmark's parameters (its public {@code @Param} fields), then the piece, consumer and pool. */
    @Setup
    public void setUp(BenchmarkParams params) {
        total = size(params, "totalBytes");
        width = size(params, "pieceBytes");
        piece = newPiece();
        sink = new DiscardingOutputStream();
        pool = BufferPool.shared();
    }

    private static int size(BenchmarkParams params, String name) {
        String value = params.getParam(name);
        return value == null ? TINY : Integer.parseInt(value);
    }

    /** {@code pieceBytes} seeded random bytes (the same for every contender). */
    static byte[] randomPiece(int pieceBytes) {
        byte[] piece = new byte[pieceBytes];
        new SplittableRandom(pieceBytes).nextBytes(piece);
        return piece;
    }

    /** The tiny stream's 16 bytes: {@code a} to {@code p}. */
    static byte[] tinyPiece() {
        byte[] piece = new byte[TINY];
        for (int i = 0; i < TINY; i++) {
            piece[i] = (byte) ('a' + i);
        }
        return piece;
    }
}
