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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Renders the comparison rows of every section as one fixed-width text table. */
public final class ShowcaseTable {
    private static final String[] HEADER = {
        "section", "scenario", "usual way", "allocated/op", "time/op",
        "ours", "allocated/op", "time/op", "garbage saved", "speed-up"
    };

    private final List<String[]> lines = new ArrayList<>();

    public void add(String section, ComparisonRow row) {
        Measurement usual = row.usual();
        Measurement ours = row.ours();
        lines.add(new String[] {
            section,
            row.scenario(),
            usual.label(),
            bytes(usual.bytesPerOp()),
            timeWithSpread(usual),
            ours.label(),
            bytes(ours.bytesPerOp()),
            timeWithSpread(ours),
            saved(usual.bytesPerOp(), ours.bytesPerOp()),
            String.format(
                    Locale.ROOT,
                    "%.1fx ±%.0f%%%s",
                    row.speedUp(),
                    100 * row.speedUpSpread(),
                    row.quotable() ? "" : " " + NOT_QUOTABLE)
        });
        if (!row.quotable()) {
            unquotable++;
        }
    }

    /** Marks a speed-up whose spread is too wide to quote. */
    static final String NOT_QUOTABLE = "(noisy)";

    private int unquotable;

    /** The line to print under the table: how to read the spreads, and how many rows are too noisy to quote. */
    public String legend() {
        String how = String.format(
                Locale.ROOT,
                "Times are medians of rounds measured after warm-up, ± the farthest"
                        + " round from the median (from 5 rounds up, the fastest and slowest round are left out of the"
                        + " spread); a speed-up's spread is the sum of its two times' spreads. A speed-up"
                        + " spread over %.0f%% is marked %s: do not quote that row.",
                100 * ComparisonRow.MAX_QUOTABLE_SPREAD,
                NOT_QUOTABLE);
        return unquotable == 0 ? how : how + " " + unquotable + " row(s) marked this run.";
    }

    private static String timeWithSpread(Measurement m) {
        return m.rounds() > 1
                ? time(m.nanosPerOp()) + String.format(Locale.ROOT, " ±%.0f%%", 100 * m.spread())
                : time(m.nanosPerOp());
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }

    public String render() {
        int[] widths = new int[HEADER.length];
        List<String[]> all = new ArrayList<>();
        all.add(HEADER);
        all.addAll(lines);
        for (String[] line : all) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int l = 0; l < all.size(); l++) {
            String[] line = all.get(l);
            for (int i = 0; i < line.length; i++) {
                // text columns left-aligned, numbers right-aligned
                boolean text = i == 0 || i == 1 || i == 2 || i == 5;
                String format = "%" + (text ? "-" : "") + widths[i] + "s";
                out.append(i == 0 ? "" : "  ").append(String.format(Locale.ROOT, format, line[i]));
            }
            out.append('\n');
            if (l == 0) {
                int total = 0;
                for (int width : widths) {
                    total += width + 2;
                }
                out.append("-".repeat(total - 2)).append('\n');
            }
        }
        return out.toString();
    }

    static String bytes(double bytes) {
        if (bytes < 10 * 1024) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        if (bytes < 10 * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.0f KiB", bytes / 1024);
        }
        return String.format(Locale.ROOT, "%.0f MiB", bytes / (1024 * 1024));
    }

    static String time(double nanos) {
        if (nanos < 10_000) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        }
        if (nanos < 10_000_000) {
            return String.format(Locale.ROOT, "%.0f us", nanos / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }

    private static String saved(double usual, double ours) {
        if (usual <= 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f%%", 100 * (usual - ours) / usual);
    }
}
