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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A transport's {@link ByteSource} may leave the buffer it fills with its limit cut short, as
 * Netty's {@code ByteBuf.getBytes(int, ByteBuffer)} does. The chunk behind that buffer is reused
 * for the next message on the same decoder, and by the next owner once it is back in the pool:
 * neither may trip over the limit.
 */
class LimitMovingSourceTest {

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void messageAfterMessageAndTheNextOwnerAfterThem(boolean direct) throws Exception {
        BufferPool pool = direct ? DecoderHarness.directPool() : DecoderHarness.smallChunkPool();
        Random random = new Random(11);
        byte[][] payloads = new byte[6][];
        Frames frames = Frames.fromClient();
        for (int i = 0; i < payloads.length; i++) {
            payloads[i] = new byte[500 + random.nextInt(3000)];
            random.nextBytes(payloads[i]);
            frames.frame(true, Opcodes.BINARY, payloads[i]);
        }
        byte[] wire = frames.build();
        Recorder recorder = new Recorder();
        try (WebSocketDecoder decoder = new WebSocketDecoder(pool, Role.SERVER, WebSocketLimits.DEFAULT, recorder)) {
            ByteSource source = new DecoderHarness.WireSource(wire);
            for (int i = 0; i < wire.length; ) {
                int n = Math.min(wire.length - i, 1 + random.nextInt(700));
                decoder.feed(source, i, n);
                i += n;
            }
        }
        assertEquals(payloads.length, recorder.payloads.size());
        for (int i = 0; i < payloads.length; i++) {
            assertArrayEquals(payloads[i], recorder.payloads.get(i), "message " + i);
        }
        byte[] next = new byte[4000];
        random.nextBytes(next);
        try (RecyclableOutputStream owner = pool.newStream("next owner")) {
            owner.write(ByteBuffer.wrap(next));
            assertArrayEquals(next, owner.toByteArray());
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
