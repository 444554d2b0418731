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

import java.io.IOException;
import java.io.OutputStream;

/**
 * The serializer of the core rows: writes {@code totalBytes} to a stream in pieces of {@code pieceBytes} cut from
 * {@code piece} ({@code pieceBytes == 1}: one {@code write(int)} per byte), the shape of the benchmarks' writer. Public
 * because {@link WriterCopy} implements it in classes of other class loaders.
 */
@FunctionalInterface
public interface WorkloadWriter {
    void write(OutputStream out, byte[] piece, int pieceBytes, int totalBytes) throws IOException;
}
