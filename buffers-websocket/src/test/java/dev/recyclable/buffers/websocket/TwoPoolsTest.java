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
package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import org.junit.jupiter.api.AfterEach;

/**
 * For tests that run each case on a small-chunk heap pool and on a direct one
 * ({@link DecoderHarness#smallChunkPool()}, {@link DecoderHarness#directPool()}): both must have
 * nothing in use after every test.
 */
abstract class TwoPoolsTest {
    final BufferPool pool = DecoderHarness.smallChunkPool();
    final BufferPool direct = DecoderHarness.directPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
        PoolAssertions.assertNothingInUse(direct);
    }
}
