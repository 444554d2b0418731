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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/** Feeds a command's stdin from {@link CommandOptions} and then sends end of file. Runs on the caller's thread. */
public final class StdinPump {

    private static final int READ_SIZE = 32 * 1024;

    private StdinPump() {}

    public static void feed(CaptureChannel channel, CommandOptions options, BufferPool pool) throws IOException {
        if (options.stdinBuffer() != null) {
            feedBuffer(channel, options.stdinBuffer());
        } else if (options.stdinStream() != null) {
            feedStream(channel, options.stdinStream(), pool);
        }
        channel.sendEof();
    }

    /** Straight from the chunks: no copy before the transport's encryption. */
    private static void feedBuffer(CaptureChannel channel, RecyclableOutputStream stdin) throws IOException {
        stdin.forEachSegment(new SegmentVisitor() {
            private byte[] bounce;

            @Override
            public void visit(byte[] array, int offset, int length) throws IOException {
                channel.writeStdin(array, offset, length);
            }

            @Override
            public void visit(ByteBuffer segment) throws IOException {
                // direct chunks: sshj packets are heap arrays, so one bounce buffer reused per call
                if (bounce == null) {
                    bounce = new byte[READ_SIZE];
                }
                while (segment.hasRemaining()) {
                    int n = Math.min(bounce.length, segment.remaining());
                    segment.get(bounce, 0, n);
                    channel.writeStdin(bounce, 0, n);
                }
            }
        });
    }

    /**
     * Reads into pooled chunk space. Each block is committed before it is sent and the scratch stream reset after,
     * so the pool knows the chunk held data and zeroes it before anyone else sees it (stdin may be a secret).
     */
    private static void feedStream(CaptureChannel channel, InputStream in, BufferPool pool) throws IOException {
        try (RecyclableOutputStream scratch = pool.newStream("ssh-stdin-scratch")) {
            while (true) {
                ByteBuffer space = scratch.writableBuffer(READ_SIZE);
                int n;
                if (space.hasArray()) {
                    byte[] array = space.array();
                    int offset = space.arrayOffset() + space.position();
                    n = in.read(array, offset, space.remaining());
                    if (n < 0) {
                        return;
                    }
                    scratch.commit(n);
                    channel.writeStdin(array, offset, n);
                } else {
                    byte[] block = in.readNBytes(READ_SIZE);
                    if (block.length == 0) {
                        return;
                    }
                    channel.writeStdin(block, 0, block.length);
                }
                scratch.reset();
            }
        }
    }
}
