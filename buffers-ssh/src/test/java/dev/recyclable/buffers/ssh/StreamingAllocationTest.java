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
package dev.recyclable.buffers.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;
import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.RunnerPerTest;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pins the warm streaming path's allocation: {@link SshRunner#stream} allocates nothing per packet on the
 * consuming thread, and its reader-thread work costs nothing over discarding the output. Measured with HotSpot's
 * per-thread counters between the first and the last event of a 64 MiB command (so connection, channel open and
 * close are outside the window).
 */
class StreamingAllocationTest {

    @RegisterExtension
    static final ServerPerClass<EmbeddedSshServer> SERVER = ServerPerClass.of(EmbeddedSshServer::start);

    private static final long SIZE = 64L << 20;
    private static final String COMMAND = "head -c " + SIZE + " /dev/zero";

    @RegisterExtension
    final RunnerPerTest connection = RunnerPerTest.on(SERVER);

    /** Counts bytes without allocating. */
    private static final class Counter implements SegmentVisitor {
        long bytes;

        @Override
        public void visit(byte[] array, int offset, int length) {
            bytes += length;
        }
    }

    /** Allocation of the consumer and reader threads between the first and the last event. */
    private static final class Window {
        final Meter meter = new Meter();
        long packets;
        long consumerStart;
        long consumerEnd;
        long readerStart;
        long readerEnd;
        long readerId = -1;
        long sampledPackets;

        /** Samples rarely: reading the counters by reflection allocates (boxing, varargs). */
        void onEvent() {
            long n = packets++;
            if (n == 0) {
                readerId = meter.readerThreadId();
                readerStart = meter.allocated(readerId);
                consumerStart = meter.current();
            } else if (n % 512 == 0) {
                consumerEnd = meter.current();
                readerEnd = meter.allocated(readerId);
                sampledPackets = n;
            }
        }

        double consumerPerPacket() {
            return (double) (consumerEnd - consumerStart) / sampledPackets;
        }

        double readerPerPacket() {
            return (double) (readerEnd - readerStart) / sampledPackets;
        }
    }

    @Test
    void warmStreamingAllocatesNothingPerPacket() throws IOException {
        Counter counter = new Counter();
        OutputListener warm = event -> event.forEachSegment(counter);
        for (int i = 0; i < 3; i++) {
            connection.ssh().stream(COMMAND, CommandOptions.defaults(), warm);
        }
        Window retaining = new Window();
        connection.ssh().stream(COMMAND, CommandOptions.defaults(), event -> {
            retaining.onEvent();
            try (RecyclableOutputStream kept = event.retain()) { // a stream object per packet: what retaining costs
                kept.forEachSegment(counter);
            }
        });
        Window events = new Window();
        counter.bytes = 0;
        connection.ssh().stream(COMMAND, CommandOptions.defaults(), event -> {
            events.onEvent();
            event.forEachSegment(counter);
        });
        assertEquals(SIZE, counter.bytes);
        System.out.printf(
                "streaming %d MiB: retaining every event: consumer %.1f B/packet, reader %.1f B/packet (%d packets);"
                        + " not retaining: consumer %.1f B/packet, reader %.1f B/packet (%d packets)%n",
                SIZE >> 20,
                retaining.consumerPerPacket(),
                retaining.readerPerPacket(),
                retaining.packets,
                events.consumerPerPacket(),
                events.readerPerPacket(),
                events.packets);
        assertTrue(events.packets > 100, "too few packets to measure: " + events.packets);
        // What remains on the consumer thread is encrypting CaptureChannel's WINDOW_ADJUST, sent by the grant
        // that crosses the threshold (one per window/4; the packet object is reused, but sshj's GCM cipher
        // builds its JDK engine state for every packet sent): ~16 B per 8 KiB packet here. The dispatching
        // itself allocates nothing; retaining every event costs a stream object per packet.
        assertTrue(
                events.consumerPerPacket() < 32,
                "consumer thread allocates " + events.consumerPerPacket() + " B per packet");
        // The reader thread also decrypts (the cipher allocates a little per packet), so its bound is relative:
        // not retaining must cost the reader no more than retaining, which makes it take a new stream per packet.
        assertTrue(
                events.readerPerPacket() < retaining.readerPerPacket() + 8,
                "reader: not retaining " + events.readerPerPacket() + " vs retaining " + retaining.readerPerPacket());
    }

    @Test
    void eventIsUnusableAfterTheCallAndRetainKeepsTheBytes() throws IOException {
        List<OutputEvent> seen = new ArrayList<>();
        List<RecyclableOutputStream> kept = new ArrayList<>();
        connection.ssh().stream("printf hello; printf oops >&2", CommandOptions.defaults(), event -> {
            seen.add(event);
            if (event.kind() == OutputKind.STDOUT) {
                RecyclableOutputStream s = event.retain();
                assertThrows(IllegalStateException.class, event::retain);
                assertEquals(5, event.size()); // still readable during the call
                kept.add(s);
            }
        });
        assertTrue(!seen.isEmpty());
        for (OutputEvent e : seen) {
            assertThrows(IllegalStateException.class, e::size);
            assertThrows(IllegalStateException.class, e::kind);
            assertThrows(IllegalStateException.class, e::retain);
        }
        assertEquals(1, kept.size());
        assertEquals("hello", kept.get(0).toString(java.nio.charset.StandardCharsets.UTF_8));
        kept.get(0).close();
    }

    @Test
    void eventIsUnusableFromAnotherThread() throws Exception {
        List<Throwable> failures = new ArrayList<>();
        connection.ssh().stream("printf x", CommandOptions.defaults(), event -> {
            Thread t = new Thread(() -> {
                try {
                    event.size();
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            t.start();
            t.join();
        });
        assertEquals(1, failures.size());
        assertTrue(
                failures.get(0) instanceof IllegalStateException,
                failures.get(0).toString());
    }

    /** HotSpot's per-thread allocation counters, by reflection (the module does not read java.management). */
    private static final class Meter {
        private final Object threads;
        private final Method allocatedBytes;
        private final Method currentAllocatedBytes;

        Meter() {
            try {
                threads = Class.forName("java.lang.management.ManagementFactory")
                        .getMethod("getThreadMXBean")
                        .invoke(null);
                Class<?> api = Class.forName("com.sun.management.ThreadMXBean");
                allocatedBytes = api.getMethod("getThreadAllocatedBytes", long.class);
                currentAllocatedBytes = api.getMethod("getCurrentThreadAllocatedBytes");
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("HotSpot's com.sun.management.ThreadMXBean is needed", e);
            }
        }

        long current() {
            try {
                return (long) currentAllocatedBytes.invoke(threads);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        long allocated(long id) {
            try {
                return (long) allocatedBytes.invoke(threads, id);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        /** The sshj reader thread (one connection per test). */
        long readerThreadId() {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("sshj-Reader")) {
                    return t.getId();
                }
            }
            throw new IllegalStateException("no sshj reader thread");
        }
    }
}
