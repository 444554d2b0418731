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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.interop.AgronaViews;
import dev.recyclable.buffers.interop.NettyViews;
import io.netty.buffer.ByteBuf;
import io.netty.util.IllegalReferenceCountException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Random;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class InteropViewsTest {
    private final BufferPool pool =
            BufferPool.builder().idleDecay(Duration.ZERO).build();

    @AfterEach
    void nothingInUse() {
        assertEquals(0, pool.stats().bytesInUse(), pool::toString);
    }

    private static byte[] data(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    @Test
    void nettyViewIsZeroCopyOverEveryChunkAndOutlivesTheStreamUntilReleased() throws IOException {
        byte[] data = data(5_000_000); // about 80 chunks: past Netty's default of 16 components
        RecyclableOutputStream out = pool.newStream();
        out.write(data);
        ByteBuf buf = NettyViews.asByteBuf(out);
        assertEquals(data.length, buf.readableBytes());
        assertTrue(buf.isReadOnly());
        assertEquals(null, buf.unwrap(), "wraps nothing writable");
        assertEquals(out.chunkCount(), buf.nioBufferCount(), "no consolidation copy");
        out.close();
        assertTrue(pool.stats().bytesInUse() > 0, "the ByteBuf keeps the chunks");
        byte[] read = new byte[data.length];
        buf.getBytes(0, read);
        assertArrayEquals(data, read);
        assertTrue(buf.release());
        assertEquals(0, pool.stats().bytesInUse());
        assertThrows(IllegalReferenceCountException.class, buf::release);
        assertEquals(0, pool.stats().bytesInUse());
    }

    @Test
    void nettyViewOfDirectChunks() throws IOException {
        BufferPool direct =
                BufferPool.builder().directChunks(true).idleDecay(Duration.ZERO).build();
        byte[] data = data(100_000);
        try (RecyclableOutputStream out = direct.newStream()) {
            out.write(data);
            ByteBuf buf = NettyViews.asByteBuf(out);
            byte[] read = new byte[data.length];
            buf.getBytes(0, read);
            assertArrayEquals(data, read);
            buf.release();
        }
        assertEquals(0, direct.stats().bytesInUse());
    }

    @Test
    void agronaViewsCoverTheContent() throws IOException {
        byte[] data = data(200_000);
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(data);
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            AgronaViews.forEachChunk(out, (DirectBuffer b) -> {
                byte[] part = new byte[b.capacity()];
                b.getBytes(0, part);
                joined.writeBytes(part);
            });
            assertArrayEquals(data, joined.toByteArray());
            try (PooledArray arr = out.contiguous()) {
                DirectBuffer whole = AgronaViews.asDirectBuffer(arr);
                assertEquals(data.length, whole.capacity());
                assertEquals(data[12345], whole.getByte(12345));
            }
        }
    }
}
