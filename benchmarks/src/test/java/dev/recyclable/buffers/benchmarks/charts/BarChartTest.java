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
package dev.recyclable.buffers.benchmarks.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class BarChartTest {

    /** Widths of the bars (rects but the background), in drawing order: time bar, bytes bar, per row. */
    static List<Double> barWidths(Document svg) {
        List<Double> widths = new ArrayList<>();
        NodeList rects = svg.getElementsByTagName("rect");
        for (int i = 1; i < rects.getLength(); i++) {
            widths.add(Double.parseDouble(((Element) rects.item(i)).getAttribute("width")));
        }
        return widths;
    }

    @Test
    void barsAreLogScaledAndLabelledWithTheirValues() throws Exception {
        String svg = BarChart.render(
                "title <&>",
                "sub",
                "time / limit",
                "limit",
                List.of(
                        new BarChart.Bar("W = 4 KiB", "ours", "ours", true, 1.2, Double.NaN, Double.NaN, 57),
                        new BarChart.Bar("W = 4 KiB", "BAOS", "BAOS", false, 12, 10, 15, 126_976)));
        Document document = SvgDocuments.parse(svg);

        assertEquals("svg", document.getDocumentElement().getLocalName());
        List<String> texts = SvgDocuments.texts(document);
        assertTrue(texts.contains("title <&>"), "escaped and read back: " + texts);
        assertTrue(
                texts.containsAll(
                        List.of("W = 4 KiB", "ours", "BAOS", "1.20x", "12.0x", "57 B", "124 KiB", "1x = limit")),
                texts.toString());
        List<Double> widths = barWidths(document);
        assertEquals(4, widths.size(), "a time bar and a bytes bar per row");
        // log scale: 12x is one decade (and a bit) further than 1.2x, over a 0.1x..100x axis of 3 decades
        double decade = 350.0 / 3;
        assertEquals(
                decade * (Math.log10(12) + 1) - decade * (Math.log10(1.2) + 1), widths.get(2) - widths.get(0), 0.2);
        assertTrue(widths.get(3) > widths.get(1), "more bytes, longer bar");
        assertTrue(svg.contains("<path d=\"M"), "the spread of the second row is drawn as a whisker");
    }
}
