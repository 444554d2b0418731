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

import java.io.PrintStream;

/** What the showcase hands each section: a place to report progress and the allocation meter. */
public final class ShowcaseContext {
    private final PrintStream progressOut;
    private final AllocationMeter meter;
    private String sectionName = "";

    public ShowcaseContext(PrintStream progressOut, AllocationMeter meter) {
        this.progressOut = progressOut;
        this.meter = meter;
    }

    /** Prints one progress line, prefixed with the running section's name. */
    public void progress(String message) {
        progressOut.println("  [" + sectionName + "] " + message);
        progressOut.flush();
    }

    public AllocationMeter meter() {
        return meter;
    }

    void enterSection(String name) {
        sectionName = name;
    }
}
