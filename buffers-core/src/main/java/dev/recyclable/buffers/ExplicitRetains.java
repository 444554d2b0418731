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

import dev.recyclable.buffers.internal.Chunk;
import dev.recyclable.buffers.internal.Failures;
import java.util.ArrayList;
import java.util.List;

/**
 * The content held by a stream's explicit {@link RecyclableOutputStream#retain()} calls. A
 * retain has no handle saying which content it meant, so the content of every outstanding
 * retain stays held until the last one is released: never too early for any of them.
 *
 * <p>{@code retain()} runs on the stream's thread and {@code release()} on any, so the two
 * meet under this object's lock; neither is on a hot path.
 */
final class ExplicitRetains {
    private final BufferPool pool;
    private final List<Chunk[]> held = new ArrayList<>(2);
    private int count;

    ExplicitRetains(BufferPool pool) {
        this.pool = pool;
    }

    /** Records one retain, holding {@code chunks} (each already given a holder for it). */
    synchronized void add(Chunk[] chunks) {
        count++;
        held.add(chunks);
    }

    /**
     * Drops one retain; the last one lets go of everything held.
     *
     * @return {@code false} if there was no retain to drop
     */
    boolean release() {
        Chunk[][] letGo;
        synchronized (this) {
            if (count == 0) {
                return false;
            }
            if (--count > 0) {
                return true;
            }
            letGo = held.toArray(new Chunk[0][]);
            held.clear();
        }
        Throwable failure = null;
        for (Chunk[] chunks : letGo) {
            try {
                pool.letGoAll(chunks);
            } catch (RuntimeException | Error e) {
                failure = Failures.add(failure, e); // a listener's: the rest still go back first
            }
        }
        Failures.rethrow(failure);
        return true;
    }
}
