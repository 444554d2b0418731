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
package dev.recyclable.buffers;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * An immutable snapshot of a pool's counters, taken by {@link BufferPool#stats()}.
 *
 * <p>Counters are read one after another without stopping the pool, so a snapshot taken while
 * other threads lease, release, trim or decay may be off by the chunks in flight (in-use bytes
 * may count a chunk that is on its way to the free list or to the garbage collector); once the
 * pool is quiet it is exact. In-use bytes are never negative.
 *
 * @param bytesInUse      bytes of chunks currently leased to streams and contiguous copies
 * @param bytesIdle       bytes of chunks kept idle for reuse
 * @param chunksLeased    chunks handed out since the pool was built
 * @param chunksReused    of those, chunks taken from the idle lists
 * @param chunksAllocated of those, chunks newly allocated
 * @param chunksDropped   chunks given up to the garbage collector, by reason
 * @param leaks           streams found unreachable without {@code close()}
 *
 * <p>Streams are not counted here: counting them would put a shared atomic on every stream's
 * creation and close. The {@link BufferPoolListener} hears of each one.
 */
public record PoolStats(
        long bytesInUse,
        long bytesIdle,
        long chunksLeased,
        long chunksReused,
        long chunksAllocated,
        Map<DropReason, Long> chunksDropped,
        long leaks) {

    public PoolStats {
        EnumMap<DropReason, Long> copy = new EnumMap<>(DropReason.class);
        for (DropReason reason : DropReason.values()) {
            copy.put(reason, chunksDropped.getOrDefault(reason, 0L));
        }
        chunksDropped = Collections.unmodifiableMap(copy);
    }

    /** Chunks dropped for any reason. */
    public long chunksDroppedTotal() {
        long total = 0;
        for (long n : chunksDropped.values()) {
            total += n;
        }
        return total;
    }

    /** Chunks dropped for one reason. */
    public long chunksDropped(DropReason reason) {
        return chunksDropped.get(reason);
    }
}
