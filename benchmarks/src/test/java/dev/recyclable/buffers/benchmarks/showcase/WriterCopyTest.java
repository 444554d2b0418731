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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.benchmarks.core.Writers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WriterCopyTest {

    @Test
    void eachWayGetsWritersOfItsOwnThatWriteTheSameBytes() throws IOException {
        WorkloadWriter usual = WriterCopy.load("ByteArrayOutputStream");
        WorkloadWriter ours = WriterCopy.load("RecyclableOutputStream");

        assertEquals(usual.getClass().getName(), ours.getClass().getName());
        assertNotSame(usual.getClass(), ours.getClass(), "a class per way");
        assertNotSame(usual.getClass().getClassLoader(), ours.getClass().getClassLoader());
        assertNotSame(WriterCopy.Call.class, usual.getClass(), "not the showcase's own class either");
        assertNotSame(Writers.class, writersSeenBy(usual), "the copy calls its own Writers");
        assertNotSame(writersSeenBy(usual), writersSeenBy(ours));

        byte[] piece = new byte[4096];
        new SplittableRandom(42).nextBytes(piece);
        for (CoreMeasurements.Workload workload : CoreMeasurements.WORKLOADS) {
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            Writers.write(expected, piece, workload.pieceBytes(), workload.totalBytes());
            for (WorkloadWriter copy : new WorkloadWriter[] {usual, ours}) {
                ByteArrayOutputStream written = new ByteArrayOutputStream();
                copy.write(written, piece, workload.pieceBytes(), workload.totalBytes());
                assertArrayEquals(expected.toByteArray(), written.toByteArray(), workload.scenario());
            }
        }
    }

    @Test
    void theMeasuringJvmKeepsWritersOutOfLineAsJmhDoes() throws IOException {
        String hints;
        try (InputStream in = Writers.class.getClassLoader().getResourceAsStream("META-INF/CompilerHints")) {
            hints = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(hints.lines().anyMatch(CoreMeasurements.WRITERS_NOT_INLINED::equals), hints);
        assertTrue(CoreMeasurements.JVM_FLAGS.contains("-XX:CompileCommand=" + CoreMeasurements.WRITERS_NOT_INLINED));
    }

    private static Class<?> writersSeenBy(WorkloadWriter copy) {
        try {
            return Class.forName(Writers.class.getName(), false, copy.getClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }
}
