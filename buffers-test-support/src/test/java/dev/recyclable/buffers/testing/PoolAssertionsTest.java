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
package dev.recyclable.buffers.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class PoolAssertionsTest {
    private final BufferPool pool =
            BufferPool.builder().idleDecay(Duration.ZERO).build();

    @Test
    void failsWhileAStreamIsOpenAndPassesOnceItIsClosed() throws IOException {
        RecyclableOutputStream out = pool.newStream("open");
        out.write(new byte[100]);
        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> PoolAssertions.assertNothingInUse(pool, Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("bytes in use"), e.getMessage());
        out.close();
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void theFailureNamesWhoHoldsTheBytesAndWhereItWasCreated() {
        BufferPool detailed = BufferPool.builder()
                .leakDetection(LeakDetection.DETAILED)
                .idleDecay(Duration.ZERO)
                .build();
        RecyclableOutputStream out = detailed.newStream("decoder's kept chunk");
        out.write(new byte[100]);
        AssertionFailedError e = assertThrows(
                AssertionFailedError.class, () -> PoolAssertions.assertNothingInUse(detailed, Duration.ZERO));
        assertTrue(e.getMessage().contains("1024 bytes in use"), e.getMessage());
        assertTrue(
                e.getMessage()
                        .contains("RecyclableOutputStream 'decoder's kept chunk', open, holding 1024 bytes in 1"
                                + " chunks, created at " + getClass().getName()
                                + ".theFailureNamesWhoHoldsTheBytesAndWhereItWasCreated("),
                e.getMessage());
        out.close();
        PoolAssertions.assertNothingInUse(detailed);
    }

    @Test
    void waitsForAReleaseOnAnotherThread() throws Exception {
        RecyclableOutputStream out = pool.newStream();
        out.write(new byte[100]);
        Thread closer = new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            out.close();
        });
        closer.start();
        PoolAssertions.assertNothingInUse(pool, Duration.ofSeconds(5));
        closer.join();
    }

    @Test
    void idleCapCheckPasses() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[10_000]);
        }
        PoolAssertions.assertIdleWithinCap(pool);
    }
}
