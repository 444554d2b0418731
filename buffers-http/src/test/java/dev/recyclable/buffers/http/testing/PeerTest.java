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
package dev.recyclable.buffers.http.testing;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.testing.PoolLeakCheck;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What every test class against the peers starts from: the {@link Peers}, started once for the class, and a
 * pool of its own per test (no leak sampling, no decay thread), which {@link PoolLeakCheck} finds empty after
 * each test.
 */
@ExtendWith(PoolLeakCheck.class)
public abstract class PeerTest {
    protected static Peers peers;

    protected final BufferPool pool = BufferPool.builder()
            .leakDetection(LeakDetection.DISABLED)
            .idleDecay(Duration.ZERO)
            .build();

    @BeforeAll
    static void startPeers() throws Exception {
        peers = Peers.start();
    }

    @AfterAll
    static void stopPeers() throws Exception {
        peers.close();
    }
}
