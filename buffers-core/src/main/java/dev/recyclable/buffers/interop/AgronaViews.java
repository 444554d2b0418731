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
package dev.recyclable.buffers.interop;

import dev.recyclable.buffers.PooledArray;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Agrona {@link DirectBuffer} views of a stream's content. Needs {@code org.agrona:agrona} on
 * the class path; Agrona 2.x also needs the JVM flag
 * {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.
 */
// Its signatures show org.agrona types while module-info requires it static, not transitive: the view is
// optional, so a module that calls it requires org.agrona itself (javac's "exports" lint says otherwise)
@SuppressWarnings("exports")
public final class AgronaViews {
    private AgronaViews() {}

    /**
     * Hands each chunk of the content to {@code consumer} as a {@link DirectBuffer}, zero-copy.
     * One wrapper is reused for every chunk: read it during the call only.
     */
    public static void forEachChunk(RecyclableOutputStream stream, Consumer<DirectBuffer> consumer) throws IOException {
        UnsafeBuffer view = new UnsafeBuffer(0, 0);
        stream.forEachSegment(new SegmentVisitor() {
            @Override
            public void visit(byte[] array, int offset, int length) {
                view.wrap(array, offset, length);
                consumer.accept(view);
            }

            @Override
            public void visit(ByteBuffer segment) {
                view.wrap(segment, segment.position(), segment.remaining());
                consumer.accept(view);
            }
        });
    }

    /**
     * A {@link DirectBuffer} over a contiguous copy ({@link RecyclableOutputStream#contiguous()}),
     * valid until the {@link PooledArray} is closed.
     */
    public static DirectBuffer asDirectBuffer(PooledArray contiguous) {
        return new UnsafeBuffer(contiguous.array(), 0, contiguous.length());
    }
}
