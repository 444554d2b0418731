package dev.recyclable.buffers.benchmarks.showcase;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Renders the comparison rows of every section as one fixed-width text table. */
public final class ShowcaseTable {
    private static final String[] HEADER = {
        "section", "scenario", "usual way", "allocated/op", "time/op",
        "ours", "allocated/op", "time/op", "garbage saved", "speed-up"};

    private final List<String[]> lines = new ArrayList<>();

    public void add(String section, ComparisonRow row) {
        Measurement usual = row.usual();
        Measurement ours = row.ours();
        lines.add(new String[] {
            section, row.scenario(),
            usual.label(), bytes(usual.bytesPerOp()), time(usual.nanosPerOp()),
            ours.label(), bytes(ours.bytesPerOp()), time(ours.nanosPerOp()),
            saved(usual.bytesPerOp(), ours.bytesPerOp()),
            String.format(Locale.ROOT, "%.1fx", usual.nanosPerOp() / ours.nanosPerOp())});
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
