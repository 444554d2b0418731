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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Renders grids as Markdown tables. */
final class ReportTables {
    private static final String LIMIT = Contender.ARRAYCOPY_LIMIT.method;
    private static final String US = Contender.RECYCLABLE.method;

    private ReportTables() {}

    /** Time per op of every contender, with its ratio to the arraycopy limit of the same cell. */
    static String timeVersusLimit(Grid grid) {
        return table(grid, grid.methods(), (cell) -> method -> {
            Optional<JmhResult> result = grid.get(cell, method);
            if (result.isEmpty()) {
                return "";
            }
            double nanos = result.get().nanosPerOp();
            String time = Format.time(nanos, result.get().spread());
            Optional<JmhResult> limit = grid.get(cell, LIMIT);
            if (method.equals(LIMIT) || limit.isEmpty()) {
                return time;
            }
            return "**" + Format.ratio(nanos / limit.get().nanosPerOp()) + "** " + time;
        });
    }

    /** Bytes allocated per op of every contender. */
    static String bytesPerOp(Grid grid) {
        return table(
                grid,
                grid.methods(),
                cell -> method -> grid.get(cell, method)
                        .map(r -> Format.bytes(r.bytesPerOp()))
                        .orElse(""));
    }

    /**
     * Peer time divided by our time in the same cell ({@link Contender#ours} says which of ours): above 1 means
     * ours is faster; bold when the peer is faster by more than the two cells' spreads, {@code ~} when the
     * difference is within them.
     */
    static String usVersusPeers(Grid grid) {
        List<String> peers = new ArrayList<>();
        for (String method : grid.methods()) {
            if (Contender.isPeer(method)) {
                peers.add(method);
            }
        }
        return table(grid, peers, cell -> method -> {
            Optional<JmhResult> us = grid.get(cell, Contender.ours(method));
            Optional<JmhResult> peer = grid.get(cell, method);
            if (us.isEmpty() || peer.isEmpty()) {
                return "";
            }
            double ratio = peer.get().nanosPerOp() / us.get().nanosPerOp();
            String text = Format.ratio(ratio);
            if (withinSpread(us.get(), peer.get())) {
                return "~" + text;
            }
            return ratio < 1 ? "**" + text + "**" : text;
        });
    }

    /** Whether two cells' times differ by less than the sum of their fork-to-fork spreads. */
    static boolean withinSpread(JmhResult a, JmhResult b) {
        double ratio = a.nanosPerOp() / b.nanosPerOp();
        return Math.abs(ratio - 1) <= a.spread() + b.spread();
    }

    /**
     * Contenders as rows, for benchmarks with a single cell per size (tiny stream, contention).
     *
     * @param unparameterized what to call the workload of a benchmark without N and W parameters
     */
    static String byContender(Grid grid, String unparameterized) {
        StringBuilder out = new StringBuilder();
        out.append("| workload | contender | time/op | B/op | time vs RecyclableOutputStream |\n");
        out.append("|---|---|---:|---:|---:|\n");
        for (Grid.Cell cell : grid.cells()) {
            Optional<JmhResult> us = grid.get(cell, US);
            for (String method : grid.methods()) {
                Optional<JmhResult> result = grid.get(cell, method);
                if (result.isEmpty()) {
                    continue;
                }
                String vsUs = us.map(u -> Format.ratio(result.get().nanosPerOp() / u.nanosPerOp()))
                        .orElse("");
                out.append("| ")
                        .append(workload(cell, result.get(), unparameterized))
                        .append(" | ")
                        .append(Contender.label(method))
                        .append(" | ")
                        .append(Format.time(
                                result.get().nanosPerOp(), result.get().spread()))
                        .append(" | ")
                        .append(Format.bytes(result.get().bytesPerOp()))
                        .append(" | ")
                        .append(vsUs)
                        .append(" |\n");
            }
        }
        return out.toString();
    }

    private static String workload(Grid.Cell cell, JmhResult result, String unparameterized) {
        String threads = result.threads() > 1 ? ", " + result.threads() + " threads" : "";
        if (cell.totalBytes() < 0) {
            return unparameterized + threads;
        }
        return cell.label() + threads;
    }

    private static String table(
            Grid grid, List<String> columns, Function<Grid.Cell, Function<String, String>> cellText) {
        StringBuilder out = new StringBuilder("| N | W |");
        StringBuilder rule = new StringBuilder("|---:|---:|");
        for (String method : columns) {
            out.append(' ').append(Contender.label(method)).append(" |");
            rule.append("---:|");
        }
        out.append('\n').append(rule).append('\n');
        for (Grid.Cell cell : grid.cells()) {
            out.append("| ")
                    .append(Format.size(cell.totalBytes()))
                    .append(" | ")
                    .append(cell.pieceBytes() == 1 ? "1" : Format.size(cell.pieceBytes()))
                    .append(" |");
            Function<String, String> text = cellText.apply(cell);
            for (String method : columns) {
                out.append(' ').append(text.apply(method)).append(" |");
            }
            out.append('\n');
        }
        return out.toString();
    }
}
