package dev.recyclable.buffers.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class PoolAssertionsTest {
    private final BufferPool pool = BufferPool.builder().idleDecay(Duration.ZERO).build();

    @Test
    void failsWhileAStreamIsOpenAndPassesOnceItIsClosed() throws IOException {
        RecyclableOutputStream out = pool.newStream("open");
        out.write(new byte[100]);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> PoolAssertions.assertNothingInUse(pool, Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("bytes in use"), e.getMessage());
        out.close();
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void waitsForAReleaseOnAnotherThread() throws Exception {
        RecyclableOutputStream out = pool.newStream();
        out.write(new byte[100]);
        Thread closer = new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            out.close();
        });
        closer.start();
        PoolAssertions.assertNothingInUse(pool, Duration.ofSeconds(5));
        closer.join();
    }

    @Test
    void idleCapCheckPasses() throws IOException {
        try (RecyclableOutputStream out = pool.newStream()) {
            out.write(new byte[10_000]);
        }
        PoolAssertions.assertIdleWithinCap(pool);
    }
}
