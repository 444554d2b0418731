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

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's permessage-deflate snippet, compiled and run as written. */
class ReadmeDeflateExampleTest {
    @Test
    void readmeSnippet() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        String offers = "permessage-deflate; client_max_window_bits";
        List<String> received = new ArrayList<>();
        WebSocketListener listener = (WebSocketMessage message) -> received.add(message.text());
        // a client's compressed, masked text frame
        byte[] compressed = Compression.compress("hello, hello, hello".getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(0x80 | 0x40 | 0x1);
        frame.write(0x80 | compressed.length);
        frame.write(new byte[4]); // masking key 0: the payload stays as it is
        frame.write(compressed);
        byte[] wire = frame.toByteArray();

        // README:begin deflate
        PerMessageDeflate deflate = PerMessageDeflate.negotiateAsServer(offers, DeflateOptions.DEFAULT)
                .orElse(null);
        String answer = deflate == null ? null : deflate.headerValue(); // Sec-WebSocket-Extensions of the 101
        try (WebSocketDecoder decoder = new WebSocketDecoder(
                        pool,
                        Role.SERVER,
                        WebSocketLimits.DEFAULT,
                        listener,
                        deflate == null ? null : deflate.newInflater());
                WebSocketEncoder encoder =
                        new WebSocketEncoder(Role.SERVER, 0, null, deflate == null ? null : deflate.newDeflater())) {
            decoder.feed(wire, 0, wire.length);
        }
        // README:end deflate

        assertEquals("permessage-deflate", answer);
        assertEquals(List.of("hello, hello, hello"), received);
        assertEquals(0, deflate.openCodecs());
        PoolAssertions.assertNothingInUse(pool);
    }
}
