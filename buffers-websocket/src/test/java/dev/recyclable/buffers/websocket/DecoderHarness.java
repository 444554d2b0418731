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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import java.nio.ByteBuffer;
import java.util.Random;

/** Feeds wire bytes to a fresh decoder in a chosen chunking and input kind. */
final class DecoderHarness {
    enum Chunking {
        WHOLE,
        BYTE_BY_BYTE,
        RANDOM_SPLITS,
        DIRECT_BUFFERS,
        SOURCE,
        /** Pieces of 1 to 8 or 1 to 2000 bytes, each fed as an array, a random-access source or a heap or direct buffer. */
        MIXED
    }

    private DecoderHarness() {}

    /** A small-chunk pool so that messages span several chunks; every lease is tracked. */
    static BufferPool smallChunkPool() {
        return BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(1024)
                .leakDetection(LeakDetection.DISABLED)
                .build();
    }

    static BufferPool directPool() {
        return BufferPool.builder()
                .minChunkSize(64)
                .maxChunkSize(1024)
                .directChunks(true)
                .leakDetection(LeakDetection.DISABLED)
                .build();
    }

    /** Decodes {@code wire} completely, then closes the decoder; rethrows a protocol violation. */
    static Recorder decode(BufferPool pool, Role role, WebSocketLimits limits, byte[] wire, Chunking chunking)
            throws WebSocketProtocolException {
        return decode(pool, role, limits, null, wire, chunking, new Random(wire.length), new Recorder());
    }

    /**
     * Decodes {@code wire} into {@code recorder} (with permessage-deflate when {@code inflater} is not
     * null; the decoder ends it), then closes the decoder; rethrows a protocol violation.
     */
    static Recorder decode(
            BufferPool pool,
            Role role,
            WebSocketLimits limits,
            MessageInflater inflater,
            byte[] wire,
            Chunking chunking,
            Random random,
            Recorder recorder)
            throws WebSocketProtocolException {
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, role, limits, recorder, inflater)) {
            feed(decoder, wire, chunking, random);
        }
        return recorder;
    }

    static void feed(WebSocketDecoder decoder, byte[] wire, Chunking chunking, Random random)
            throws WebSocketProtocolException {
        switch (chunking) {
            case WHOLE -> decoder.feed(wire, 0, wire.length);
            case BYTE_BY_BYTE -> {
                for (int i = 0; i < wire.length; i++) {
                    decoder.feed(wire, i, 1);
                }
            }
            case RANDOM_SPLITS -> {
                int i = 0;
                while (i < wire.length) {
                    int n = Math.min(wire.length - i, 1 + random.nextInt(37));
                    decoder.feed(ByteBuffer.wrap(wire, i, n));
                    i += n;
                }
            }
            case DIRECT_BUFFERS -> {
                int i = 0;
                while (i < wire.length) {
                    int n = Math.min(wire.length - i, 1 + random.nextInt(300));
                    ByteBuffer direct = ByteBuffer.allocateDirect(n + 3);
                    direct.position(3);
                    direct.put(wire, i, n).flip().position(3);
                    decoder.feed(direct.slice());
                    i += n;
                }
            }
            case SOURCE -> {
                // a random-access source at a shifted index, as a Netty ByteBuf's reader index
                int shift = 5;
                byte[] shifted = new byte[wire.length + shift];
                System.arraycopy(wire, 0, shifted, shift, wire.length);
                ByteSource source = new WireSource(shifted);
                int i = 0;
                while (i < wire.length) {
                    int n = Math.min(wire.length - i, 1 + random.nextInt(300));
                    decoder.feed(source, shift + i, n);
                    i += n;
                }
            }
            case MIXED -> {
                int i = 0;
                while (i < wire.length && !decoder.isDone()) {
                    int n = Math.min(wire.length - i, 1 + random.nextInt(random.nextBoolean() ? 8 : 2000));
                    int kind = random.nextInt(3);
                    if (kind == 0) {
                        decoder.feed(wire, i, n);
                    } else if (kind == 1) {
                        decoder.feed(new WireSource(wire), i, n);
                    } else {
                        ByteBuffer b = random.nextBoolean() ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
                        b.put(wire, i, n).flip();
                        decoder.feed(b);
                    }
                    i += n;
                }
            }
            default -> throw new IllegalArgumentException(chunking.name());
        }
    }

    /**
     * Wire bytes as a random-access {@link ByteSource}, copied into buffers the way Netty's
     * {@code ByteBuf.getBytes(int, ByteBuffer)} copies: it moves the buffer's window and leaves
     * its limit cut at the end of the copy.
     */
    record WireSource(byte[] bytes) implements ByteSource {
        @Override
        public byte getByte(int index) {
            return bytes[index];
        }

        @Override
        public void getBytes(int index, byte[] dst, int dstIndex, int length) {
            System.arraycopy(bytes, index, dst, dstIndex, length);
        }

        @Override
        public void getBytes(int index, ByteBuffer dst, int dstIndex, int length) {
            dst.limit(dstIndex + length).position(dstIndex);
            dst.put(bytes, index, length);
        }
    }
}
