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
package dev.recyclable.buffers.ssh.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.LeakDetection;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.ssh.CommandStatus;
import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitExceededException;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.OutputListener;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.connection.ConnectionImpl;
import net.schmizz.sshj.transport.TransportImpl;

/**
 * A coverage-guided fuzz target (Jazzer) for what a server controls and reaches without a server: the capture
 * sinks ({@link CapturingSink}, {@link DispatchingSink}) fed packets of any size and order, as sshj's reader
 * thread feeds them. Corpus:
 * {@code src/test/resources/dev/recyclable/buffers/ssh/internal/CaptureSinksFuzzTestInputs/captureSinks/}.
 */
class CaptureSinksFuzzTest {
    private static final DefaultConfig CONFIG = new DefaultConfig();
    /** A connection that is never opened: the sinks' channels only count their window against it. */
    private static final ConnectionImpl CONNECTION =
            new ConnectionImpl(new TransportImpl(CONFIG), CONFIG.getKeepAliveProvider());

    private static final BufferPool POOL = BufferPool.builder()
            .minChunkSize(64)
            .maxChunkSize(1024)
            .leakDetection(LeakDetection.DISABLED)
            .idleDecay(Duration.ZERO)
            .build();

    /**
     * Packets of any size and order on stdout and stderr, under either limit policy, end in exactly the bytes the
     * limit keeps (the model: the first {@code limit} bytes of each stream; with {@code FAIL}, nothing after the
     * first byte past it, and the command fails), in a {@link CapturingSink}'s two streams and in the events a
     * {@link DispatchingSink} delivers; the counts and truncation flags match; every chunk goes back as new.
     */
    @FuzzTest(maxDuration = "5m")
    void captureSinks(FuzzedDataProvider data) throws Exception {
        long limit = data.consumeLong(0, 1 << 16);
        OutputLimitPolicy policy = data.pickValue(OutputLimitPolicy.values());
        boolean dispatching = data.consumeBoolean();
        Model model = new Model(limit, policy);
        List<Object[]> delivered = new ArrayList<>();
        List<RecyclableOutputStream> retained = new ArrayList<>();
        CommandSink sink = dispatching
                ? new DispatchingSink(POOL, "fuzz", limit, policy, Thread.currentThread())
                : new CapturingSink(POOL, "fuzz", limit, policy);
        CaptureChannel channel = new CaptureChannel(CONNECTION, sink, (1L << 32) - 1, 32 * 1024);
        try {
            OutputListener listener = event -> {
                ByteArrayOutputStream copy = new ByteArrayOutputStream();
                event.writeTo(copy);
                assertEquals(event.size(), copy.size());
                delivered.add(new Object[] {event.kind(), copy.toByteArray()});
                if (copy.size() % 3 == 0) {
                    retained.add(event.retain()); // the listener's to close
                }
            };
            while (data.remainingBytes() > 0) {
                OutputKind kind = data.consumeBoolean() ? OutputKind.STDOUT : OutputKind.STDERR;
                int shift = data.consumeInt(0, 7);
                byte[] packet = data.consumeBytes(data.consumeInt(0, 40_000));
                byte[] framed = new byte[packet.length + shift + 3];
                System.arraycopy(packet, 0, framed, shift, packet.length);
                sink.onData(channel, kind == OutputKind.STDERR, framed, shift, packet.length);
                model.packet(kind, packet);
                if (dispatching && data.consumeBoolean()) {
                    ((DispatchingSink) sink).dispatch(channel, listener, System.nanoTime());
                }
            }
            sink.onClosed(channel, null);
            if (dispatching) {
                assertTrue(((DispatchingSink) sink).dispatch(channel, listener, Long.MAX_VALUE));
            }

            CommandStatus status = sink.status();
            assertEquals(model.bytes[0], status.stdoutBytes(), "stdout bytes");
            assertEquals(model.bytes[1], status.stderrBytes(), "stderr bytes");
            assertEquals(model.truncated[0], status.stdoutTruncated(), "stdout truncated");
            assertEquals(model.truncated[1], status.stderrTruncated(), "stderr truncated");
            try {
                sink.completion().join();
                assertTrue(!model.failed, "the command should have failed at the limit");
            } catch (CompletionException e) {
                assertTrue(model.failed && e.getCause() instanceof OutputLimitExceededException, e::toString);
            }
            if (dispatching) {
                assertEquals(model.kept.size(), delivered.size(), "events");
                for (int i = 0; i < delivered.size(); i++) {
                    assertEquals(model.kept.get(i)[0], delivered.get(i)[0], "event " + i + " kind");
                    assertArrayEquals(
                            (byte[]) model.kept.get(i)[1], (byte[]) delivered.get(i)[1], "event " + i);
                }
            } else {
                CapturingSink capturing = (CapturingSink) sink;
                assertArrayEquals(
                        model.joined(OutputKind.STDOUT), capturing.stdout().toByteArray(), "stdout");
                assertArrayEquals(
                        model.joined(OutputKind.STDERR), capturing.stderr().toByteArray(), "stderr");
            }
        } finally {
            sink.abandon();
            retained.forEach(RecyclableOutputStream::close);
            CONNECTION.forget(channel);
        }
        PoolAssertions.assertNothingInUse(POOL, Duration.ZERO);
        IdleChunks.assertAllAsNew(POOL);
    }

    /** The output limit as documented, applied to one packet at a time. */
    private static final class Model {
        final long limit;
        final OutputLimitPolicy policy;
        final long[] bytes = new long[2];
        final boolean[] truncated = new boolean[2];
        final List<Object[]> kept = new ArrayList<>();
        boolean failed;

        Model(long limit, OutputLimitPolicy policy) {
            this.limit = limit;
            this.policy = policy;
        }

        void packet(OutputKind kind, byte[] packet) {
            int k = kind == OutputKind.STDOUT ? 0 : 1;
            long before = bytes[k];
            bytes[k] += packet.length;
            int keep = failed ? 0 : (int) Math.min(packet.length, Math.max(0, limit - before));
            if (keep < packet.length) {
                truncated[k] = true;
                if (policy == OutputLimitPolicy.FAIL && !failed) {
                    failed = true;
                    keep = 0;
                }
            }
            if (keep > 0) {
                kept.add(new Object[] {kind, java.util.Arrays.copyOf(packet, keep)});
            }
        }

        byte[] joined(OutputKind kind) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Object[] k : kept) {
                if (k[0] == kind) {
                    out.writeBytes((byte[]) k[1]);
                }
            }
            return out.toByteArray();
        }
    }
}
