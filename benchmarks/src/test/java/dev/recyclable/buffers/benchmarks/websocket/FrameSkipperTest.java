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
package dev.recyclable.buffers.benchmarks.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Opcodes;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;

/**
 * The Netty floor of the loopback benchmark counts exactly the peer's messages, whatever the
 * read boundaries: every length encoding, fragments, Pings between fragments, an empty message.
 */
class FrameSkipperTest {
    @Test
    void countsEveryMessageAndDigestsTheFirstWhateverTheReadBoundaries() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        WebSocketEncoder fragmenting = new WebSocketEncoder(Role.SERVER, 4096);
        WebSocketEncoder whole = new WebSocketEncoder(Role.SERVER, 0);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        byte[] first = new byte[70_000]; // in fragments of 4 KiB: continuation frames
        new Random(3).nextBytes(first);
        int[] sizes = {70_000, 100, 0, 125, 126, 65_535, 65_536};
        for (int size : sizes) {
            byte[] payload = size == first.length ? first : new byte[size];
            try (RecyclableOutputStream s = pool.newStream()) {
                s.write(payload);
                // one frame from 64 KiB on: the 64-bit length encoding
                WebSocketEncoder encoder = size == first.length || size < 65_536 ? fragmenting : whole;
                encoder.writeMessage(size % 2 == 0 ? MessageType.BINARY : MessageType.TEXT, s, wire);
            }
            fragmenting.writeControl(Opcodes.PING, new byte[] {1, 2}, 0, 2, wire);
        }
        byte[] bytes = wire.toByteArray();
        String expected =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(first));
        Random random = new Random(7);
        for (int round = 0; round < 20; round++) {
            Semaphore received = new Semaphore(0);
            ContentCheck check = new ContentCheck();
            check.arm();
            EmbeddedChannel channel = new EmbeddedChannel(new FrameSkipper(received, check));
            for (int i = 0; i < bytes.length; ) {
                int n = Math.min(bytes.length - i, 1 + random.nextInt(round < 10 ? 9 : 20_000));
                ByteBuf read = Unpooled.copiedBuffer(bytes, i, n);
                channel.writeInbound(read);
                assertEquals(0, read.refCnt(), "every read is released");
                i += n;
            }
            assertEquals(sizes.length, received.availablePermits());
            assertEquals(expected, check.digest());
            assertFalse(channel.finish());
        }
        fragmenting.close();
        whole.close();
    }
}
