package dev.recyclable.buffers.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class HeldContentTest {
    private final BufferPool pool = BufferPool.builder().minChunkSize(64).maxChunkSize(256)
            .idleDecay(Duration.ZERO).build();

    @Test
    void readsAViewWithoutMovingItAndNamesTheFirstDifference() throws Exception {
        byte[] data = new byte[1000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) i;
        }
        try (RecyclableOutputStream out = pool.newStream(); ByteBufferView view = out.byteBuffers()) {
            assertEquals(0, view.remaining());
            out.write(data);
            try (ByteBufferView full = out.byteBuffers()) {
                assertTrue(full.buffers().length > 1);
                assertArrayEquals(data, HeldContent.bytesOf(full));
                assertEquals(data.length, full.remaining(), "positions untouched");
                HeldContent.assertShows(data, full, "the view");
                byte[] other = data.clone();
                other[700] ^= 1;
                AssertionFailedError e = assertThrows(AssertionFailedError.class,
                        () -> HeldContent.assertShows(other, full, "the view"));
                assertTrue(e.getMessage().contains("first difference at byte 700"), e.getMessage());
            }
        }
        PoolAssertions.assertNothingInUse(pool);
    }
}
