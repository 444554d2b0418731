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
package dev.recyclable.buffers;

/** Why the pool let a chunk go to the garbage collector instead of keeping it idle. */
public enum DropReason {
    /** Keeping it would have put idle bytes over {@link BufferPool.Builder#maxIdleBytes}. */
    POOL_FULL,
    /** Every free-list stripe was busy at that instant; the pool never waits. */
    CONTENDED,
    /** Larger than the biggest size class the pool keeps. */
    OVERSIZE,
    /** Idle longer than the decay period, or removed by {@link BufferPool#trim()}. */
    TRIMMED
}
