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
package dev.recyclable.buffers.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.DropReason;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Micrometer binder follows the pool as streams come and go. */
class BufferPoolMetricsTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    private static BufferPool smallPool(long maxIdleBytes, LeakDetection leaks) {
        return BufferPool.builder()
                .minChunkSize(1024)
                .maxChunkSize(4096)
                .maxIdleBytes(maxIdleBytes)
                .idleDecay(Duration.ZERO)
                .leakDetection(leaks)
                .build();
    }

    @Test
    void bytesAndChunkCountersFollowPoolActivity() throws IOException {
        BufferPool pool = smallPool(1 << 20, LeakDetection.DISABLED);
        new BufferPoolMetrics(pool, "orders", Tags.of("app", "test")).bindTo(registry);

        assertEquals(0, gauge("buffers.pool.memory.used"));
        assertEquals(0, gauge("buffers.pool.memory.idle"));
        assertEquals(0, counter("buffers.pool.chunks.leased"));

        RecyclableOutputStream out = pool.newStream();
        out.write(new byte[1024]); // a 1 KiB chunk
        out.write(new byte[4096]); // then a 4 KiB one
        assertEquals(5120, gauge("buffers.pool.memory.used"), "two chunks leased");
        assertEquals(2, counter("buffers.pool.chunks.leased"));
        assertEquals(2, counter("buffers.pool.chunks.allocated"));
        assertEquals(0, counter("buffers.pool.chunks.reused"));
        out.close();
        assertEquals(0, gauge("buffers.pool.memory.used"));
        assertEquals(5120, gauge("buffers.pool.memory.idle"), "both chunks wait for reuse");

        try (RecyclableOutputStream again = pool.newStream()) {
            again.write(new byte[1024]);
            again.write(new byte[10]);
        }
        assertEquals(4, counter("buffers.pool.chunks.leased"));
        assertEquals(2, counter("buffers.pool.chunks.reused"), "the second stream reused both chunks");
        assertEquals(2, counter("buffers.pool.chunks.allocated"));

        pool.trim();
        assertEquals(0, gauge("buffers.pool.memory.idle"));
        assertEquals(2, dropped(DropReason.TRIMMED));
        assertEquals(0, dropped(DropReason.POOL_FULL));

        Meter used = registry.find("buffers.pool.memory.used").meter();
        assertNotNull(used);
        assertEquals("orders", used.getId().getTag("pool"));
        assertEquals("test", used.getId().getTag("app"));
        assertEquals("bytes", used.getId().getBaseUnit());
    }

    @Test
    void chunksOverTheIdleCapAreCountedAsDroppedForThatReason() throws IOException {
        BufferPool pool = smallPool(0, LeakDetection.DISABLED); // keeps nothing idle
        new BufferPoolMetrics(pool, "no-idle").bindTo(registry);
        for (int i = 0; i < 3; i++) {
            try (RecyclableOutputStream out = pool.newStream()) {
                out.write(new byte[100]);
            }
        }
        assertEquals(3, dropped(DropReason.POOL_FULL));
        assertEquals(3, counter("buffers.pool.chunks.allocated"), "nothing kept, nothing reused");
        assertEquals(0, gauge("buffers.pool.memory.idle"));
        for (DropReason reason : DropReason.values()) {
            assertNotNull(
                    registry.find("buffers.pool.chunks.dropped")
                            .tag("reason", reason.name().toLowerCase(Locale.ROOT))
                            .functionCounter(),
                    reason.name());
        }
    }

    /**
     * The class comment's table of meters and the registry agree: every documented series (each
     * drop reason its own) is published and reads a number, and nothing undocumented is published.
     */
    @Test
    void everyDocumentedSeriesIsPublishedAndNothingElse() throws IOException {
        String source = Files.readString(
                Path.of("src/main/java/dev/recyclable/buffers/interop/BufferPoolMetrics.java"), StandardCharsets.UTF_8);
        String javadoc = source.substring(0, source.indexOf("public final class BufferPoolMetrics"))
                .replaceAll("\\n\\s*\\* ?", " ");
        Set<String> documented = new TreeSet<>();
        Matcher row = Pattern.compile("<tr><td>\\{@code (buffers\\.pool\\.[a-z.]+)}</td>(.*?)</tr>")
                .matcher(javadoc);
        while (row.find()) {
            Matcher reasons = Pattern.compile("one series per \\{@link DropReason} \\(([^)]*)\\)")
                    .matcher(row.group(2));
            if (!reasons.find()) {
                documented.add(row.group(1));
                continue;
            }
            Matcher reason = Pattern.compile("\\{@code ([a-z_]+)}").matcher(reasons.group(1));
            while (reason.find()) {
                documented.add(row.group(1) + "{reason=" + reason.group(1) + "}");
            }
        }
        assertTrue(documented.size() >= 7, "the table was found: " + documented);

        BufferPool pool = smallPool(1 << 20, LeakDetection.DISABLED);
        new BufferPoolMetrics(pool, "documented").bindTo(registry);
        Set<String> published = new TreeSet<>();
        for (Meter meter : registry.getMeters()) {
            String reason = meter.getId().getTag("reason");
            published.add(meter.getId().getName() + (reason == null ? "" : "{reason=" + reason + "}"));
            for (Measurement measurement : meter.measure()) {
                assertEquals(0, measurement.getValue(), meter.getId() + " reads a number, 0 on a new pool");
            }
        }
        assertEquals(documented, published);
    }

    @Test
    void leaksAreCounted() throws Exception {
        BufferPool pool = smallPool(1 << 20, LeakDetection.ALL);
        new BufferPoolMetrics(pool, "leaky").bindTo(registry);
        abandonStream(pool);
        assertEquals(0, counter("buffers.pool.leaks"));
        assertTrue(gauge("buffers.pool.memory.used") > 0);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (counter("buffers.pool.leaks") == 0 || gauge("buffers.pool.memory.used") != 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("leak not reported within 20 s");
            }
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(1, counter("buffers.pool.leaks"));
    }

    private static void abandonStream(BufferPool pool) throws IOException {
        RecyclableOutputStream out = pool.newStream("lost");
        out.write(new byte[3000]);
    }

    private double gauge(String name) {
        Gauge gauge = registry.find(name).gauge();
        assertNotNull(gauge, name);
        return gauge.value();
    }

    private double counter(String name) {
        FunctionCounter counter = registry.find(name).functionCounter();
        assertNotNull(counter, name);
        return counter.count();
    }

    private double dropped(DropReason reason) {
        FunctionCounter counter = registry.find("buffers.pool.chunks.dropped")
                .tag("reason", reason.name().toLowerCase(Locale.ROOT))
                .functionCounter();
        assertNotNull(counter, reason.name());
        return counter.count();
    }
}
