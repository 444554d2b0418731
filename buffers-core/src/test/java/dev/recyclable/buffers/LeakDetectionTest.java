package dev.recyclable.buffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LeakDetectionTest {

    record Leak(String tag, Throwable site) {
    }

    private static BufferPool poolReporting(LeakDetection level, CopyOnWriteArrayList<Leak> leaks) {
        return BufferPool.builder().leakDetection(level).idleDecay(Duration.ZERO).listener(new BufferPoolListener() {
            @Override
            public void streamLeaked(String tag, Throwable allocationSite) {
                leaks.add(new Leak(tag, allocationSite));
            }
        }).build();
    }

    @Test
    void unclosedStreamIsReportedWithItsStackAndItsChunksComeBack() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.DETAILED, leaks);
        abandonStream(pool, "forgotten");
        assertTrue(pool.stats().bytesInUse() > 0);
        awaitGc(() -> !leaks.isEmpty() && pool.stats().bytesInUse() == 0);
        assertEquals(1, leaks.size());
        assertEquals("forgotten", leaks.get(0).tag());
        assertNotNull(leaks.get(0).site());
        StackTraceElement[] stack = leaks.get(0).site().getStackTrace();
        boolean pointsAtCulprit = false;
        for (StackTraceElement e : stack) {
            pointsAtCulprit |= e.getMethodName().equals("abandonStream");
        }
        assertTrue(pointsAtCulprit, "the report names the method that created the stream");
        assertEquals(0, pool.stats().bytesInUse());
        assertEquals(1, pool.stats().leaks());
    }

    @Test
    void levelAllReportsWithoutStackAndClosedStreamsAreNeverReported() throws Exception {
        CopyOnWriteArrayList<Leak> leaks = new CopyOnWriteArrayList<>();
        BufferPool pool = poolReporting(LeakDetection.ALL, leaks);
        for (int i = 0; i < 50; i++) {
            try (RecyclableOutputStream out = pool.newStream("closed")) {
                out.write(new byte[2000]);
            }
        }
        abandonStream(pool, "lost");
        awaitGc(() -> !leaks.isEmpty());
        Thread.sleep(200);
        System.gc();
        Thread.sleep(200);
        assertEquals(1, leaks.size(), () -> "reports: " + leaks);
        assertEquals("lost", leaks.get(0).tag());
        assertNull(leaks.get(0).site());
        awaitGc(() -> pool.stats().bytesInUse() == 0);
    }

    private static void abandonStream(BufferPool pool, String tag) throws IOException {
        RecyclableOutputStream out = pool.newStream(tag);
        out.write(new byte[10_000]);
    }

    interface Condition {
        boolean met();
    }

    private static void awaitGc(Condition condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.met()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met after GC within 20 s");
            }
            System.gc();
            Thread.sleep(20);
        }
    }
}
