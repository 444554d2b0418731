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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark cell of a JMH JSON result file, reduced to what the tables need: the median over
 * every measured iteration of every fork (medians, not means, because the machines this runs on
 * are shared and noisy), in nanoseconds per op and bytes allocated per op.
 *
 * @param benchmarkClass simple name of the benchmark class, e.g. {@code StreamWriteBenchmark}
 * @param method         the benchmark method, i.e. the contender
 * @param params         the JMH parameters of this cell
 * @param threads        threads running the benchmark at once
 * @param nanosPerOp     median time per op in nanoseconds
 * @param spread         fork-to-fork spread of the time: half the range of the forks' own medians, as a
 *                       fraction of {@code nanosPerOp} (0 for a single fork); a difference between two
 *                       cells smaller than their spreads is not a difference
 * @param bytesPerOp     median {@code gc.alloc.rate.norm}, NaN when the run had no {@code -prof gc}
 * @param samples        how many iterations the medians are taken over
 * @param jdk            JDK version of the forked JVM
 * @param vm             VM name and version of the forked JVM
 */
record JmhResult(
        String benchmarkClass,
        String method,
        Map<String, String> params,
        int threads,
        double nanosPerOp,
        double spread,
        double bytesPerOp,
        int samples,
        String jdk,
        String vm) {

    private static final String ALLOC_NORM = "gc.alloc.rate.norm";

    /** An integer parameter of this cell, or -1 when absent. */
    int intParam(String name) {
        String value = params.get(name);
        return value == null ? -1 : Integer.parseInt(value);
    }

    /** Reads every cell of one JMH JSON result file ({@code -rf json}). */
    @SuppressWarnings("unchecked")
    static List<JmhResult> read(Path file) throws IOException {
        Object document = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        List<JmhResult> results = new ArrayList<>();
        for (Object element : (List<Object>) document) {
            Map<String, Object> cell = (Map<String, Object>) element;
            String fullName = (String) cell.get("benchmark");
            int lastDot = fullName.lastIndexOf('.');
            String className = fullName.substring(0, lastDot);
            className = className.substring(className.lastIndexOf('.') + 1);
            Map<String, String> params = new LinkedHashMap<>();
            Object rawParams = cell.get("params");
            if (rawParams != null) {
                ((Map<String, Object>) rawParams).forEach((k, v) -> params.put(k, String.valueOf(v)));
            }
            Map<String, Object> primary = (Map<String, Object>) cell.get("primaryMetric");
            double[] times = rawValues(primary);
            double[] forkMedians = forkMedians(primary);
            double toNanos = nanosPerUnit((String) primary.get("scoreUnit"));
            double bytes = Double.NaN;
            Map<String, Object> secondary = (Map<String, Object>) cell.get("secondaryMetrics");
            if (secondary != null) {
                for (Map.Entry<String, Object> metric : secondary.entrySet()) {
                    if (metric.getKey().endsWith(ALLOC_NORM)) {
                        bytes = median(rawValues((Map<String, Object>) metric.getValue()));
                    }
                }
            }
            results.add(new JmhResult(
                    className,
                    fullName.substring(lastDot + 1),
                    params,
                    ((Double) cell.get("threads")).intValue(),
                    median(times) * toNanos,
                    spread(forkMedians, median(times)),
                    bytes,
                    times.length,
                    String.valueOf(cell.get("jdkVersion")),
                    cell.get("vmName") + " " + cell.get("vmVersion")));
        }
        return results;
    }

    @SuppressWarnings("unchecked")
    private static double[] rawValues(Map<String, Object> metric) {
        List<Object> forks = (List<Object>) metric.get("rawData");
        if (forks == null) {
            return new double[] {toDouble(metric.get("score"))};
        }
        List<Double> values = new ArrayList<>();
        for (Object fork : forks) {
            for (Object iteration : (List<Object>) fork) {
                values.add(toDouble(iteration));
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @SuppressWarnings("unchecked")
    private static double[] forkMedians(Map<String, Object> metric) {
        List<Object> forks = (List<Object>) metric.get("rawData");
        if (forks == null) {
            return new double[0];
        }
        double[] medians = new double[forks.size()];
        for (int i = 0; i < medians.length; i++) {
            medians[i] = median(((List<Object>) forks.get(i))
                    .stream().mapToDouble(JmhResult::toDouble).toArray());
        }
        return medians;
    }

    private static double spread(double[] forkMedians, double median) {
        if (forkMedians.length < 2) {
            return 0;
        }
        double[] sorted = forkMedians.clone();
        Arrays.sort(sorted);
        return (sorted[sorted.length - 1] - sorted[0]) / 2 / median;
    }

    private static double toDouble(Object value) {
        // JMH writes NaN and infinities as strings.
        return value instanceof Double ? (Double) value : Double.parseDouble(String.valueOf(value));
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double nanosPerUnit(String unit) {
        switch (unit) {
            case "ns/op":
                return 1;
            case "us/op":
                return 1e3;
            case "ms/op":
                return 1e6;
            case "s/op":
                return 1e9;
            default:
                throw new IllegalArgumentException("report needs an average-time unit, got " + unit);
        }
    }
}
