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
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The core comparison: fill a stream the way a serializer does, hand its content to a consumer,
 * let it go; once with {@link ByteArrayOutputStream}, once with a {@link RecyclableOutputStream}
 * from {@link BufferPool#shared()} on its embedded defaults. Content is checked here; times and
 * allocation are measured in a JVM of its own ({@link CoreMeasurements}).
 */
public final class CoreSection implements ShowcaseSection {
    private final CoreMeasurements work = new CoreMeasurements();

    @Override
    public String name() {
        return "core";
    }

    @Override
    public SectionResult run(ShowcaseContext context) throws Exception {
        BufferPool pool = BufferPool.shared();
        SectionResult result = new SectionResult();
        for (CoreMeasurements.Workload workload : CoreMeasurements.WORKLOADS) {
            context.progress(workload.scenario() + ": checking content");
            result.check(sameContent(pool, workload));
        }
        context.progress("measuring in a JVM of its own (" + String.join(" ", CoreMeasurements.JVM_FLAGS) + ")");
        List<ComparisonRow> rows;
        String where;
        try {
            CoreMeasurements.Forked forked = CoreMeasurements.inForkedJvm(context::progress);
            rows = forked.rows();
            where = "in a forked JVM with a fixed heap (" + String.join(" ", CoreMeasurements.JVM_FLAGS) + ")";
            if (forked.bytesInUse() != 0 || forked.leaks() != 0) {
                throw new IllegalStateException("the measuring JVM's shared pool ended with " + forked.bytesInUse()
                        + " bytes in use and " + forked.leaks() + " leaks");
            }
        } catch (IOException e) {
            context.progress("could not fork a JVM ("
                    + e.getMessage().lines().findFirst().orElse("") + "):"
                    + " measuring in this one, where heap growth inflates the usual way's times");
            rows = work.measureAll(context.meter(), context::progress);
            where = "in this JVM, because no JVM could be forked: its heap grows while measuring, so the usual"
                    + " way's times include page faults and the speed-ups are inflated";
        }
        for (ComparisonRow row : rows) {
            result.row(row);
            result.check(Check.of(
                    "core: " + row.scenario() + ": RecyclableOutputStream allocates at most "
                            + "a tenth of what ByteArrayOutputStream does",
                    row.ours().bytesPerOp() <= row.usual().bytesPerOp() / 10,
                    String.format(
                            Locale.ROOT,
                            "%.0f B/op vs %.0f B/op",
                            row.ours().bytesPerOp(),
                            row.usual().bytesPerOp())));
        }
        result.note("core: writes go through an OutputStream-typed method, as to a serializer; content is consumed "
                + "with writeTo into a discarding stream. Measured " + where + "; each time is the median of "
                + AllocationMeter.ROUNDS + " rounds after at least 300 ms of warm-up, ± the farthest round. "
                + "BENCHMARKS.md has the JMH numbers for the same cells (BAOS writeTo / ours).");
        return result;
    }

    /** Both ways must produce exactly the bytes written, in order. */
    private Check sameContent(BufferPool pool, CoreMeasurements.Workload workload) throws IOException {
        ByteArrayOutputStream usual = new ByteArrayOutputStream();
        work.fill(usual, workload);
        ByteArrayOutputStream copy = new ByteArrayOutputStream(workload.totalBytes());
        long length;
        try (RecyclableOutputStream ours = pool.newStream("showcase")) {
            work.fill(ours, workload);
            length = ours.length();
            ours.writeTo(copy);
        }
        boolean same = length == workload.totalBytes() && Arrays.equals(usual.toByteArray(), copy.toByteArray());
        return Check.of(
                "core: " + workload.scenario() + ": content identical to ByteArrayOutputStream's",
                same,
                same ? workload.totalBytes() + " bytes" : "length " + length + ", expected " + workload.totalBytes());
    }
}
