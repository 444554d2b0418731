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

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Threads;

/**
 * Two threads obtaining, filling, consuming and releasing streams from one shared pool at once:
 * what the pool's free lists cost when they are contended. Only the pooled contenders and the
 * usual way are here ({@link PoolContenders}); the score is the average time per op of one thread.
 */
@Threads(2)
public class PoolContentionBenchmark extends PoolContenders {

    /** Small streams stress the free lists (one chunk per op); large ones stress chunk churn. */
    @Param({"1024", "65536", "1048576"})
    public int totalBytes;

    @Param({"4096"})
    public int pieceBytes;
}
