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

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Receives a stream's content as consecutive segments, in order, without copying
 * ({@link RecyclableOutputStream#forEachSegment}).
 *
 * <p>The arrays and buffers belong to the stream: read them during the call, never write to
 * them, and keep them beyond the call only while holding a {@link RecyclableOutputStream#retain()}.
 * An array is the chunk's whole array and a buffer's capacity the whole chunk; past the segment
 * they hold zeros or the stream's own bytes (see {@link RecyclableOutputStream}'s Ownership).
 */
@FunctionalInterface
public interface SegmentVisitor {
    /** A heap segment: {@code length} bytes of {@code array} from {@code offset}. */
    void visit(byte[] array, int offset, int length) throws IOException;

    /**
     * A direct segment, between the buffer's position and limit (read-only). The default copies
     * it into a temporary array and calls {@link #visit(byte[], int, int)}; override it to stay
     * zero-copy with direct chunks.
     */
    default void visit(ByteBuffer segment) throws IOException {
        byte[] copy = new byte[segment.remaining()];
        segment.get(copy);
        visit(copy, 0, copy.length);
    }
}
