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
package dev.recyclable.buffers.websocket;

/**
 * What {@link MessageDeflater} and {@link MessageInflater} share: zlib's native memory is freed
 * once, on the first {@link #close()}, and then the {@link PerMessageDeflate} that made the object
 * is told (it counts the zlib objects not yet ended).
 */
abstract class NativeZlib implements AutoCloseable {
    private final Runnable onEnd;
    private boolean ended;

    NativeZlib(Runnable onEnd) {
        this.onEnd = onEnd;
    }

    /** Whether {@link #close()} has freed the native memory. */
    public final boolean isEnded() {
        return ended;
    }

    /** Frees zlib's native memory ({@code Deflater.end()} or {@code Inflater.end()}). Idempotent. */
    @Override
    public final void close() {
        if (!ended) {
            ended = true;
            endNative();
            onEnd.run();
        }
    }

    /** Called once by {@link #close()}: ends the zlib object and releases what else is held. */
    abstract void endNative();
}
