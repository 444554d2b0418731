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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarksReportTest {

    /** One JMH result cell in the shape JMH 1.37 writes with {@code -rf json -prof gc}. */
    private static String cell(String method, int n, int w, String unit, String rawTimes, String rawBytes) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"dev.recyclable.buffers.benchmarks.core.StreamWriteBenchmark."
                + method + "\",\"mode\":\"avgt\",\"threads\":1,\"forks\":2,"
                + "\"jdkVersion\":\"17.0.15\",\"vmName\":\"OpenJDK 64-Bit Server VM\",\"vmVersion\":\"17.0.15+6\","
                + "\"params\":{\"pieceBytes\":\"" + w + "\",\"totalBytes\":\"" + n + "\"},"
                + "\"primaryMetric\":{\"score\":0,\"scoreUnit\":\"" + unit + "\",\"rawData\":" + rawTimes + "},"
                + "\"secondaryMetrics\":{\"\\u00b7gc.alloc.rate.norm\":{\"score\":0,\"scoreUnit\":\"B/op\","
                + "\"rawData\":" + rawBytes + "},\"\\u00b7gc.count\":{\"score\":\"NaN\",\"scoreUnit\":\"counts\","
                + "\"rawData\":[[\"NaN\"]]}}}";
    }

    private static List<JmhResult> read(Path dir, String... cells) throws IOException {
        Path file = dir.resolve("result.json");
        Files.writeString(file, "[" + String.join(",\n", cells) + "]");
        return JmhResult.read(file);
    }

    @Test
    void takesTheMedianOverEveryIterationOfEveryForkAndConvertsUnitsToNanos(@TempDir Path dir) throws IOException {
        List<JmhResult> results = read(
                dir, cell("recyclable", 65536, 4096, "us/op", "[[1.0, 9.0, 2.0], [3.0, 100.0]]", "[[56.0], [58.0]]"));

        JmhResult result = results.get(0);
        assertEquals("StreamWriteBenchmark", result.benchmarkClass());
        assertEquals("recyclable", result.method());
        assertEquals(Map.of("pieceBytes", "4096", "totalBytes", "65536"), result.params());
        assertEquals(3000.0, result.nanosPerOp(), 1e-9, "median of 1, 2, 3, 9, 100 us");
        assertEquals(57.0, result.bytesPerOp(), 1e-9, "median of an even count is the mean of the middle two");
        assertEquals(5, result.samples());
    }

    @Test
    void judgesTargetsAgainstTheLimitOfTheSameCell(@TempDir Path dir) throws IOException {
        Grid grid = new Grid(
                read(
                        dir,
                        cell("arraycopyLimit", 65536, 4096, "ns/op", "[[1000.0]]", "[[0.0]]"),
                        cell("recyclable", 65536, 4096, "ns/op", "[[1200.0]]", "[[80.0]]"),
                        cell("okioBuffer", 65536, 4096, "ns/op", "[[1100.0]]", "[[24.0]]"),
                        cell("baosWriteTo", 65536, 4096, "ns/op", "[[9000.0]]", "[[130000.0]]")),
                "StreamWriteBenchmark");

        List<TargetChecks.Verdict> verdicts = TargetChecks.check(grid);

        TargetChecks.Verdict allocation = verdicts.get(0);
        assertEquals("**missed**", allocation.status());
        assertTrue(allocation.measured().startsWith("80.0 B/op"), allocation.measured());
        TargetChecks.Verdict nearLimit = verdicts.get(1);
        assertEquals("met", nearLimit.status(), "1.2x is within 1.25x");
        assertEquals(1, nearLimit.cellsJudged());
        assertEquals("not measured", verdicts.get(2).status(), "no W=128 cell");
        TargetChecks.Verdict fastest = verdicts.get(5);
        assertTrue(fastest.status().startsWith("**missed** in 1 "), fastest.status());
        assertTrue(fastest.measured().contains("Okio Buffer"), fastest.measured());
    }

    @Test
    void rendersRatiosToTheLimitAndToEachPeer(@TempDir Path dir) throws IOException {
        String markdown = BenchmarksReport.render(read(
                dir,
                cell("arraycopyLimit", 1048576, 128, "ns/op", "[[20000.0]]", "[[0.0]]"),
                cell("recyclable", 1048576, 128, "ns/op", "[[30000.0]]", "[[56.0]]"),
                cell("nettyPooledHeap", 1048576, 128, "ns/op", "[[60000.0]]", "[[140.0]]")));

        assertTrue(markdown.contains("| 1 MiB | 128 B | 20.0 us | **1.50x** 30.0 us | **3.00x** 60.0 us |"), markdown);
        assertTrue(markdown.contains("| 1 MiB | 128 B | 2.00x |"), "Netty takes twice our time:\n" + markdown);
        assertTrue(markdown.contains("| W = 128: <= 2x the arraycopy limit | met |"), markdown);
    }

    @Test
    void writesOneChartPerStreamSizeWithEachContenderAgainstTheLimit(@TempDir Path dir) throws Exception {
        List<JmhResult> results = read(
                dir,
                cell("arraycopyLimit", 65536, 4096, "ns/op", "[[1000.0]]", "[[0.0]]"),
                cell("recyclable", 65536, 4096, "ns/op", "[[1200.0]]", "[[57.0]]"),
                cell("baosWriteTo", 65536, 4096, "ns/op", "[[9000.0]]", "[[126976.0]]"),
                cell("arraycopyLimit", 1048576, 128, "ns/op", "[[20000.0]]", "[[0.0]]"),
                cell("recyclable", 1048576, 128, "ns/op", "[[30000.0]]", "[[56.0]]"));

        List<Path> charts = BenchmarksReport.writeCharts(results, dir.resolve("charts"));

        assertEquals(
                List.of("stream-64KiB.svg", "stream-1MiB.svg"),
                charts.stream().map(p -> p.getFileName().toString()).toList());
        org.w3c.dom.Document small =
                dev.recyclable.buffers.benchmarks.charts.SvgDocuments.parse(Files.readString(charts.get(0)));
        List<String> texts = dev.recyclable.buffers.benchmarks.charts.SvgDocuments.texts(small);
        assertTrue(
                texts.containsAll(
                        List.of("RecyclableOutputStream", "BAOS writeTo", "1.20x", "9.00x", "57 B", "124 KiB")),
                texts.toString());
        assertTrue(texts.stream().noneMatch(t -> t.equals("arraycopy limit")), "the limit is the 1x line, not a bar");
        String large = Files.readString(charts.get(1));
        assertTrue(large.contains(">1.50x<"), large);
    }

    @Test
    void spreadIsHalfTheRangeOfTheForksMediansAndTiesWithinItAreNotLosses(@TempDir Path dir) throws IOException {
        List<JmhResult> results = read(
                dir,
                cell("recyclableReused", 1024, 128, "ns/op", "[[19.0, 20.0, 21.0], [21.0, 22.0, 23.0]]", "[[0.0]]"),
                cell("agronaReused", 1024, 128, "ns/op", "[[20.0], [20.0]]", "[[0.0]]"),
                cell("recyclable", 1024, 128, "ns/op", "[[80.0], [80.0]]", "[[56.0]]"),
                cell("okioBuffer", 1024, 128, "ns/op", "[[60.0], [60.0]]", "[[24.0]]"));

        JmhResult reused = results.get(0);
        assertEquals(21.0, reused.nanosPerOp(), 1e-9);
        assertEquals(1.0 / 21.0, reused.spread(), 1e-9, "fork medians 20 and 22: ±1 around 21");
        List<TargetChecks.Verdict> verdicts = TargetChecks.check(new Grid(results, "StreamWriteBenchmark"));
        TargetChecks.Verdict againstAgrona = verdicts.get(6);
        assertEquals("**missed**", againstAgrona.status(), "1.05x, spread 4.8%: outside");
        TargetChecks.Verdict againstOkio = verdicts.get(7);
        assertEquals("**missed**", againstOkio.status());
        assertTrue(againstOkio.measured().startsWith("1.33x"), againstOkio.measured());
        TargetChecks.Verdict fastest = verdicts.get(5);
        assertTrue(
                fastest.measured().contains("Agrona reused 1.05x"),
                "Agrona's reused buffer is judged against our reused stream: " + fastest.measured());

        String markdown = BenchmarksReport.render(results);
        assertTrue(markdown.contains("21.0 ns ±5%"), markdown);
        assertTrue(markdown.contains("| 1 KiB | 128 B | **0.95x** | **0.75x** |"), markdown);
    }

    @Test
    void rejectsMalformedJsonWithItsOffset() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse("[1, 2"));
        assertTrue(e.getMessage().contains("offset 5"), e.getMessage());
    }
}
