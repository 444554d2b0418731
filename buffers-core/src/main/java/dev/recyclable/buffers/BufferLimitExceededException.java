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

/**
 * A write was refused because the stream would have grown past its size cap. Nothing of the
 * refused write was stored; the stream keeps its earlier content and stays usable. Unchecked, so
 * that the in-memory writes declare no checked exception, as {@code ByteArrayOutputStream}'s
 * (whose equivalent is an {@link OutOfMemoryError}).
 */
public class BufferLimitExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long requestedLength;
    private final long limit;

    public BufferLimitExceededException(String what, long requestedLength, long limit) {
        super(what + " would grow to " + requestedLength + " bytes, over its limit of " + limit + " bytes");
        this.requestedLength = requestedLength;
        this.limit = limit;
    }

    /** The length the write would have reached. */
    public long requestedLength() {
        return requestedLength;
    }

    /** The cap that refused it. */
    public long limit() {
        return limit;
    }
}
