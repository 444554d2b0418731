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

import dev.recyclable.buffers.benchmarks.charts.BarChart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * One SVG chart per stream size N of the {@code StreamWriteBenchmark} grid: for each piece size W,
 * every contender's time as a multiple of the arraycopy limit of the same cell, and its bytes per op.
 */
final class ReportCharts {
    private static final String LIMIT = Contender.ARRAYCOPY_LIMIT.method;
    private static final String US = Contender.RECYCLABLE.method;

    private ReportCharts() {}

    /** File name ({@code stream-64KiB.svg}) to SVG text, one per N, smallest N first. */
    static Map<String, String> render(Grid grid, String subtitle) {
        TreeSet<Integer> sizes = new TreeSet<>();
        for (Grid.Cell cell : grid.cells()) {
            sizes.add(cell.totalBytes());
        }
        Map<String, String> charts = new LinkedHashMap<>();
        for (int n : sizes) {
            List<BarChart.Bar> bars = new ArrayList<>();
            for (Grid.Cell cell : grid.cells()) {
                Optional<JmhResult> limit = grid.get(cell, LIMIT);
                if (cell.totalBytes() != n || limit.isEmpty()) {
                    continue;
                }
                String group = "W = " + (cell.pieceBytes() == 1 ? "1 (write(int))" : Format.size(cell.pieceBytes()))
                        + " (arraycopy limit " + Format.time(limit.get().nanosPerOp()) + ")";
                for (String method : grid.methods()) {
                    Optional<JmhResult> result = grid.get(cell, method);
                    if (method.equals(LIMIT) || result.isEmpty()) {
                        continue;
                    }
                    String label = Contender.label(method);
                    bars.add(new BarChart.Bar(
                            group,
                            label,
                            label,
                            method.equals(US),
                            result.get().nanosPerOp() / limit.get().nanosPerOp(),
                            Double.NaN,
                            Double.NaN,
                            result.get().bytesPerOp()));
                }
            }
            if (!bars.isEmpty()) {
                charts.put(
                        fileName(n),
                        BarChart.render(
                                "N = " + Format.size(n) + " written in pieces of W, consumed," + " released",
                                subtitle,
                                "time / arraycopy limit",
                                "arraycopy limit (same cell)",
                                bars));
            }
        }
        return charts;
    }

    static String fileName(int totalBytes) {
        return "stream-" + Format.size(totalBytes).replace(" ", "") + ".svg";
    }
}
