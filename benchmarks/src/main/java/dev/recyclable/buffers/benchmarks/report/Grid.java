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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The results of one benchmark class arranged as cells (total size N, piece size W) by contender.
 * When several result files measured the same cell and contender, the later file wins.
 */
final class Grid {
    /** One workload: N bytes written in pieces of W. Sorted by W, then N, as the tables read. */
    record Cell(int totalBytes, int pieceBytes) implements Comparable<Cell> {
        @Override
        public int compareTo(Cell other) {
            return Comparator.comparingInt(Cell::pieceBytes)
                    .thenComparingInt(Cell::totalBytes)
                    .compare(this, other);
        }

        String label() {
            return "N=" + Format.size(totalBytes) + ", W="
                    + (pieceBytes == 1 ? "1 (write(int))" : Format.size(pieceBytes));
        }
    }

    private final Map<Cell, Map<String, JmhResult>> cells = new TreeMap<>();
    private final TreeSet<String> methods =
            new TreeSet<>(Comparator.comparingInt(Contender::order).thenComparing(Comparator.naturalOrder()));

    Grid(List<JmhResult> results, String benchmarkClass) {
        for (JmhResult result : results) {
            if (!result.benchmarkClass().equals(benchmarkClass)) {
                continue;
            }
            Cell cell = new Cell(result.intParam("totalBytes"), result.intParam("pieceBytes"));
            cells.computeIfAbsent(cell, c -> new LinkedHashMap<>()).put(result.method(), result);
            methods.add(result.method());
        }
    }

    boolean isEmpty() {
        return cells.isEmpty();
    }

    List<Cell> cells() {
        return new ArrayList<>(cells.keySet());
    }

    /** Benchmark methods present anywhere in the grid, in table column order. */
    List<String> methods() {
        return new ArrayList<>(methods);
    }

    Optional<JmhResult> get(Cell cell, String method) {
        return Optional.ofNullable(cells.getOrDefault(cell, Map.of()).get(method));
    }
}
