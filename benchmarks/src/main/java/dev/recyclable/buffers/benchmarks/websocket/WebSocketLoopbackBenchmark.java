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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.benchmarks.JmhDefaults;
import dev.recyclable.buffers.websocket.fixtures.NodePeer;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * End to end over loopback: the npm ws peer ({@link NodePeer}, ws-peer.js in blast-server mode)
 * sends {@code messageBytes} messages in 4 KiB fragments, either as pre-built frames written straight to its socket ({@code frames=prebuilt},
 * so the peer's own cost stays out of the way) or through ws's own sender as a normal ws peer
 * would ({@code frames=send}), or pre-built with a Ping before every message
 * ({@code frames=prebuiltPing}: the receiver answers each with a Pong), and one of these
 * receives them:
 * {@code recyclableNetty} (a), {@code nettyStock} (b), {@code jdkRecyclable} (c: the JDK client
 * with our adapter, its listener reading the payload's bytes in place, the UTF-8 for text),
 * {@code jdkRecyclableString} (c with a listener that takes text as a {@code String},
 * {@code message.text()}), {@code jdkTypical} (d: a {@code StringBuilder} turned into a
 * {@code String} at the last piece, or a {@code ByteArrayOutputStream}), {@code jdkTypicalUtf8}
 * (d for a user who wants text as bytes: the {@code String}'s {@code getBytes(UTF_8)}), and
 * {@code jdkFloor}, the JDK client dropping every delivery (its own cost),
 * and {@code nettyFloor}, a Netty client skipping every frame ({@link FrameSkipper}: the transport's
 * own cost, for pre-built frames only: it answers no Ping). Text is {@code TEXT} (1- to 4-byte
 * code points mixed, as in the interop tests) or {@code JSON} (ASCII records).
 *
 * <p>One operation receives {@code max(1, 1 MiB / messageBytes)} messages, so it moves at
 * least 1 MiB: {@code gc.alloc.rate.norm} divided by the bytes per operation is the allocation
 * ratio (target 1% for (a), and (c) within 1% of {@code jdkFloor}). JMH's gc profiler counts
 * every thread's allocation, the transport's included. The secondary result
 * {@code cpuNanosPerMessage} ({@link ReceiverCpu}) is the receiving JVM's CPU time per message:
 * where the peer, not the receiver, sets the pace, times per message hide what receiving costs,
 * and this shows it. Before measuring, each trial checks that
 * the receiver gets the peer's exact bytes (SHA-256 of one message against the peer's own
 * digest of its payload, {@link ContentCheck}). The heap is touched before the run
 * ({@code -XX:+AlwaysPreTouch}, as in the in-process benchmarks), so that the first touch of a
 * page does not land, as a page fault, in whichever allocation meets it (without it, the JDK
 * client's own {@code CharBuffer} allocations took 8% of one run's profile samples and 26% of
 * another's, for the same cell). Run from the repository root (or set
 * {@code -Dws.peer.dir}) after .ci/setup-websocket.sh.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(time = 2)
public class WebSocketLoopbackBenchmark extends JmhDefaults {
    @Param({"1024", "65536", "1048576", "16777216"})
    public int messageBytes;

    /** TEXT: mixed 1- to 4-byte code points; JSON: ASCII JSON records; BINARY: random bytes. */
    @Param({"TEXT", "JSON", "BINARY"})
    public String type;

    @Param({
        "recyclableNetty",
        "nettyStock",
        "nettyFloor",
        "jdkRecyclable",
        "jdkRecyclableString",
        "jdkTypical",
        "jdkTypicalUtf8",
        "jdkFloor"
    })
    public String client;

    /** prebuilt: frames written raw; prebuiltPing: the same with a Ping before each message; send: ws's sender. */
    @Param({"prebuilt", "send", "prebuiltPing"})
    public String frames;

    private NodePeer peer;
    private LoopbackClients.Client receiver;
    private final Semaphore received = new Semaphore(0);
    private BufferPool pool;
    private int perOperation;
    private String command;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        peer = NodePeer.start("blast-server");
        pool = BufferPool.builder().build();
        ContentCheck check = new ContentCheck();
        receiver = LoopbackClients.open(client, peer.port(), received, pool, check);
        perOperation = Math.max(1, (1 << 20) / messageBytes);
        String how = switch (frames) {
            case "send" -> " send";
            case "prebuiltPing" -> " ping";
            default -> "";
        };
        command = "go " + perOperation + " " + messageBytes + " " + type.toLowerCase() + how;
        check.arm();
        receiver.request("go 1 " + messageBytes + " " + type.toLowerCase() + how);
        if (!received.tryAcquire(1, 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no message for the content check");
        }
        peer.send("digest " + messageBytes + " " + type.toLowerCase());
        String expected = peer.awaitLine("DIGEST ", 15_000).substring(7).trim();
        if (!expected.equals(check.digest())) {
            throw new IllegalStateException(client + " received other bytes than the peer sent: SHA-256 "
                    + check.digest() + ", expected " + expected);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        receiver.close();
        peer.close();
    }

    @Benchmark
    public int receive(ReceiverCpu cpu) throws Exception {
        receiver.request(command);
        if (!received.tryAcquire(perOperation, 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("peer stopped sending");
        }
        cpu.received(perOperation);
        return perOperation;
    }
}
