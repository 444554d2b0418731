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
package dev.recyclable.buffers.benchmarks.core;

import java.io.IOException;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.io.ExpandableDirectBufferOutputStream;
import org.apache.commons.io.output.UnsynchronizedByteArrayOutputStream;
import org.openjdk.jmh.annotations.Benchmark;

/** Every contender: the {@link PoolContenders} and the unpooled peers, commons-io and Agrona with a fresh buffer. */
public abstract class AllContenders extends PoolContenders {

    /** commons-io's unsynchronized, segmented variant. */
    @Benchmark
    public long commonsIo() throws IOException {
        UnsynchronizedByteArrayOutputStream out =
                UnsynchronizedByteArrayOutputStream.builder().get();
        Writers.write(out, piece, width, total);
        out.writeTo(sink);
        return sink.bytesSeen();
    }

    /** Agrona with a fresh expandable buffer per op, like a ByteArrayOutputStream. */
    @Benchmark
    public long agronaFresh() throws IOException {
        ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
        ExpandableDirectBufferOutputStream out = new ExpandableDirectBufferOutputStream(buffer);
        Writers.write(out, piece, width, total);
        sink.write(buffer.byteArray(), 0, out.position());
        return sink.bytesSeen();
    }
}
