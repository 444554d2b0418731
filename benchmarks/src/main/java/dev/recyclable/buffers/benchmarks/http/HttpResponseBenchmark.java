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
package dev.recyclable.buffers.benchmarks.http;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.benchmarks.JmhDefaults;
import dev.recyclable.buffers.http.client.RecyclableBodyHandler;
import dev.recyclable.buffers.http.fixtures.NodeHttpPeer;
import dev.recyclable.buffers.http.fixtures.PeerBodies;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
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
 * One response per operation from the Node.js peer over loopback ({@code GET /bytes?content=json}: ASCII JSON
 * records of {@code bodyBytes}), received by the JDK client with one of {@link ResponseContenders}: the client's
 * floor ({@code discarding}), the JDK's {@code ofByteArray} and {@code ofString}, {@code ofInputStream} read into a
 * {@code ByteArrayOutputStream}, a subscriber keeping the client's own buffers, and ours ({@code recyclable},
 * {@code recyclableText}). HTTP/1.1 in the clear or HTTP/2 over TLS.
 *
 * <p>The peer runs outside this JVM, so {@code gc.alloc.rate.norm} ({@code -prof gc}, every thread of the JVM)
 * is the client's allocation per response: the goals read it against {@code discarding}'s (ours at most the floor
 * plus 2 KiB from 64 KiB up) and against {@code ofString}'s (text). MB/s is {@code bodyBytes} over the time per
 * operation. Before measuring, each trial checks that the contender receives exactly the peer's bytes. Run from
 * the repository root (or set {@code -Dhttp.peer.dir}), with Node.js 18+ (.ci/setup-http.sh).
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(time = 2)
public class HttpResponseBenchmark extends JmhDefaults {
    @Param({"1024", "65536", "1048576", "16777216"})
    public int bodyBytes;

    @Param({"HTTP_1_1", "HTTP_2"})
    public String protocol;

    @Param({"discarding", "ofByteArray", "ofString", "ofInputStream", "keepBuffers", "recyclable", "recyclableText"})
    public String handler;

    private NodeHttpPeer peer;
    private HttpTransport transport;
    private HttpRequest request;
    private RecyclableBodyHandler bodies;
    private BufferPool pool;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        peer = NodeHttpPeer.start(true);
        transport = new HttpTransport(peer, protocol);
        pool = BufferPool.builder().build();
        bodies = RecyclableBodyHandler.of(pool, Math.max(bodyBytes, 1 << 20));
        request = HttpRequest.newBuilder(transport.uri("/bytes?content=json&size=" + bodyBytes))
                .build();
        transport.check(transport.client().send(request, HttpResponse.BodyHandlers.discarding()));
        byte[] received = ResponseContenders.content(handler, transport.client(), request, bodies);
        if (received != null && !Arrays.equals(PeerBodies.json(bodyBytes), received)) {
            throw new IllegalStateException(handler + " received other bytes than the peer sent");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        peer.close();
        if (pool.stats().bytesInUse() != 0) {
            throw new IllegalStateException("the pool has bytes in use after the trial: " + pool.stats());
        }
    }

    @Benchmark
    public long receive() throws Exception {
        return ResponseContenders.receive(handler, transport.client(), request, bodies);
    }
}
