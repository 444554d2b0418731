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
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs every {@link ShowcaseSection}, then prints one table, the notes, the shared pool's
 * statistics and every check with PASS or FAIL.
 */
public final class ShowcaseRunner {
    private final PrintStream out;

    public ShowcaseRunner(PrintStream out) {
        this.out = out;
    }

    /** Runs the showcase; returns whether every check passed. */
    public boolean run() {
        long start = System.nanoTime();
        out.println("Recyclable Buffers showcase: the usual way vs ours, same work, measured in this JVM ("
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs, " + loadAverage() + ")");

        ShowcaseContext context = new ShowcaseContext(out, new AllocationMeter());
        ShowcaseTable table = new ShowcaseTable();
        List<Check> checks = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<ShowcaseChart.Entry> charted = new ArrayList<>();
        List<ShowcaseSection> sections = ShowcaseSections.discover();
        for (int i = 0; i < sections.size(); i++) {
            ShowcaseSection section = sections.get(i);
            out.printf(Locale.ROOT, "[%d/%d] %s%n", i + 1, sections.size(), section.name());
            context.enterSection(section.name());
            try {
                SectionResult result = section.run(context);
                for (ComparisonRow row : result.rows()) {
                    table.add(section.name(), row);
                    charted.add(new ShowcaseChart.Entry(section.name(), row));
                }
                checks.addAll(result.checks());
                notes.addAll(result.notes());
            } catch (Exception | AssertionError e) {
                checks.add(Check.of(section.name() + ": section ran to the end", false, e.toString()));
                e.printStackTrace(out);
            }
        }

        PoolStats stats = BufferPool.shared().stats();
        checks.add(
                Check.nothingInUse("shared pool: no bytes in use after every stream was closed", BufferPool.shared()));
        checks.add(Check.of("shared pool: no leaked streams", stats.leaks() == 0, stats.leaks() + " leaks"));

        out.println();
        out.print(table.render());
        out.println(table.legend());
        writeChart(charted);
        out.println();
        for (String note : notes) {
            out.println(note);
        }
        out.println();
        out.println("Shared pool (BufferPool.shared(), embedded defaults) at the end:");
        out.println(describe(stats));
        out.println();

        int failed = 0;
        for (Check check : checks) {
            out.printf(Locale.ROOT, "  %s  %s (%s)%n", check.passed() ? "PASS" : "FAIL", check.name(), check.detail());
            if (!check.passed()) {
                failed++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println(machineAtTheEnd());
        if (failed > 0) {
            out.printf(Locale.ROOT, "%nFAILED: %d of %d checks (%.1f s)%n", failed, checks.size(), seconds);
            out.flush();
            return false;
        }
        out.printf(Locale.ROOT, "%nAll %d checks passed (%.1f s).%n", checks.size(), seconds);
        return true;
    }

    /** Draws the rows as an SVG chart; a chart that cannot be written is reported, never fatal. */
    private void writeChart(List<ShowcaseChart.Entry> charted) {
        if (charted.isEmpty()) {
            return;
        }
        Path file = Path.of(System.getProperty(
                ShowcaseChart.PATH_PROPERTY,
                Path.of(System.getProperty("java.io.tmpdir"), "recyclable-buffers-showcase.svg")
                        .toString()));
        String subtitle = "measured in this run (" + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors()
                + " CPUs, " + loadAverage() + "); times are medians of rounds after warm-up; (noisy): spread over "
                + Math.round(100 * ComparisonRow.MAX_QUOTABLE_SPREAD) + "%, do not quote";
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            Files.writeString(file, ShowcaseChart.render(charted, subtitle), StandardCharsets.UTF_8);
            out.println("Chart of these rows: " + file.toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            out.println("Chart not written to " + file + ": " + e);
        }
    }

    /** The load at the end, and what it means for the times above: other work shared the cores only above the CPU count. */
    private static String machineAtTheEnd() {
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage();
        int cpus = Runtime.getRuntime().availableProcessors();
        if (load < 0) {
            return "Machine load average unknown at the end.";
        }
        String at = String.format(Locale.ROOT, "Machine load average %.1f at the end, %d CPUs", load, cpus);
        return load > cpus
                ? at
                        + ": above the CPU count, other work shared the cores and the times above are not the library's alone."
                : at + ": the cores were not oversubscribed.";
    }

    private static String loadAverage() {
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage();
        return load < 0 ? "load average unknown" : String.format(Locale.ROOT, "load average %.1f", load);
    }

    private static String describe(PoolStats stats) {
        double reuse = stats.chunksLeased() == 0 ? 0 : 100.0 * stats.chunksReused() / stats.chunksLeased();
        return String.format(
                Locale.ROOT,
                "  chunks leased %d, of which reused %d (%.2f%%), allocated %d,"
                        + " dropped %d%n  bytes in use %d, bytes idle %d, leaks %d",
                stats.chunksLeased(),
                stats.chunksReused(),
                reuse,
                stats.chunksAllocated(),
                stats.chunksDroppedTotal(),
                stats.bytesInUse(),
                stats.bytesIdle(),
                stats.leaks());
    }
}
