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
import java.util.Locale;
import java.util.Optional;

/**
 * The core targets (BENCHMARKS.md lists them), checked against the measured stream grid, each reported as met or
 * missed with the measured value of its worst cell. Only cells present in the run are judged, and
 * the table says how many were.
 */
final class TargetChecks {
    private static final String LIMIT = Contender.ARRAYCOPY_LIMIT.method;
    private static final String US = Contender.RECYCLABLE.method;

    /** One target's verdict. */
    record Verdict(String target, String status, String measured, int cellsJudged) {}

    private TargetChecks() {}

    static List<Verdict> check(Grid grid) {
        List<Verdict> verdicts = new ArrayList<>();
        verdicts.add(worst(
                grid, "allocation <= 64 B/op in every cell", 64, "B/op", cell -> true, (us, limit) -> us.bytesPerOp()));
        verdicts.add(worst(
                grid,
                "W >= 4 KiB and N >= 64 KiB: <= 1.25x the arraycopy limit",
                1.25,
                "x",
                cell -> cell.pieceBytes() >= 4096 && cell.totalBytes() >= 65536,
                (us, limit) -> limit == null ? Double.NaN : us.nanosPerOp() / limit.nanosPerOp()));
        verdicts.add(worst(
                grid,
                "W = 128: <= 2x the arraycopy limit",
                2,
                "x",
                cell -> cell.pieceBytes() == 128,
                (us, limit) -> limit == null ? Double.NaN : us.nanosPerOp() / limit.nanosPerOp()));
        verdicts.add(worst(
                grid,
                "write(int): <= 1 ns per byte",
                1,
                "ns/byte",
                cell -> cell.pieceBytes() == 1 && cell.totalBytes() >= 65536,
                (us, limit) -> us.nanosPerOp() / us.intParam("totalBytes")));
        verdicts.add(worst(
                grid,
                "1 KiB stream in one write (obtain, write, consume, close): <= 50 ns",
                50,
                "ns",
                cell -> cell.totalBytes() == 1024 && cell.pieceBytes() >= 1024,
                (us, limit) -> us.nanosPerOp()));
        verdicts.add(fasterThanEveryPeer(grid));
        verdicts.add(notSlowerThan(
                grid,
                Contender.RECYCLABLE_REUSED.method,
                Contender.AGRONA_REUSED.method,
                "reused stream: <= 1.0x Agrona's reused buffer at 1 KiB and 64 KiB, W = 128 and 4 KiB",
                cell -> (cell.totalBytes() == 1024 || cell.totalBytes() == 65536)
                        && (cell.pieceBytes() == 128 || cell.pieceBytes() == 4096)));
        verdicts.add(notSlowerThan(
                grid,
                US,
                Contender.OKIO_BUFFER.method,
                "1 KiB stream from the shared pool: <= 1.0x Okio's Buffer, W = 128 and 4 KiB",
                cell -> cell.totalBytes() == 1024 && (cell.pieceBytes() == 128 || cell.pieceBytes() == 4096)));
        return verdicts;
    }

    static String render(List<Verdict> verdicts) {
        StringBuilder out = new StringBuilder("| target | verdict | measured (worst cell) | cells judged |\n");
        out.append("|---|---|---|---:|\n");
        for (Verdict verdict : verdicts) {
            out.append("| ")
                    .append(verdict.target())
                    .append(" | ")
                    .append(verdict.status())
                    .append(" | ")
                    .append(verdict.measured())
                    .append(" | ")
                    .append(verdict.cellsJudged())
                    .append(" |\n");
        }
        return out.toString();
    }

    private interface CellFilter {
        boolean accepts(Grid.Cell cell);
    }

    private interface Measure {
        double of(JmhResult us, JmhResult limit);
    }

    private static Verdict worst(
            Grid grid, String target, double bound, String unit, CellFilter filter, Measure measure) {
        double worstValue = Double.NEGATIVE_INFINITY;
        Grid.Cell worstCell = null;
        int judged = 0;
        for (Grid.Cell cell : grid.cells()) {
            Optional<JmhResult> us = grid.get(cell, US);
            if (!filter.accepts(cell) || us.isEmpty()) {
                continue;
            }
            double value = measure.of(us.get(), grid.get(cell, LIMIT).orElse(null));
            if (Double.isNaN(value)) {
                continue;
            }
            judged++;
            if (value > worstValue) {
                worstValue = value;
                worstCell = cell;
            }
        }
        if (worstCell == null) {
            return new Verdict(target, "not measured", "", 0);
        }
        String measured = String.format(Locale.ROOT, "%.3g %s (%s)", worstValue, unit, worstCell.label());
        return new Verdict(target, worstValue <= bound ? "met" : "**missed**", measured, judged);
    }

    /**
     * Ours at most the peer's time in every accepted cell: missed only where the peer is faster by more than the
     * two cells' fork-to-fork spreads; the measured column gives the worst ratio (ours / peer).
     */
    private static Verdict notSlowerThan(Grid grid, String ours, String peer, String target, CellFilter filter) {
        double worst = Double.NEGATIVE_INFINITY;
        Grid.Cell worstCell = null;
        boolean missed = false;
        int judged = 0;
        for (Grid.Cell cell : grid.cells()) {
            Optional<JmhResult> us = grid.get(cell, ours);
            Optional<JmhResult> them = grid.get(cell, peer);
            if (!filter.accepts(cell) || us.isEmpty() || them.isEmpty()) {
                continue;
            }
            judged++;
            double ratio = us.get().nanosPerOp() / them.get().nanosPerOp();
            missed |= ratio > 1 && !ReportTables.withinSpread(us.get(), them.get());
            if (ratio > worst) {
                worst = ratio;
                worstCell = cell;
            }
        }
        if (worstCell == null) {
            return new Verdict(target, "not measured", "", 0);
        }
        String measured = Format.ratio(worst) + " (" + worstCell.label() + ")";
        String status = missed ? "**missed**" : worst > 1 ? "met within the spread" : "met";
        return new Verdict(target, status, measured, judged);
    }

    private static Verdict fasterThanEveryPeer(Grid grid) {
        List<String> losses = new ArrayList<>();
        int judged = 0;
        for (Grid.Cell cell : grid.cells()) {
            Optional<JmhResult> us = grid.get(cell, US);
            if (cell.pieceBytes() < 128 || us.isEmpty()) {
                continue;
            }
            judged++;
            for (String method : grid.methods()) {
                Optional<JmhResult> peer = grid.get(cell, method);
                Optional<JmhResult> ours = grid.get(cell, Contender.ours(method));
                if (Contender.isPeer(method)
                        && peer.isPresent()
                        && ours.isPresent()
                        && peer.get().nanosPerOp() < ours.get().nanosPerOp()
                        && !ReportTables.withinSpread(ours.get(), peer.get())) {
                    losses.add(String.format(
                            Locale.ROOT,
                            "%s %s %s",
                            Contender.label(method),
                            Format.ratio(ours.get().nanosPerOp() / peer.get().nanosPerOp()) + " faster at",
                            cell.label()));
                }
            }
        }
        if (judged == 0) {
            return new Verdict(
                    "faster than every peer in every cell with W >= 128 (reused against reused)",
                    "not measured",
                    "",
                    0);
        }
        return new Verdict(
                "faster than every peer in every cell with W >= 128 (reused against reused)",
                losses.isEmpty() ? "met" : "**missed** in " + losses.size() + " comparisons",
                losses.isEmpty() ? "no peer faster in any cell" : String.join("; ", losses),
                judged);
    }
}
