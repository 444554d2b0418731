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

import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** What a holder of content shows, read without moving it: for tests of the frozen-content rule. */
final class HeldBytes {
    private HeldBytes() {}

    static byte[] of(ByteBufferView view) {
        return join(List.of(view.buffers()));
    }

    static byte[] of(ByteBuf buf) {
        byte[] read = new byte[buf.readableBytes()];
        buf.getBytes(buf.readerIndex(), read);
        return read;
    }

    /** The stream's raw segments as they are now (arrays and buffers it shares, not copies). */
    static List<ByteBuffer> segmentsOf(RecyclableOutputStream stream) throws IOException {
        List<ByteBuffer> segments = new ArrayList<>();
        stream.forEachSegment(new SegmentVisitor() {
            @Override
            public void visit(byte[] array, int offset, int length) {
                segments.add(ByteBuffer.wrap(array, offset, length));
            }

            @Override
            public void visit(ByteBuffer segment) {
                segments.add(segment.slice()); // the visited buffer is the chunk's scratch view
            }
        });
        return segments;
    }

    static byte[] join(List<ByteBuffer> buffers) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (ByteBuffer b : buffers) {
            ByteBuffer d = b.duplicate();
            byte[] part = new byte[d.remaining()];
            d.get(part);
            joined.writeBytes(part);
        }
        return joined.toByteArray();
    }
}
