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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.benchmarks.charts.SvgDocuments;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowcaseChartTest {

    @Test
    void theMedianOfRoundsAndItsSpreadAreWhatTheRowReports() {
        Measurement m = Measurement.ofRounds("x", 10, new double[] {110, 90, 100, 300, 95, 160, 20});
        assertEquals(100, m.nanosPerOp(), "median, not the mean the one slow round would drag to 125");
        assertEquals(90, m.nanosLow(), "the fastest round (20) is left out of the range");
        assertEquals(160, m.nanosHigh(), "the slowest round (300) is left out of the range");
        assertEquals(0.6, m.spread(), 1e-9, "the second-slowest round is 60% above the median");
        assertEquals(7, m.rounds());
        Measurement few = Measurement.ofRounds("few", 10, new double[] {100, 300, 90});
        assertEquals(300, few.nanosHigh(), "below five rounds nothing is left out");
        assertEquals(2.0, few.spread(), 1e-9);

        ComparisonRow steady = new ComparisonRow(
                "steady",
                Measurement.ofRounds("usual", 1000, new double[] {950, 1000, 1050}),
                Measurement.ofRounds("ours", 10, new double[] {96, 100, 104}));
        assertEquals(10, steady.speedUp(), 1e-9);
        assertEquals(0.09, steady.speedUpSpread(), 1e-9);
        assertTrue(steady.quotable());
        ComparisonRow noisy = new ComparisonRow("noisy", few, m);
        assertFalse(noisy.quotable());
    }

    @Test
    void theTableAndTheChartMarkARowTooNoisyToQuote() throws Exception {
        ComparisonRow steady = new ComparisonRow(
                "64 KiB",
                Measurement.ofRounds("BAOS", 126_976, new double[] {9000, 9100, 8900}),
                Measurement.ofRounds("ours", 57, new double[] {1000, 1010, 990}));
        ComparisonRow noisy = new ComparisonRow(
                "1 MiB",
                Measurement.ofRounds("BAOS", 2e6, new double[] {100, 200, 400}),
                Measurement.ofRounds("ours", 56, new double[] {10, 11, 12}));
        ShowcaseTable table = new ShowcaseTable();
        table.add("core", steady);
        table.add("core", noisy);
        String text = table.render();
        assertTrue(text.contains("9000 ns ±1%") && text.contains("9.0x ±2%"), text);
        assertTrue(text.contains("18.2x ±") && text.contains(ShowcaseTable.NOT_QUOTABLE), text);
        assertTrue(table.legend().contains("1 row(s) marked"), table.legend());

        String svg = ShowcaseChart.render(
                List.of(new ShowcaseChart.Entry("core", steady), new ShowcaseChart.Entry("core", noisy)), "test");
        List<String> texts = SvgDocuments.texts(SvgDocuments.parse(svg));
        assertTrue(
                texts.containsAll(List.of(
                        "core: 64 KiB",
                        "core: 1 MiB " + ShowcaseTable.NOT_QUOTABLE,
                        "BAOS",
                        "ours",
                        "9.00x",
                        "18.2x",
                        "124 KiB",
                        "57 B")),
                texts.toString());
    }
}
