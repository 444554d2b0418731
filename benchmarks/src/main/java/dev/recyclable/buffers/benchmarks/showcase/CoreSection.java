package dev.recyclable.buffers.benchmarks.showcase;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.benchmarks.core.DiscardingOutputStream;
import dev.recyclable.buffers.benchmarks.core.Writers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The core comparison: fill a stream the way a serializer does, hand its content to a consumer,
 * let it go; once with {@link ByteArrayOutputStream}, once with a {@link RecyclableOutputStream}
 * from {@link BufferPool#shared()} on its embedded defaults.
 */
public final class CoreSection implements ShowcaseSection {
    private static final int PIECE = 4096;
    /** Roughly how many bytes each measurement writes, so that every size gets a stable average. */
    private static final long BYTES_PER_MEASUREMENT = 128L << 20;

    private record Workload(String scenario, int totalBytes, int pieceBytes) {
    }

    private static final List<Workload> WORKLOADS = List.of(
            new Workload("1 KiB, one write", 1024, 1024),
            new Workload("64 KiB in 4 KiB writes", 64 << 10, PIECE),
            new Workload("64 KiB byte by byte", 64 << 10, 1),
            new Workload("1 MiB in 4 KiB writes", 1 << 20, PIECE),
            new Workload("16 MiB in 4 KiB writes", 16 << 20, PIECE));

    private final byte[] piece = new byte[PIECE];
    /** The consumer: counts what it is given, so the work cannot be skipped, and keeps nothing. */
    private final DiscardingOutputStream sink = new DiscardingOutputStream();

    public CoreSection() {
        new SplittableRandom(42).nextBytes(piece);
    }

    @Override
    public String name() {
        return "core";
    }

    @Override
    public SectionResult run(ShowcaseContext context) throws Exception {
        BufferPool pool = BufferPool.shared();
        SectionResult result = new SectionResult();
        for (Workload workload : WORKLOADS) {
            context.progress(workload.scenario() + ": checking content, then measuring both ways");
            result.check(sameContent(pool, workload));
            int repetitions = (int) Math.max(8, Math.min(50_000, BYTES_PER_MEASUREMENT / workload.totalBytes()));
            Measurement usual = context.meter().measure("ByteArrayOutputStream", repetitions, () -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                fill(out, workload);
                out.writeTo(sink);
            });
            Measurement ours = context.meter().measure("RecyclableOutputStream", repetitions, () -> {
                try (RecyclableOutputStream out = pool.newStream()) {
                    fill(out, workload);
                    out.writeTo(sink);
                }
            });
            result.row(new ComparisonRow(workload.scenario(), usual, ours));
            result.check(Check.of("core: " + workload.scenario() + ": RecyclableOutputStream allocates at most "
                            + "a tenth of what ByteArrayOutputStream does",
                    ours.bytesPerOp() <= usual.bytesPerOp() / 10,
                    String.format(Locale.ROOT, "%.0f B/op vs %.0f B/op", ours.bytesPerOp(), usual.bytesPerOp())));
        }
        result.note("core: writes go through an OutputStream-typed method, as to a serializer; content is consumed "
                + "with writeTo into a discarding stream. Times are single-run averages on this machine: "
                + "BENCHMARKS.md has the JMH numbers.");
        return result;
    }

    /** Both ways must produce exactly the bytes written, in order. */
    private Check sameContent(BufferPool pool, Workload workload) throws IOException {
        ByteArrayOutputStream usual = new ByteArrayOutputStream();
        fill(usual, workload);
        ByteArrayOutputStream copy = new ByteArrayOutputStream(workload.totalBytes());
        long length;
        try (RecyclableOutputStream ours = pool.newStream("showcase")) {
            fill(ours, workload);
            length = ours.length();
            ours.writeTo(copy);
        }
        boolean same = length == workload.totalBytes() && Arrays.equals(usual.toByteArray(), copy.toByteArray());
        return Check.of("core: " + workload.scenario() + ": content identical to ByteArrayOutputStream's", same,
                same ? workload.totalBytes() + " bytes" : "length " + length + ", expected " + workload.totalBytes());
    }

    /** The serializer: sees only an OutputStream (the benchmarks' writer, the same workload shape). */
    private void fill(OutputStream out, Workload workload) throws IOException {
        Writers.write(out, piece, workload.pieceBytes(), workload.totalBytes());
    }
}
