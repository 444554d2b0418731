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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoreSectionTest {

    @Test
    void everyCheckPassesAndEveryChunkIsBackInThePool() throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ShowcaseContext context =
                new ShowcaseContext(new PrintStream(progress, true, StandardCharsets.UTF_8), new AllocationMeter());
        context.enterSection("core");

        SectionResult result = new CoreSection().run(context);

        assertEquals(5, result.rows().size(), "one row per workload");
        List<Check> checks = result.checks();
        assertEquals(10, checks.size(), "content and garbage checks for each of 5 workloads");
        for (Check check : checks) {
            assertTrue(check.passed(), check.name() + ": " + check.detail());
        }
        for (ComparisonRow row : result.rows()) {
            assertTrue(row.ours().bytesPerOp() < row.usual().bytesPerOp(), row.toString());
        }
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("[core] 16 MiB in 4 KiB writes"));
        PoolAssertions.assertNothingInUse(BufferPool.shared());
    }

    @Test
    void theOptionalSectionsAreFoundByClassNameAfterCore() {
        List<ShowcaseSection> sections = ShowcaseSections.discover();

        assertEquals("core", sections.get(0).name());
        for (ShowcaseSection section : sections.subList(1, sections.size())) {
            assertTrue(
                    ShowcaseSections.OPTIONAL_SECTION_CLASSES.contains(
                            section.getClass().getName()),
                    section.getClass().getName());
        }
        PoolAssertions.assertNothingInUse(BufferPool.shared());
    }
}
