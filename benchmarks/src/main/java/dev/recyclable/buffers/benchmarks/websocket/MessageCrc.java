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

import dev.recyclable.buffers.SegmentVisitor;
import dev.recyclable.buffers.websocket.WebSocketMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * CRC-32 of what a receiver delivers, for content checks: a message's payload is read in place
 * from its pooled chunks ({@code forEachSegment}), never copied.
 */
final class MessageCrc implements SegmentVisitor {
    private final CRC32 crc = new CRC32();

    /** CRC-32 of {@code bytes}: what a message sent as them must check to. */
    static long of(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    void reset() {
        crc.reset();
    }

    /** Adds {@code message}'s payload. */
    void update(WebSocketMessage message) {
        try {
            message.content().forEachSegment(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    long value() {
        return crc.getValue();
    }

    @Override
    public void visit(byte[] array, int offset, int length) {
        crc.update(array, offset, length);
    }

    @Override
    public void visit(ByteBuffer segment) {
        crc.update(segment);
    }
}
