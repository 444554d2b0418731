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
package dev.recyclable.buffers.benchmarks;

import dev.recyclable.buffers.benchmarks.showcase.ShowcaseRunner;
import dev.recyclable.buffers.benchmarks.showcase.ShowcaseSection;

/**
 * README's first command: what a user sees choosing Recyclable Buffers over the usual way, on
 * embedded defaults with nothing to set up. Runs every {@link ShowcaseSection} (core, then SSH and
 * WebSocket when their sections are on the class path), prints one table, the shared pool's
 * statistics and every check, and exits with status 1 if any check failed.
 *
 * <p>Run it with {@code mvn -q -B install -DskipTests && mvn -q -B -pl benchmarks exec:java}.
 */
public final class Showcase {
    private Showcase() {}

    public static void main(String[] args) {
        if (!new ShowcaseRunner(System.out).run()) {
            // exec:java runs this inside Maven's JVM: exiting is how the failure reaches the shell
            System.exit(1);
        }
    }
}
