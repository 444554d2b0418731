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
 * Receives the pool's events. Every method has an empty default, so implement only what you
 * watch. Calls happen on the thread that caused the event (the cleaner's thread for leaks)
 * and must be quick; an exception thrown by a listener is swallowed so that it can never
 * break a stream.
 */
public interface BufferPoolListener {
    /** A stream was created. */
    default void streamCreated(String tag) {}

    /** A stream was closed by its owner. */
    default void streamClosed(String tag, long length) {}

    /** {@code close()} was called on a stream that was already closed. */
    default void streamDoubleClosed(String tag) {}

    /**
     * A stream became unreachable without {@code close()}; its chunks went back to the pool.
     *
     * @param allocationSite the stack that created the stream, at {@link LeakDetection#DETAILED};
     *                       otherwise {@code null}
     */
    default void streamLeaked(String tag, Throwable allocationSite) {}

    /** {@code toByteArray()} copied a stream's content into a new array. */
    default void toByteArrayCalled(String tag, long length) {}

    /** A write was refused because it would have grown a stream past its size cap. */
    default void sizeCapExceeded(String tag, long requestedLength, long cap) {}

    /** The pool let a chunk go to the garbage collector instead of keeping it. */
    default void chunkDropped(int chunkSize, DropReason reason) {}
}
