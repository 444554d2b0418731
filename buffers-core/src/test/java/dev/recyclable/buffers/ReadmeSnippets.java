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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * The code README.md shows, compiled with the tests. Each region between {@code // README:begin name} and
 * {@code // README:end name} must match the README block marked {@code <!-- snippet: this file#name -->}
 * (whitespace aside): {@link ReadmeSnippetsTest} checks it. Change both together.
 */
@SuppressWarnings("unused") // the README's variables are these methods' parameters; usage() also runs in a test
final class ReadmeSnippets {

    interface Serializer {
        void writeTo(OutputStream out) throws IOException;
    }

    private ReadmeSnippets() {}

    static void usage(Serializer serializer, WritableByteChannel socketChannel, FileChannel fileChannel)
            throws IOException {
        // README:begin usage
        BufferPool pool = BufferPool.shared(); // or BufferPool.builder()...build()
        try (RecyclableOutputStream out = pool.newStream("report")) {
            try (var gz = new GZIPOutputStream(out.shielded())) { // a wrapper that closes its target gets the
                serializer.writeTo(gz); // shielded view: its close() leaves out open
            }
            out.writeTo(socketChannel); // zero-copy from the pooled chunks
            try (ByteBufferView view = out.byteBuffers()) { // or gather them yourself
                fileChannel.write(view.buffers());
            }
        } // chunks go back to the pool here
        assert pool.stats().bytesInUse() == 0;
        // README:end usage
    }

    static void reused(Serializer serializer, List<Object> messages, WritableByteChannel channel) throws IOException {
        // README:begin reused
        try (RecyclableOutputStream out = BufferPool.shared().newStream("connection")) { // one per thread or connection
            for (Object message : messages) {
                out.reset(); // empty again; keeps its chunks for the next message
                serializer.writeTo(out);
                out.writeTo(channel);
            }
        } // the stream's chunks go back when the thread or connection is done
        // README:end reused
    }

    /** A method as it was, with a {@code ByteArrayOutputStream} (README's "before"). */
    static final class Before {
        private Before() {}

        // README:begin baos-before
        static String csv(List<String[]> rows) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (String[] row : rows) {
                out.writeBytes(String.join(",", row).getBytes(StandardCharsets.UTF_8));
                out.write('\n');
            }
            return out.toString(StandardCharsets.UTF_8);
        }
        // README:end baos-before
    }

    /** The same method with the stream swapped in, nothing else changed (README's "after"). */
    static final class After {
        private After() {}

        // README:begin baos-after
        static String csv(List<String[]> rows) {
            try (RecyclableOutputStream out = BufferPool.shared().newStream("csv")) {
                for (String[] row : rows) {
                    out.writeBytes(String.join(",", row).getBytes(StandardCharsets.UTF_8));
                    out.write('\n');
                }
                return out.toString(StandardCharsets.UTF_8);
            }
        }
        // README:end baos-after
    }
}
