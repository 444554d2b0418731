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
package dev.recyclable.buffers.internal;

/**
 * Bookkeeping first, listeners after: a loop that gives chunks back keeps going when a pool
 * listener throws (an {@link Error} too) while one of them goes back, and throws the first
 * failure once every chunk is back, so that nothing a listener does leaves the pool's
 * accounting wrong.
 */
public final class Failures {
    private Failures() {}

    /** The first of {@code first} and {@code next} that is not {@code null}, the other suppressed by it. */
    public static Throwable add(Throwable first, Throwable next) {
        if (first == null) {
            return next;
        }
        if (next != null && next != first) {
            first.addSuppressed(next);
        }
        return first;
    }

    /** Throws {@code failure} if there is one; it is unchecked, as everything a listener may throw. */
    public static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }
}
