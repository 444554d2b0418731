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

/**
 * One area of the showcase (core, SSH, WebSocket): it runs the usual way and our way side by side,
 * returns rows for the shared table and checks that make the showcase fail when they fail.
 *
 * <p>To add a section, write a public class with a public no-argument constructor implementing this
 * interface under one of the names {@link ShowcaseSections} looks for, e.g.
 * {@code dev.recyclable.buffers.benchmarks.ssh.SshShowcaseSection}; it joins the showcase when it is
 * on the class path, with no other file to edit. A section that starts servers (an in-process SSH
 * or WebSocket server on 127.0.0.1 and a random port) must stop them and every thread it started
 * before {@link #run} returns or throws, and must check that its own pools have nothing in use.
 */
public interface ShowcaseSection {

    /** Short name shown in progress lines and the table, e.g. {@code "core"} or {@code "ssh"}. */
    String name();

    /**
     * Runs the section. Should finish in well under 30 seconds on a 2-core machine.
     *
     * @param context progress output and the allocation meter
     * @return rows and checks; a thrown exception counts as a failed check
     */
    SectionResult run(ShowcaseContext context) throws Exception;
}
