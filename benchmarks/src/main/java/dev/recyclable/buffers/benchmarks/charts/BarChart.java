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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A hand-written SVG chart with two panels side by side for the same rows: time as a multiple of a
 * baseline (log scale, with a dashed line at 1x and an optional whisker for the spread) and bytes
 * allocated per operation (log scale). Used by the JMH report tool (baseline: the arraycopy limit)
 * and the showcase (baseline: our own median), so both pictures read the same way.
 *
 * <p>Plain SVG 1.1 with inline styles: it renders on GitHub, in browsers and in image viewers, and
 * needs no library.
 */
public final class BarChart {
    /**
     * One bar in both panels.
     *
     * @param group     rows with the same group are drawn together under its heading
     * @param label     the row's name, e.g. a contender
     * @param colorKey  rows with the same key share a color
     * @param highlight drawn in the highlight color with a bold label (ours)
     * @param times     time as a multiple of the baseline
     * @param timesLow  the low end of its spread, or NaN for none
     * @param timesHigh the high end of its spread, or NaN for none
     * @param bytes     bytes allocated per operation, or NaN when not measured
     */
    public record Bar(
            String group,
            String label,
            String colorKey,
            boolean highlight,
            double times,
            double timesLow,
            double timesHigh,
            double bytes) {}

    private static final String[] PALETTE = {
        "#8c8c8c", "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f"
    };
    private static final String HIGHLIGHT = "#1a7f37";

    private static final int WIDTH = 980;
    private static final int LABEL_RIGHT = 250;
    private static final int TIME_LEFT = 262;
    private static final int TIME_RIGHT = 612;
    private static final int BYTES_LEFT = 650;
    private static final int BYTES_RIGHT = 960;
    private static final int ROW = 16;
    private static final int GROUP_HEADER = 20;
    private static final int TOP = 92;

    private BarChart() {}

    /**
     * Renders the chart.
     *
     * @param title        the heading
     * @param subtitle     one line under it: what was measured, where
     * @param timeTitle    the left panel's heading, e.g. "time / arraycopy limit"
     * @param baselineName what the dashed 1x line is, e.g. "arraycopy limit"
     * @param bars         the rows, in drawing order
     */
    public static String render(String title, String subtitle, String timeTitle, String baselineName, List<Bar> bars) {
        Map<String, List<Bar>> groups = new LinkedHashMap<>();
        Map<String, String> colors = new LinkedHashMap<>();
        double timeMin = 1;
        double timeMax = 1;
        double bytesMax = 1;
        for (Bar bar : bars) {
            groups.computeIfAbsent(bar.group(), g -> new ArrayList<>()).add(bar);
            if (!bar.highlight()) {
                colors.computeIfAbsent(bar.colorKey(), k -> PALETTE[colors.size() % PALETTE.length]);
            }
            timeMin = Math.min(timeMin, min(bar.times(), bar.timesLow()));
            timeMax = Math.max(timeMax, max(bar.times(), bar.timesHigh()));
            if (!Double.isNaN(bar.bytes())) {
                bytesMax = Math.max(bytesMax, bar.bytes());
            }
        }
        // whole decades, with room right of the longest bar for its value label
        LogAxis time = new LogAxis(
                TIME_LEFT, TIME_RIGHT, Math.floor(Math.log10(timeMin) - 1e-9), Math.ceil(Math.log10(timeMax * 3)));
        LogAxis bytes = new LogAxis(BYTES_LEFT, BYTES_RIGHT, 0, Math.ceil(Math.log10(bytesMax * 8)));

        int height = TOP + groups.size() * GROUP_HEADER + bars.size() * ROW + 34;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                        + " viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">%n",
                WIDTH,
                height,
                WIDTH,
                height));
        element(svg, "rect", "width", WIDTH, "height", height, "fill", "#ffffff");
        text(svg, 10, 22, "start", "font-size=\"16\" font-weight=\"bold\"", title);
        text(svg, 10, 40, "start", "fill=\"#555555\"", subtitle);
        text(svg, TIME_LEFT, 62, "start", "font-weight=\"bold\"", timeTitle + " (log scale, lower is better)");
        text(svg, BYTES_LEFT, 62, "start", "font-weight=\"bold\"", "bytes allocated per op (log scale)");

        int bottom = height - 30;
        for (int decade = (int) time.lowDecade; decade <= time.highDecade; decade++) {
            double x = time.x(Math.pow(10, decade));
            gridLine(svg, x, TOP - 8, bottom);
            if (time.labelled(decade)) {
                text(svg, x, 80, "middle", "fill=\"#555555\"", timesLabel(decade));
            }
        }
        for (int decade = (int) bytes.lowDecade; decade <= bytes.highDecade; decade++) {
            double x = bytes.x(Math.pow(10, decade));
            gridLine(svg, x, TOP - 8, bottom);
            if (bytes.labelled(decade)) {
                text(svg, x, 80, "middle", "fill=\"#555555\"", bytesTick(decade));
            }
        }
        double one = time.x(1);
        element(
                svg,
                "line",
                "x1",
                one,
                "y1",
                TOP - 8,
                "x2",
                one,
                "y2",
                bottom,
                "stroke",
                "#000000",
                "stroke-dasharray",
                "4 3");
        text(svg, one, bottom + 14, "middle", "fill=\"#333333\"", "1x = " + baselineName);

        int y = TOP;
        for (Map.Entry<String, List<Bar>> group : groups.entrySet()) {
            text(svg, 10, y + 14, "start", "font-weight=\"bold\"", group.getKey());
            y += GROUP_HEADER;
            for (Bar bar : group.getValue()) {
                String color = bar.highlight() ? HIGHLIGHT : colors.get(bar.colorKey());
                int middle = y + ROW / 2;
                text(svg, LABEL_RIGHT, middle + 4, "end", bar.highlight() ? "font-weight=\"bold\"" : "", bar.label());
                double end = time.x(bar.times());
                rect(svg, TIME_LEFT, y + 2, end - TIME_LEFT, ROW - 4, color);
                double labelAt = end;
                if (usable(bar.timesLow()) && usable(bar.timesHigh()) && bar.timesHigh() > bar.timesLow()) {
                    double low = time.x(bar.timesLow());
                    double high = time.x(bar.timesHigh());
                    String whisker = String.format(
                            Locale.ROOT,
                            "M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d",
                            low,
                            y + 3,
                            y + ROW - 3,
                            low,
                            middle,
                            high,
                            high,
                            y + 3,
                            y + ROW - 3);
                    element(svg, "path", "d", whisker, "stroke", "#222222", "fill", "none");
                    labelAt = Math.max(end, high);
                }
                text(svg, labelAt + 4, middle + 4, "start", "", timesValue(bar.times()));
                if (!Double.isNaN(bar.bytes())) {
                    double bytesEnd = bytes.x(Math.max(1, bar.bytes()));
                    rect(svg, BYTES_LEFT, y + 2, bytesEnd - BYTES_LEFT, ROW - 4, color);
                    text(svg, bytesEnd + 4, middle + 4, "start", "", bytesValue(bar.bytes()));
                }
                y += ROW;
            }
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** A log10 axis over whole decades, mapped to pixels. */
    private record LogAxis(double left, double right, double lowDecade, double highDecade) {
        LogAxis {
            if (highDecade <= lowDecade) {
                highDecade = lowDecade + 1;
            }
        }

        /** Every decade is labelled while they are at least 40 px apart, else every other one. */
        boolean labelled(int decade) {
            double perDecade = (right - left) / (highDecade - lowDecade);
            return perDecade >= 40 || Math.floorMod(decade - (int) lowDecade, 2) == 0;
        }

        double x(double value) {
            double decade = Math.log10(Math.max(value, Math.pow(10, lowDecade)));
            return left + (right - left) * (decade - lowDecade) / (highDecade - lowDecade);
        }
    }

    /** The smaller of a bar and its whisker's low end, ignoring what a log axis cannot show (NaN, 0, negative). */
    private static double min(double value, double low) {
        return usable(low) ? Math.min(value, low) : value;
    }

    private static double max(double value, double high) {
        return usable(high) ? Math.max(value, high) : value;
    }

    private static boolean usable(double value) {
        return value > 0 && !Double.isInfinite(value);
    }

    private static void gridLine(StringBuilder svg, double x, int top, int bottom) {
        element(svg, "line", "x1", x, "y1", top, "x2", x, "y2", bottom, "stroke", "#dddddd");
    }

    private static void rect(StringBuilder svg, double x, int y, double width, int height, String color) {
        element(svg, "rect", "x", x, "y", y, "width", Math.max(1, width), "height", height, "fill", color);
    }

    /**
     * Appends an empty element, {@code <name a="v" .../>} and a line break: {@code attributes} are name, value pairs,
     * a {@code double} value with one decimal (pixels), any other as it is (not escaped: numbers, colors, path data).
     */
    private static void element(StringBuilder svg, String name, Object... attributes) {
        svg.append('<').append(name);
        for (int i = 0; i < attributes.length; i += 2) {
            Object value = attributes[i + 1];
            svg.append(' ')
                    .append(attributes[i])
                    .append("=\"")
                    .append(value instanceof Double d ? String.format(Locale.ROOT, "%.1f", d) : value)
                    .append('"');
        }
        svg.append("/>").append(System.lineSeparator());
    }

    private static void text(StringBuilder svg, double x, int y, String anchor, String attributes, String content) {
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"%s\"%s>%s</text>%n",
                x,
                y,
                anchor,
                attributes.isEmpty() ? "" : " " + attributes,
                escape(content)));
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }

    private static String timesLabel(int decade) {
        double value = Math.pow(10, decade);
        return (decade < 0
                        ? String.format(Locale.ROOT, "%." + (-decade) + "f", value)
                        : String.format(Locale.ROOT, "%.0f", value))
                + "x";
    }

    static String timesValue(double times) {
        return String.format(Locale.ROOT, times < 10 ? "%.2fx" : "%.1fx", times);
    }

    private static String bytesTick(int decade) {
        String[] units = {"B", "kB", "MB", "GB"};
        int unit = Math.min(decade / 3, units.length - 1);
        return String.format(Locale.ROOT, "%.0f %s", Math.pow(10, decade - 3 * unit), units[unit]);
    }

    static String bytesValue(double bytes) {
        if (bytes < 1024) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, bytes < 10 * 1024 ? "%.2f KiB" : "%.0f KiB", bytes / 1024);
        }
        return String.format(Locale.ROOT, bytes < 10 * 1024 * 1024 ? "%.2f MiB" : "%.1f MiB", bytes / (1024 * 1024));
    }
}
