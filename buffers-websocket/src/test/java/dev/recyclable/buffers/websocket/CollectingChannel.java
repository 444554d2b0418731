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

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;

/**
 * Keeps every byte written to it (or drops them: {@link #discarding()}), through gathering writes
 * as a socket channel takes them; at most {@code maxPerCall} bytes a call, as a socket with a full
 * send buffer takes them.
 */
final class CollectingChannel implements GatheringByteChannel {
    final ByteArrayOutputStream out;
    private final int maxPerCall;

    /** Takes every write whole. */
    CollectingChannel() {
        this(new ByteArrayOutputStream(), Integer.MAX_VALUE);
    }

    /** Takes every write whole and keeps nothing: for allocation measurements. */
    static CollectingChannel discarding() {
        return new CollectingChannel(null, Integer.MAX_VALUE);
    }

    CollectingChannel(ByteArrayOutputStream out, int maxPerCall) {
        this.out = out;
        this.maxPerCall = maxPerCall;
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
        long total = 0;
        for (int i = offset; i < offset + length && total < maxPerCall; i++) {
            total += write(srcs[i], (int) (maxPerCall - total));
        }
        return total;
    }

    @Override
    public long write(ByteBuffer[] srcs) {
        return write(srcs, 0, srcs.length);
    }

    @Override
    public int write(ByteBuffer src) {
        return write(src, maxPerCall);
    }

    private int write(ByteBuffer src, int max) {
        int n = Math.min(max, src.remaining());
        if (out == null) {
            src.position(src.position() + n);
            return n;
        }
        for (int k = 0; k < n; k++) {
            out.write(src.get());
        }
        return n;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {}
}
