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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** The parts behind the showcase's permessage-deflate rows: the same message in, the same message out. */
class WebSocketSectionDeflateTest {
    private final BufferPool pool = BufferPool.builder().build();

    @Test
    void theMessageIsValidUtf8AndCompressesAboutFiveToOne() throws Exception {
        DeflateWire input = DeflateWire.of(64 * 1024);
        assertEquals(64 * 1024, input.message().length);
        assertTrue(StandardCharsets.UTF_8
                        .newDecoder()
                        .decode(java.nio.ByteBuffer.wrap(input.message()))
                        .length()
                > 0);
        assertTrue(input.repeated().length < input.message().length / 3, "compressed to " + input.repeated().length);
        assertEquals(0x40 | 0x01, input.first()[0] & 0x7F, "RSV1 and TEXT on the first frame");
    }

    @Test
    void bothReceivePipelinesInflateTheRepeatedMessageEveryTime() {
        DeflateWire input = DeflateWire.of(100_000);
        CRC32 crc = new CRC32();
        crc.update(input.message());
        try (EmbeddedDecoders decoders = EmbeddedDecoders.deflate(pool, input)) {
            for (int i = 0; i < 3; i++) {
                assertEquals(crc.getValue(), decoders.checksumNettyStock(), "Netty, message " + i);
                assertEquals(crc.getValue(), decoders.checksumRecyclable(), "ours, message " + i);
                assertEquals(input.message().length, decoders.nettyStock());
                assertEquals(input.message().length, decoders.recyclable());
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void bothSendersDeliverTheMessageUnderContextTakeover() throws Exception {
        byte[] message = DeflateWire.json(100_000);
        try (DeflateSenders senders = new DeflateSenders(pool, message)) {
            assertEquals(4, senders.nettyStockDeliveries(4));
            assertEquals(4, senders.recyclableDeliveries(4));
            long stock = senders.nettyStock();
            long ours = senders.recyclable();
            assertTrue(stock > 0 && stock < message.length / 3, "Netty sent " + stock);
            assertTrue(ours > 0 && ours < message.length / 3, "ours sent " + ours);
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void aSenderCheckedAgainstAnotherMessageFails() throws Exception {
        // the content check must be able to fail: a peer inflater that missed the first message
        // (its window empty) cannot inflate the second, which refers back to the first
        byte[] message = DeflateWire.json(100_000);
        try (DeflateSenders senders = new DeflateSenders(pool, message)) {
            senders.recyclable(); // sent, not seen by the check's inflater
            assertEquals(0, senders.recyclableDeliveries(1), "a continuation inflated without its context");
            senders.nettyStock();
            assertEquals(0, senders.nettyStockDeliveries(1), "a continuation inflated without its context");
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
