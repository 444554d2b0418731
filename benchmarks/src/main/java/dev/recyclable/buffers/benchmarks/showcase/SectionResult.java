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

import java.util.ArrayList;
import java.util.List;

/** What a section found: rows for the shared table, checks, and free-form lines printed after the table. */
public final class SectionResult {
    private final List<ComparisonRow> rows = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public SectionResult row(ComparisonRow row) {
        rows.add(row);
        return this;
    }

    public SectionResult check(Check check) {
        checks.add(check);
        return this;
    }

    public SectionResult note(String line) {
        notes.add(line);
        return this;
    }

    public List<ComparisonRow> rows() {
        return List.copyOf(rows);
    }

    public List<Check> checks() {
        return List.copyOf(checks);
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }
}
