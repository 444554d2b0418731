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
package dev.recyclable.buffers.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns JMH JSON result files into the Markdown tables of BENCHMARKS.md: time per op against the
 * arraycopy limit, bytes allocated per op, our time against each peer's, the core targets with
 * met/missed verdicts, then the tiny-stream and pool-contention benchmarks.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar
 * dev.recyclable.buffers.benchmarks.report.BenchmarksReport [--charts <dir>] results/*.json > tables.md};
 * with {@code --charts} it also writes one SVG chart per stream size into that directory.
 */
public final class BenchmarksReport {
    private BenchmarksReport() {}

    public static void main(String[] args) throws IOException {
        Path chartDir = null;
        List<JmhResult> results = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--charts") && i + 1 < args.length) {
                chartDir = Path.of(args[++i]);
            } else {
                results.addAll(JmhResult.read(Path.of(args[i])));
            }
        }
        if (results.isEmpty()) {
            System.err.println("usage: BenchmarksReport [--charts <dir>] <jmh-result.json>...");
            System.exit(2);
        }
        System.out.print(render(results));
        if (chartDir != null) {
            for (Path chart : writeCharts(results, chartDir)) {
                System.err.println("wrote " + chart);
            }
        }
    }

    /**
     * Writes one SVG chart per stream size ({@code stream-64KiB.svg}, ...) into {@code dir}: each
     * contender's time as a multiple of the arraycopy limit, and its bytes per op.
     *
     * @return the files written
     */
    static List<Path> writeCharts(List<JmhResult> results, Path dir) throws IOException {
        Grid streams = new Grid(results, "StreamWriteBenchmark");
        Set<String> vms = new LinkedHashSet<>();
        int minSamples = Integer.MAX_VALUE;
        for (JmhResult result : results) {
            vms.add("JDK " + result.jdk());
            minSamples = Math.min(minSamples, result.samples());
        }
        String subtitle = "JMH StreamWriteBenchmark, " + String.join(", ", vms) + "; medians over at least "
                + minSamples + " iterations per cell; bytes per op from -prof gc";
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (java.util.Map.Entry<String, String> chart :
                ReportCharts.render(streams, subtitle).entrySet()) {
            Path file = dir.resolve(chart.getKey());
            Files.writeString(file, chart.getValue(), StandardCharsets.UTF_8);
            written.add(file);
        }
        return written;
    }

    static String render(List<JmhResult> results) {
        StringBuilder out = new StringBuilder();
        Set<String> vms = new LinkedHashSet<>();
        int minSamples = Integer.MAX_VALUE;
        for (JmhResult result : results) {
            vms.add(result.vm() + " (JDK " + result.jdk() + ")");
            minSamples = Math.min(minSamples, result.samples());
        }
        out.append("Forked JVM: ")
                .append(String.join(", ", vms))
                .append(". Every number is a median over ")
                .append("all measured iterations of all forks (at least ")
                .append(minSamples)
                .append(" per cell).\n\n");

        Grid streams = new Grid(results, "StreamWriteBenchmark");
        if (!streams.isEmpty()) {
            out.append("### Targets\n\n")
                    .append(TargetChecks.render(TargetChecks.check(streams)))
                    .append('\n');
            out.append("### Time per op, and ratio to the arraycopy limit (lower is better)\n\n")
                    .append(ReportTables.timeVersusLimit(streams))
                    .append('\n');
            out.append("### RecyclableOutputStream against each peer: peer time / our time ")
                    .append("(above 1: we are faster; bold: the peer is faster)\n\n")
                    .append(ReportTables.usVersusPeers(streams))
                    .append('\n');
            out.append("### Bytes allocated per op (-prof gc, gc.alloc.rate.norm)\n\n")
                    .append(ReportTables.bytesPerOp(streams))
                    .append('\n');
        }
        Grid tiny = new Grid(results, "TinyStreamBenchmark");
        if (!tiny.isEmpty()) {
            out.append("### Tiny stream: create, write 16 bytes, consume, close\n\n")
                    .append(ReportTables.byContender(tiny, "16 B"))
                    .append('\n');
        }
        Grid contention = new Grid(results, "PoolContentionBenchmark");
        if (!contention.isEmpty()) {
            out.append("### Pool contention: two threads, one shared pool (time/op of one thread)\n\n")
                    .append(ReportTables.byContender(contention, ""))
                    .append('\n');
        }
        Grid lifecycle = new Grid(results, "StreamLifecycleBenchmark");
        if (!lifecycle.isEmpty()) {
            out.append("### Diagnostic: where a small stream's fixed cost goes (RecyclableOutputStream only)\n\n")
                    .append(ReportTables.byContender(lifecycle, "lifecycle"))
                    .append('\n');
        }
        return out.toString();
    }
}
