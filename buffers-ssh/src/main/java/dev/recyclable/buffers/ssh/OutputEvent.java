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
package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;

/**
 * One piece of a command's output, for an {@link OutputListener}: the bytes of one SSH data packet, in pooled
 * memory owned by the runner.
 *
 * <p>The object is reused from call to call, so that streaming allocates nothing per packet. It is valid only
 * during {@link OutputListener#onOutput(OutputEvent)} and only on the thread making that call: every accessor
 * throws {@link IllegalStateException} otherwise (after the call returned, from another thread), so bytes already
 * recycled are never readable through it. To keep the bytes, call {@link #retain()} during the call.
 */
public interface OutputEvent {

    /** stdout or stderr. */
    OutputKind kind();

    /** Number of bytes, at least 1. */
    int size();

    /** Visits the bytes without copying, as {@link RecyclableOutputStream#forEachSegment}. */
    void forEachSegment(SegmentVisitor visitor) throws IOException;

    /** Writes the bytes to {@code out}, without an intermediate copy for heap chunks. */
    void writeTo(OutputStream out) throws IOException;

    /** Decodes the bytes (allocates the string; a multi-byte character may be split between two events). */
    String toString(Charset charset);

    /**
     * Takes the bytes out of the event: returns a stream that the caller owns from now on and must
     * {@link RecyclableOutputStream#close() close} (or hand on) when done; the bytes stay valid until then. At most
     * once per event. The event's accessors keep working until the call returns (as long as the stream is open).
     * Retaining costs one stream object; not retaining costs nothing.
     *
     * @throws IllegalStateException if already retained, or outside the call
     */
    RecyclableOutputStream retain();
}
