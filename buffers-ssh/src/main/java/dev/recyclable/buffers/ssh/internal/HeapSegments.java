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
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A pooled stream's content handed to code that sends from heap arrays, as sshj does (a command's stdin, an
 * upload): a heap chunk straight from its array, without a copy; a direct chunk through one bounce array, made on
 * the first direct chunk and reused for the rest.
 */
public final class HeapSegments {

    /** Takes {@code n} bytes of {@code array} from {@code offset}, during the call only. */
    @FunctionalInterface
    public interface ArrayWriter {
        void write(byte[] array, int offset, int n) throws IOException;
    }

    private HeapSegments() {}

    /**
     * Hands {@code content}'s bytes, in order, to {@code writer}, in pieces of at most {@code bounceSize} bytes
     * where a direct chunk is bounced. Whatever {@code writer} throws ends the walk and is thrown from here.
     */
    public static void forEach(RecyclableOutputStream content, int bounceSize, ArrayWriter writer) throws IOException {
        content.forEachSegment(new SegmentVisitor() {
            private byte[] bounce;

            @Override
            public void visit(byte[] array, int offset, int n) throws IOException {
                writer.write(array, offset, n);
            }

            @Override
            public void visit(ByteBuffer segment) throws IOException {
                if (bounce == null) {
                    bounce = new byte[bounceSize];
                }
                while (segment.hasRemaining()) {
                    int n = Math.min(bounce.length, segment.remaining());
                    segment.get(bounce, 0, n);
                    writer.write(bounce, 0, n);
                }
            }
        });
    }
}
