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
package dev.recyclable.buffers.benchmarks.showcase;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.PoolStats;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.benchmarks.core.DiscardingOutputStream;
import dev.recyclable.buffers.benchmarks.core.Writers;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The core section's timed part: each workload done with {@link ByteArrayOutputStream} and with a
 * {@link RecyclableOutputStream} from {@link BufferPool#shared()}, measured in rounds by the
 * {@link AllocationMeter}.
 *
 * <p>It runs in a JVM of its own with a fixed heap ({@link #JVM_FLAGS}), as JMH forks do. Inside
 * Maven's JVM the heap starts small and keeps growing while the showcase runs, and on these machines
 * the first touch of fresh heap costs about 2 ms per MB: the contender that allocates pays the
 * operating system's page faults, not its own work. That is what made the old single-run showcase
 * print 401x (64 KiB) and 592x (1 MiB) where JMH measures about 9x.
 */
final class CoreMeasurements {
    static final int PIECE = 4096;
    /**
     * Content written per round: 64 MiB, so that the usual way allocates about 128 MiB per round,
     * about what the young generation holds. Every round then pays for its share of collections, as
     * a 300 ms JMH iteration does, instead of one round paying for a whole collection and the next for
     * none. Byte-by-byte writing costs per byte, not per allocation: 4 MiB per round keeps it short.
     */
    private static final long BYTES_PER_ROUND = 64L << 20;

    private static final long BYTES_PER_ROUND_BYTE_BY_BYTE = 4L << 20;

    /** The line JMH's annotation processor writes to {@code META-INF/CompilerHints} for {@link Writers#write}. */
    static final String WRITERS_NOT_INLINED = "dontinline,dev/recyclable/buffers/benchmarks/core/Writers.write";

    /**
     * JMH's fork settings scaled down: the same collector (G1) and a fixed, pre-touched heap, so that
     * the heap never grows and no page of it is touched for the first time while measuring. 256 MB
     * holds the 16 MiB row's largest arrays (32 MiB, plus the 16 MiB being copied) with room for
     * the young generation, and pre-touches in about half a second on a quiet machine (JMH's 2 GB
     * would take seconds here). And JMH's {@code @CompilerControl(DONT_INLINE)} on {@link Writers}, which reaches a
     * JMH fork as the line {@value #WRITERS_NOT_INLINED} of its compiler hints: without it the JIT inlines the
     * writer into each way and the row measures a different compilation from JMH's.
     */
    static final List<String> JVM_FLAGS = List.of(
            "-XX:+UseG1GC",
            "-Xms256m",
            "-Xmx256m",
            "-XX:+AlwaysPreTouch",
            "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=" + WRITERS_NOT_INLINED);

    record Workload(String scenario, int totalBytes, int pieceBytes) {
        /** Runs per measurement: {@link AllocationMeter#ROUNDS} rounds of at least two runs each. */
        int repetitions() {
            long perRound = (pieceBytes == 1 ? BYTES_PER_ROUND_BYTE_BY_BYTE : BYTES_PER_ROUND) / totalBytes;
            return AllocationMeter.ROUNDS * (int) Math.max(2, Math.min(20_000, perRound));
        }
    }

    static final List<Workload> WORKLOADS = List.of(
            new Workload("1 KiB, one write", 1024, 1024),
            new Workload("64 KiB in 4 KiB writes", 64 << 10, PIECE),
            new Workload("64 KiB byte by byte", 64 << 10, 1),
            new Workload("1 MiB in 4 KiB writes", 1 << 20, PIECE),
            new Workload("16 MiB in 4 KiB writes", 16 << 20, PIECE));

    private static final String USUAL = "ByteArrayOutputStream";
    private static final String OURS = "RecyclableOutputStream";
    private static final String ROW = "ROW";
    private static final String PROGRESS = "PROGRESS";
    private static final String POOL = "POOL";

    private final byte[] piece = new byte[PIECE];
    /** The consumer: counts what it is given, so the work cannot be skipped, and keeps nothing. */
    private final DiscardingOutputStream sink = new DiscardingOutputStream();

    CoreMeasurements() {
        new SplittableRandom(42).nextBytes(piece);
    }

    /** The serializer: sees only an OutputStream (the benchmarks' writer, the same workload shape). */
    void fill(OutputStream out, Workload workload) throws IOException {
        Writers.write(out, piece, workload.pieceBytes(), workload.totalBytes());
    }

    /**
     * Measures every workload both ways in this JVM, each way through a {@link WriterCopy} of its own, so that its
     * writer's call sites see only its own stream class, as in the JMH fork of its benchmark.
     */
    List<ComparisonRow> measureAll(AllocationMeter meter, Consumer<String> progress) throws Exception {
        BufferPool pool = BufferPool.shared();
        WorkloadWriter usualWriter = WriterCopy.load(USUAL);
        WorkloadWriter ourWriter = WriterCopy.load(OURS);
        List<ComparisonRow> rows = new ArrayList<>();
        for (Workload workload : WORKLOADS) {
            progress.accept(workload.scenario() + ": measuring both ways, " + AllocationMeter.ROUNDS
                    + " interleaved rounds each after warm-up");
            Measurement[] both = meter.measurePair(
                    workload.repetitions(),
                    USUAL,
                    () -> {
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        usualWriter.write(out, piece, workload.pieceBytes(), workload.totalBytes());
                        out.writeTo(sink);
                    },
                    OURS,
                    () -> {
                        try (RecyclableOutputStream out = pool.newStream()) {
                            ourWriter.write(out, piece, workload.pieceBytes(), workload.totalBytes());
                            out.writeTo(sink);
                        }
                    });
            rows.add(new ComparisonRow(workload.scenario(), both[0], both[1]));
        }
        return rows;
    }

    /** What a forked measurement found: its rows and the state of its shared pool at the end. */
    record Forked(List<ComparisonRow> rows, long bytesInUse, long leaks) {}

    /**
     * Runs {@link #main} in a new JVM with {@link #JVM_FLAGS} and this class path, forwarding its
     * progress lines, and parses its rows.
     *
     * @throws IOException if the JVM cannot start or does not finish with every row
     */
    static Forked inForkedJvm(Consumer<String> progress) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_FLAGS);
        command.add("-cp");
        command.add(classPath());
        command.add(CoreMeasurements.class.getName());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<ComparisonRow> rows = new ArrayList<>();
        long inUse = -1;
        long leaks = -1;
        StringBuilder other = new StringBuilder();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] f = line.split("\t", -1);
                if (f[0].equals(PROGRESS) && f.length == 2) {
                    progress.accept(f[1]);
                } else if (f[0].equals(ROW) && f.length == 12) {
                    rows.add(new ComparisonRow(f[1], measurement(f, 2), measurement(f, 7)));
                } else if (f[0].equals(POOL) && f.length == 3) {
                    inUse = Long.parseLong(f[1]);
                    leaks = Long.parseLong(f[2]);
                } else {
                    other.append(line).append('\n');
                }
            }
        } finally {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
        if (process.exitValue() != 0 || rows.size() != WORKLOADS.size() || inUse < 0) {
            throw new IOException("the forked measuring JVM ended with status " + process.exitValue() + " after "
                    + rows.size() + " of " + WORKLOADS.size() + " rows:\n" + other);
        }
        return new Forked(rows, inUse, leaks);
    }

    private static Measurement measurement(String[] f, int at) {
        return new Measurement(
                f[at],
                Double.parseDouble(f[at + 1]),
                Double.parseDouble(f[at + 2]),
                Double.parseDouble(f[at + 3]),
                Double.parseDouble(f[at + 4]),
                AllocationMeter.ROUNDS);
    }

    /** The class path this class was loaded from: the loader's URLs (exec:java), else java.class.path. */
    private static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (ClassLoader loader = CoreMeasurements.class.getClassLoader();
                loader != null;
                loader = loader.getParent()) {
            if (loader instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    try {
                        entries.add(Path.of(url.toURI()).toString());
                    } catch (URISyntaxException | IllegalArgumentException e) {
                        // not a file: the child cannot use it either
                    }
                }
            }
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The forked JVM: measures every workload and prints one tab-separated line per row. */
    public static void main(String[] args) throws Exception {
        PrintStream out =
                new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        List<ComparisonRow> rows = new CoreMeasurements()
                .measureAll(new AllocationMeter(), message -> out.println(PROGRESS + "\t" + message));
        for (ComparisonRow row : rows) {
            out.println(String.join("\t", ROW, row.scenario(), fields(row.usual()), fields(row.ours())));
        }
        PoolStats stats = BufferPool.shared().stats();
        out.println(POOL + "\t" + stats.bytesInUse() + "\t" + stats.leaks());
    }

    private static String fields(Measurement m) {
        return String.join(
                "\t",
                m.label(),
                number(m.bytesPerOp()),
                number(m.nanosPerOp()),
                number(m.nanosLow()),
                number(m.nanosHigh()));
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
