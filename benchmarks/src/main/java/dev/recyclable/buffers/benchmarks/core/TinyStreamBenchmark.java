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
 * Per-stream fixed cost: create a stream, write 16 bytes, consume them, close it, with every contender
 * ({@link AllContenders}). Real programs make many small streams (a header, a short message), and this is where a
 * pool's bookkeeping can cost more than the garbage it saves.
 */
public class TinyStreamBenchmark extends AllContenders {

    @Override
    protected byte[] newPiece() {
        return tinyPiece();
    }
}
