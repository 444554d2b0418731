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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.DropReason;
import dev.recyclable.buffers.PoolStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Publishes a {@link BufferPool}'s counters ({@link BufferPool#stats()}) to a Micrometer
 * registry. Needs {@code io.micrometer:micrometer-core} on the class path.
 *
 * <pre>{@code
 * new BufferPoolMetrics(BufferPool.shared(), "shared").bindTo(registry);
 * }</pre>
 *
 * <p>Every meter carries the tag {@code pool} (the name given here) plus any extra tags:
 * <table>
 * <caption>meters</caption>
 * <tr><th>name</th><th>type</th><th>what</th></tr>
 * <tr><td>{@code buffers.pool.memory.used}</td><td>gauge, bytes</td><td>chunks leased to streams and contiguous copies</td></tr>
 * <tr><td>{@code buffers.pool.memory.idle}</td><td>gauge, bytes</td><td>chunks kept idle for reuse (bounded by {@code maxIdleBytes})</td></tr>
 * <tr><td>{@code buffers.pool.chunks.leased}</td><td>counter</td><td>chunks handed out</td></tr>
 * <tr><td>{@code buffers.pool.chunks.reused}</td><td>counter</td><td>of those, taken from the idle lists</td></tr>
 * <tr><td>{@code buffers.pool.chunks.allocated}</td><td>counter</td><td>of those, newly allocated</td></tr>
 * <tr><td>{@code buffers.pool.chunks.dropped}</td><td>counter, tag {@code reason}</td><td>chunks given up to the
 *     garbage collector, one series per {@link DropReason} ({@code pool_full}, {@code contended},
 *     {@code oversize}, {@code trimmed}); a leaked stream's chunks are reclaimed, not dropped, and
 *     counted by {@code buffers.pool.leaks}</td></tr>
 * <tr><td>{@code buffers.pool.leaks}</td><td>counter</td><td>streams found unreachable without {@code close()}</td></tr>
 * </table>
 *
 * <p>Nothing is counted on the pool's hot path for this: each meter reads the pool's own
 * counters when the registry polls it. As with Micrometer's own binders, the registry holds the
 * pool weakly; the meters of a pool nothing else references read {@code NaN}.
 */
// micrometer is an optional (requires static) dependency: its types in our signatures are the point
@SuppressWarnings("exports")
public final class BufferPoolMetrics implements MeterBinder {
    private static final String PREFIX = "buffers.pool.";

    private final BufferPool pool;
    private final Tags tags;

    /**
     * @param pool the pool to publish
     * @param name the value of the {@code pool} tag, telling this pool's series from others'
     */
    public BufferPoolMetrics(BufferPool pool, String name) {
        this(pool, name, Tags.empty());
    }

    /**
     * @param pool      the pool to publish
     * @param name      the value of the {@code pool} tag
     * @param extraTags tags added to every meter (an application or region name, say)
     */
    public BufferPoolMetrics(BufferPool pool, String name, Iterable<Tag> extraTags) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.tags = Tags.concat(extraTags, "pool", Objects.requireNonNull(name, "name"));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(
                registry,
                "memory.used",
                "Bytes of pooled chunks leased to streams and contiguous copies",
                stats -> stats.bytesInUse());
        gauge(registry, "memory.idle", "Bytes of pooled chunks kept idle for reuse", stats -> stats.bytesIdle());
        counter(registry, "chunks.leased", "chunks", "Chunks handed out", Tags.empty(), stats -> stats.chunksLeased());
        counter(
                registry,
                "chunks.reused",
                "chunks",
                "Chunks handed out from the idle lists",
                Tags.empty(),
                stats -> stats.chunksReused());
        counter(
                registry,
                "chunks.allocated",
                "chunks",
                "Chunks newly allocated",
                Tags.empty(),
                stats -> stats.chunksAllocated());
        for (DropReason reason : DropReason.values()) {
            counter(
                    registry,
                    "chunks.dropped",
                    "chunks",
                    "Chunks given up to the garbage collector instead of kept idle",
                    Tags.of("reason", reason.name().toLowerCase(Locale.ROOT)),
                    stats -> stats.chunksDropped(reason));
        }
        counter(
                registry,
                "leaks",
                "streams",
                "Streams found unreachable without close()",
                Tags.empty(),
                stats -> stats.leaks());
    }

    private void gauge(MeterRegistry registry, String name, String description, ToDoubleFunction<PoolStats> value) {
        Gauge.builder(PREFIX + name, pool, p -> value.applyAsDouble(p.stats()))
                .description(description)
                .baseUnit(BaseUnits.BYTES)
                .tags(tags)
                .register(registry);
    }

    private void counter(
            MeterRegistry registry,
            String name,
            String unit,
            String description,
            Tags extra,
            ToDoubleFunction<PoolStats> value) {
        FunctionCounter.builder(PREFIX + name, pool, p -> value.applyAsDouble(p.stats()))
                .description(description)
                .baseUnit(unit)
                .tags(tags.and(extra))
                .register(registry);
    }
}
