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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A failed check of bytes in use says who holds them. */
class CheckTest {
    @Test
    void aFailedInUseCheckNamesTheHolderAndWhereItWasCreated() {
        BufferPool pool = BufferPool.builder()
                .leakDetection(LeakDetection.DETAILED)
                .idleDecay(Duration.ZERO)
                .build();
        RecyclableOutputStream kept = pool.newStream("websocket decoder");
        kept.write(new byte[100]);
        Check failed = Check.nothingInUse("pool: nothing in use", pool);
        assertFalse(failed.passed());
        assertTrue(failed.detail().startsWith("1024 bytes in use, 0 leaks; "), failed.detail());
        assertTrue(
                failed.detail()
                        .contains("RecyclableOutputStream 'websocket decoder', open, holding 1024 bytes in 1 chunks,"
                                + " created at " + getClass().getName() + ".aFailedInUseCheckNamesTheHolder"),
                failed.detail());
        kept.close();
        Check passed = Check.nothingInUse("pool: nothing in use", pool);
        assertTrue(passed.passed());
        assertEquals("0 bytes in use, 0 leaks", passed.detail());
    }
}
