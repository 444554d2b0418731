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
package dev.recyclable.buffers.benchmarks.core;

/**
 * The flags every forked benchmark JVM gets, as constants so each {@code @Fork} names them once.
 *
 * <p>Why each one: a fixed, pre-touched heap, because the first touch of fresh heap costs about
 * 2 ms per MB on the machines this was written on and would punish the contenders that allocate for
 * the operating system's page faults rather than for their own work; and the export agrona 2.x needs
 * to load {@code UnsafeBuffer} at all.
 */
final class ForkedJvm {
    static final String HEAP_MIN = "-Xms2g";
    static final String HEAP_MAX = "-Xmx2g";
    static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    static final String ADD_EXPORTS = "--add-exports";
    static final String AGRONA_EXPORT = "java.base/jdk.internal.misc=ALL-UNNAMED";

    private ForkedJvm() {}
}
