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

/**
 * The sections the showcase runs, in order: the core section always, then each optional section
 * whose class is on the class path. Optional sections are found by class name, so the engineers
 * of the SSH and WebSocket modules add theirs by writing that one class in their own package.
 */
public final class ShowcaseSections {

    /** Where optional sections live; a missing class is skipped, a broken one fails the showcase. */
    static final List<String> OPTIONAL_SECTION_CLASSES = List.of(
            "dev.recyclable.buffers.benchmarks.ssh.SshShowcaseSection",
            // the SSH section
            "dev.recyclable.buffers.benchmarks.showcase.SshSection",
            "dev.recyclable.buffers.benchmarks.websocket.WebSocketShowcaseSection",
            "dev.recyclable.buffers.benchmarks.http.HttpShowcaseSection");

    private ShowcaseSections() {}

    /** The sections to run, core first. */
    public static List<ShowcaseSection> discover() {
        List<ShowcaseSection> sections = new ArrayList<>();
        sections.add(new CoreSection());
        for (String className : OPTIONAL_SECTION_CLASSES) {
            Class<?> type;
            try {
                type = Class.forName(className);
            } catch (ClassNotFoundException absent) {
                continue;
            }
            try {
                sections.add((ShowcaseSection) type.getConstructor().newInstance());
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalStateException(
                        className + " is on the class path but is not a usable "
                                + "ShowcaseSection (public, public no-argument constructor)",
                        e);
            }
        }
        return sections;
    }
}
