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

import dev.recyclable.buffers.benchmarks.charts.BarChart;
import java.util.ArrayList;
import java.util.List;

/**
 * The showcase's rows as the same kind of chart the JMH report draws: per row, the usual way's time
 * as a multiple of ours (our median is the 1x line; whiskers show each side's spread) and both
 * ways' bytes per op.
 */
final class ShowcaseChart {
    /** The system property naming the file to write; the benchmarks pom sets it to target/showcase.svg. */
    static final String PATH_PROPERTY = "showcase.chart";

    private ShowcaseChart() {}

    /** A row and the section it came from. */
    record Entry(String section, ComparisonRow row) {}

    static String render(List<Entry> entries, String subtitle) {
        List<BarChart.Bar> bars = new ArrayList<>();
        for (Entry entry : entries) {
            ComparisonRow row = entry.row();
            String scenario = row.scenario().startsWith(entry.section() + ":")
                    ? row.scenario()
                    : entry.section() + ": " + row.scenario();
            String group = scenario + (row.quotable() ? "" : " " + ShowcaseTable.NOT_QUOTABLE);
            double ours = row.ours().nanosPerOp();
            double speedUp = row.speedUp();
            double spread = row.speedUpSpread();
            // a ratio's spread, symmetric on the log scale it is drawn on
            bars.add(new BarChart.Bar(
                    group,
                    row.usual().label(),
                    "usual",
                    false,
                    speedUp,
                    speedUp / (1 + spread),
                    speedUp * (1 + spread),
                    row.usual().bytesPerOp()));
            bars.add(new BarChart.Bar(
                    group,
                    row.ours().label(),
                    "ours",
                    true,
                    1,
                    row.ours().nanosLow() / ours,
                    row.ours().nanosHigh() / ours,
                    row.ours().bytesPerOp()));
        }
        return BarChart.render(
                "Recyclable Buffers showcase: the usual way against ours, same work",
                subtitle,
                "time / our median time",
                "our median time (whiskers: spread of rounds)",
                bars);
    }
}
