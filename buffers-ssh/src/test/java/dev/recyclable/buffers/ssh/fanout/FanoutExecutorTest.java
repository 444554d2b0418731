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
package dev.recyclable.buffers.ssh.fanout;

import static dev.recyclable.buffers.testing.PoolAssertions.assertNothingInUse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.fixtures.CapturedLog;
import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import dev.recyclable.buffers.ssh.internal.ConnectionSpec;
import dev.recyclable.buffers.ssh.internal.KeepAlive;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fan-out executor against real servers on loopback: several OpenSSH instances on 127.0.0.x addresses and an
 * in-process MINA server stand in for hosts; a closed port is a host that is down; a known_hosts entry with another
 * server's key is a host presenting the wrong key.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FanoutExecutorTest {

    private static OpenSshServer hostA;
    private static OpenSshServer hostB;
    private static OpenSshServer hostC;
    private static OpenSshServer impostor;
    private static EmbeddedSshServer mina;
    private static int downPort;
    private static Path wrongKnownHosts;
    /** One credentials / host-key object per server, so that targets of one server share connections. */
    private static final Map<SshTestServer, SshCredentials> CREDENTIALS = new IdentityHashMap<>();

    private static final Map<SshTestServer, HostKeyPolicy> HOST_KEYS = new IdentityHashMap<>();

    @BeforeAll
    static void startHosts() throws Exception {
        hostA = OpenSshServer.builder().bindAddress("127.0.0.1").maxSessions(10).start();
        hostB = OpenSshServer.builder().bindAddress("127.0.0.2").maxSessions(10).start();
        hostC = OpenSshServer.builder().bindAddress("127.0.0.3").maxSessions(10).start();
        impostor = OpenSshServer.builder().bindAddress("127.0.0.4").start();
        mina = EmbeddedSshServer.start("127.0.0.1");
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.5"))) {
            downPort = s.getLocalPort();
        }
        // The impostor's address listed with host A's key: what a client sees when a host's key changed.
        String[] aKey = Files.readString(hostA.knownHosts()).trim().split(" ");
        wrongKnownHosts = Files.createTempFile("rb-fanout-wrong-known_hosts", "");
        Files.writeString(wrongKnownHosts, "[127.0.0.4]:" + impostor.port() + " " + aKey[1] + " " + aKey[2] + "\n");
    }

    @AfterAll
    static void stopHosts() throws Exception {
        for (SshTestServer s : new SshTestServer[] {hostA, hostB, hostC, impostor, mina}) {
            if (s != null) {
                s.close();
            }
        }
        if (wrongKnownHosts != null) {
            Files.deleteIfExists(wrongKnownHosts);
        }
    }

    @Test
    void everyHealthyTargetSucceedsWhileTheBrokenOnesFailWithTheirReason() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        List<FanoutTarget> targets = new ArrayList<>();
        for (SshTestServer server : new SshTestServer[] {hostA, hostB, hostC, mina}) {
            targets.addAll(targets(server, 8, "h" + server.host() + ":" + server.port() + "-"));
        }
        for (int i = 0; i < 3; i++) {
            targets.add(FanoutTarget.of("down-" + i, "127.0.0.5", downPort, credentials(hostA), hostKeys(hostA)));
            targets.add(FanoutTarget.of(
                    "wrongkey-" + i,
                    impostor.host(),
                    impostor.port(),
                    credentials(impostor),
                    HostKeyPolicy.knownHosts(wrongKnownHosts)));
        }
        // host C's key pair is not authorised on host A
        targets.add(FanoutTarget.of("badauth", hostA.host(), hostA.port(), credentials(hostC), hostKeys(hostA)));

        Map<String, TargetOutcome> byId = new HashMap<>();
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                FanoutRun run = executor.start(targets, "echo 'hello from nobody'", CommandOptions.defaults())) {
            int seen = 0;
            for (TargetResult r : run) {
                try (r) {
                    seen++;
                    byId.put(r.target().id(), r.outcome());
                    if (r.failure() == null) {
                        assertEquals(
                                "hello from " + r.target().id() + "\n",
                                r.output().stdoutText(),
                                r.toString());
                        assertEquals("", r.output().stderrText());
                    } else {
                        assertFalse(r.hasOutput());
                        assertThrows(IllegalStateException.class, r::output);
                    }
                }
            }
            assertEquals(targets.size(), seen);
            FanoutProgress p = run.progress();
            assertEquals(new FanoutProgress(targets.size(), 0, 0, 32, 7, 0), p, p.toString());
            assertTrue(run.completion().isDone());
            assertEquals(0, executor.stats().channelsInUse());
        }
        for (FanoutTarget t : targets) {
            TargetOutcome o = byId.get(t.id());
            assertNotNull(o, t.id());
            if (t.id().startsWith("down-")) {
                assertEquals(FailureKind.CONNECTION_REFUSED, o.failure(), o.toString());
            } else if (t.id().startsWith("wrongkey-")) {
                assertEquals(FailureKind.HOST_KEY_REJECTED, o.failure(), o.toString());
                assertTrue(o.reason().contains("127.0.0.4"), o.reason());
            } else if (t.id().equals("badauth")) {
                assertEquals(FailureKind.AUTH_FAILED, o.failure(), o.toString());
            } else {
                assertTrue(o.succeeded(), o.toString());
                assertEquals(0, o.status().exitStatus());
            }
        }
        assertNothingInUse(pool);
    }

    @Test
    void staysWithinMaxSessionsAndMaxStartupsOfAStrictServer() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        // MaxStartups 4 against 2 handshakes keeps the defaults' margin (8 against a stock sshd's 10): sshd
        // counts a login as unauthenticated until its listener reads the child's note, a moment after the client
        // saw success, so under load one or two finished logins are still counted. Six connections per host
        // would pass 4 at once without the handshake cap.
        try (OpenSshServer strict =
                        limitedServer("127.0.0.6", 3, "4").logLevel("VERBOSE").start();
                FanoutExecutor executor = FanoutExecutor.builder()
                        .pool(pool)
                        .sessionsPerConnection(3)
                        .maxHandshakesPerHost(2)
                        .maxConnectionsPerHost(6)
                        .build()) {
            List<FanoutTarget> targets = sameCommand(targets(strict, 40, "s"));
            try (FanoutRun run = executor.start(targets, "sleep 0.2; echo ok", CommandOptions.defaults())) {
                assertTrue(run.await(Duration.ofSeconds(30)), run.toString());
                for (TargetOutcome o : run.completion().join()) {
                    assertTrue(o.succeeded(), o.toString());
                    assertEquals(1, o.attempts(), o.toString());
                }
            }
            ConnectionStats stats = executor.stats();
            assertEquals(0, stats.channelOpenRefusals(), stats.toString());
            assertTrue(stats.peakChannelsPerConnection() <= 3, stats.toString());
            assertEquals(3, stats.peakChannelsPerConnection(), "connections are filled: " + stats);
            assertTrue(stats.peakHandshakesPerHost() <= 2, stats.toString());
            assertTrue(stats.peakConnectionsPerHost() <= 6, stats.toString());
            assertEquals("", grep(strict.log(), "no more sessions"), "sshd refused a session");
            assertEquals("", grep(strict.log(), "MaxStartups"), "sshd dropped a connection");
        }
        assertNothingInUse(pool);
    }

    @Test
    void aRefusedChannelIsRetriedOnAnotherConnection() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (OpenSshServer stingy = OpenSshServer.builder()
                        .bindAddress("127.0.0.7")
                        .maxSessions(2)
                        .start();
                // we assume 10 sessions per connection; the server allows 2
                FanoutExecutor executor = FanoutExecutor.builder()
                        .pool(pool)
                        .maxConnectionsPerHost(3)
                        .build()) {
            List<FanoutTarget> targets = targets(stingy, 12, "r");
            try (FanoutRun run = executor.start(targets, null, CommandOptions.defaults())) {
                assertTrue(run.await(Duration.ofSeconds(30)), run.toString());
                int retried = 0;
                for (TargetOutcome o : run.completion().join()) {
                    assertTrue(o.succeeded(), o.toString());
                    retried += o.attempts() > 1 ? 1 : 0;
                }
                assertTrue(retried > 0, "some channel opens must have been refused and retried");
            }
            ConnectionStats stats = executor.stats();
            assertTrue(stats.channelOpenRefusals() > 0, stats.toString());
            assertTrue(stats.peakConnectionsPerHost() <= 3, stats.toString());
            drainResults(executor);
        }
        assertNothingInUse(pool);
    }

    @Test
    void cancellingMidwayStopsRunningAndQueuedCommandsAndReleasesEverything() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        List<FanoutTarget> targets = new ArrayList<>();
        targets.addAll(sameCommand(targets(hostA, 15, "a")));
        targets.addAll(sameCommand(targets(hostB, 15, "b")));
        try (FanoutExecutor executor =
                FanoutExecutor.builder().pool(pool).maxInFlight(20).build()) {
            FanoutRun run = executor.start(targets, "echo started; sleep 30; echo never", CommandOptions.defaults());
            awaitRunning(run, 20);
            long cancelledAt = System.nanoTime();
            run.cancel();
            assertTrue(run.await(Duration.ofSeconds(10)), run.toString());
            assertTrue(System.nanoTime() - cancelledAt < TimeUnit.SECONDS.toNanos(10));
            int started = 0;
            for (TargetOutcome o : run.completion().join()) {
                assertEquals(FailureKind.CANCELLED, o.failure(), o.toString());
                started += o.attempts() > 0 ? 1 : 0;
            }
            assertEquals(20, started, "the 20 in flight were running, the other 10 never started");
            assertEquals(new FanoutProgress(30, 0, 0, 0, 30, 0), run.progress());
            run.close(); // closes the 30 untaken results
            assertEquals(0, executor.stats().channelsInUse());
        }
        assertNothingInUse(pool);
    }

    @Test
    void aCommandTimeoutFailsOnlyItsTarget() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        List<FanoutTarget> targets = new ArrayList<>(targets(hostB, 3, "ok"));
        targets.add(FanoutTarget.of("slow", hostB.host(), hostB.port(), credentials(hostB), hostKeys(hostB))
                .withCommand("echo partial; sleep 30"));
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                FanoutRun run =
                        executor.start(targets, null, CommandOptions.defaults().withTimeout(Duration.ofMillis(800)))) {
            List<TargetOutcome> outcomes = run.completion().get(20, TimeUnit.SECONDS);
            for (int i = 0; i < 3; i++) {
                assertTrue(outcomes.get(i).succeeded(), outcomes.get(i).toString());
            }
            TargetOutcome slow = outcomes.get(3);
            assertEquals(FailureKind.TIMEOUT, slow.failure(), slow.toString());
            assertTrue(slow.reason().contains("800 ms"), slow.reason());
        }
        assertNothingInUse(pool);
    }

    @Test
    void connectionsAreReusedAcrossRunsAndClosedWhenIdle() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (FanoutExecutor executor = FanoutExecutor.builder()
                .pool(pool)
                .idleTimeout(Duration.ofMillis(1500))
                .build()) {
            List<FanoutTarget> targets = targets(hostC, 20, "c");
            runAndCloseAll(executor, targets);
            // the commands may all have run on the first connection while the second one's handshake goes on
            long settle = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (executor.stats().openConnections() != executor.stats().connectionsOpened()
                    && System.nanoTime() < settle) {
                Thread.sleep(10);
            }
            long opened = executor.stats().connectionsOpened();
            assertTrue(opened >= 2 && opened <= 4, "20 commands at 10 per connection: " + executor.stats());
            runAndCloseAll(executor, targets);
            assertEquals(opened, executor.stats().connectionsOpened(), "second run reuses the connections");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (executor.stats().openConnections() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(0, executor.stats().openConnections(), "idle connections are closed");
            runAndCloseAll(executor, targets.subList(0, 1)); // a closed pool reconnects on demand
            assertEquals(opened + 1, executor.stats().connectionsOpened());
        }
        assertNothingInUse(pool);
    }

    @Test
    void aListenerOwnsEachResultAndFuturesCarryTheOutcomes() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        List<FanoutTarget> targets = new ArrayList<>(targets(hostA, 5, "l"));
        targets.add(FanoutTarget.of("big", hostA.host(), hostA.port(), credentials(hostA), hostKeys(hostA))
                .withCommand("head -c 3000000 /dev/zero; echo err >&2; exit 3"));
        Map<String, Long> stdoutLengths = new ConcurrentHashMap<>();
        Set<Thread> listenerThreads = ConcurrentHashMap.newKeySet();
        AtomicInteger calls = new AtomicInteger();
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                FanoutRun run = executor.start(targets, null, CommandOptions.defaults(), r -> {
                    try (r) {
                        calls.incrementAndGet();
                        listenerThreads.add(Thread.currentThread());
                        stdoutLengths.put(r.target().id(), r.output().stdout().length());
                        if (r.target().id().equals("big")) {
                            assertEquals("err\n", r.output().stderrText());
                        }
                    }
                })) {
            assertThrows(IllegalStateException.class, run::iterator, "results go to the listener");
            List<TargetOutcome> outcomes = run.completion().get(30, TimeUnit.SECONDS);
            for (int i = 0; i < targets.size(); i++) {
                assertEquals(outcomes.get(i), run.outcome(i).join());
                assertEquals(i, outcomes.get(i).index());
            }
            TargetOutcome big = outcomes.get(5);
            assertNull(big.failure());
            assertEquals(3, big.status().exitStatus());
            assertFalse(big.succeeded());
            assertEquals(3_000_000L, big.status().stdoutBytes());
            assertEquals(new FanoutProgress(6, 0, 0, 6, 0, 1), run.progress());
        }
        assertEquals(6, calls.get());
        assertEquals(3_000_000L, stdoutLengths.get("big"));
        assertEquals(("hello from l0\n").length(), stdoutLengths.get("l0"));
        assertEquals(1, listenerThreads.size(), "one dispatch thread delivers");
        assertTrue(listenerThreads.iterator().next().getName().startsWith("fanout-dispatch"));
        assertNothingInUse(pool);
    }

    @Test
    void hundredsOfCommandsInFlightCostNoThreadEach() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (OpenSshServer roomy = limitedServer("127.0.0.8", 100, "50:30:100").start();
                FanoutExecutor executor = FanoutExecutor.builder()
                        .pool(pool)
                        .maxInFlight(300)
                        .sessionsPerConnection(100)
                        .maxConnectionsPerHost(3)
                        .build()) {
            List<FanoutTarget> targets = sameCommand(targets(roomy, 300, "t"));
            int peakFanoutThreads = 0;
            int peakReaders = 0;
            try (FanoutRun run = executor.start(targets, "sleep 1; echo done", CommandOptions.defaults())) {
                while (!run.isDone()) {
                    int fanout = 0;
                    int readers = 0;
                    for (Thread t : Thread.getAllStackTraces().keySet()) {
                        fanout += t.getName().startsWith("fanout-") ? 1 : 0;
                        readers += t.getName().startsWith("sshj-Reader") ? 1 : 0;
                    }
                    peakFanoutThreads = Math.max(peakFanoutThreads, fanout);
                    peakReaders = Math.max(peakReaders, readers);
                    assertTrue(run.await(Duration.ofMillis(50)) || !run.isDone());
                }
                assertEquals(
                        300,
                        run.completion().join().stream()
                                .filter(TargetOutcome::succeeded)
                                .count());
            }
            // dispatch + 2 launchers + 4 connectors, whatever the number of commands in flight
            assertTrue(peakFanoutThreads <= 1 + 2 + 4, "fanout threads: " + peakFanoutThreads);
            assertTrue(
                    executor.stats().peakChannelsPerConnection() > 50,
                    executor.stats().toString());
            assertTrue(
                    executor.stats().connectionsOpened() <= 3, executor.stats().toString());
            assertTrue(peakReaders >= 1, "sshj reader threads are named as expected: " + peakReaders);
        }
        assertNothingInUse(pool);
    }

    @Test
    void aHostThatNeverAnswersFailsAsUnreachableWithinTheConnectTimeout() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        // A listener that never accepts, its backlog filled: Linux then drops further SYNs, as for a host that is
        // gone from the network (this sandbox answers unrouted addresses with a reset, so those look refused).
        try (ServerSocket blackHole = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.9"))) {
            List<java.net.Socket> fillers = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    java.net.Socket s = new java.net.Socket();
                    fillers.add(s);
                    try {
                        s.connect(blackHole.getLocalSocketAddress(), 200);
                    } catch (java.io.IOException full) {
                        break; // the backlog is full
                    }
                }
                List<FanoutTarget> targets = List.of(
                        FanoutTarget.of(
                                "void", "127.0.0.9", blackHole.getLocalPort(), credentials(hostA), hostKeys(hostA)),
                        FanoutTarget.of("alive", hostA.host(), hostA.port(), credentials(hostA), hostKeys(hostA)));
                try (FanoutExecutor executor = FanoutExecutor.builder()
                                .pool(pool)
                                .connectTimeout(Duration.ofMillis(700))
                                .build();
                        FanoutRun run = executor.start(targets, "echo up", CommandOptions.defaults())) {
                    List<TargetOutcome> outcomes = run.completion().get(20, TimeUnit.SECONDS);
                    assertEquals(
                            FailureKind.UNREACHABLE,
                            outcomes.get(0).failure(),
                            outcomes.get(0).toString());
                    assertTrue(outcomes.get(1).succeeded(), outcomes.get(1).toString());
                }
            } finally {
                for (java.net.Socket s : fillers) {
                    s.close();
                }
            }
        }
        assertNothingInUse(pool);
    }

    @Test
    void stdinFromAPooledBufferGoesToEveryTarget() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                var stdin = pool.newStream("stdin")) {
            stdin.write("line one\nline two\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            try (FanoutRun run = executor.start(
                    sameCommand(targets(hostA, 4, "in")),
                    "wc -l",
                    CommandOptions.defaults().withStdin(stdin))) {
                for (TargetResult r : run) {
                    try (r) {
                        assertTrue(r.succeeded(), r.toString());
                        assertEquals("2", r.output().stdoutText().trim());
                    }
                }
            }
        }
        assertNothingInUse(pool);
    }

    @Test
    void pipelinedStartTakesOverTheChannelsRoutingInSshj() throws Exception {
        // PipelinedStart relies on sshj routing a channel's messages by id through Connection.attach (last wins)
        BufferPool pool = BufferPool.builder().build();
        try (var runner = hostA.connect(pool)) {
            var conn = runner.client().getConnection();
            var sink = new dev.recyclable.buffers.ssh.internal.CapturingSink(
                    pool, "exit 7", 1024, dev.recyclable.buffers.ssh.OutputLimitPolicy.FAIL);
            var capture = new dev.recyclable.buffers.ssh.internal.channel.CaptureChannel(conn, sink, 65536, 32768);
            assertEquals(capture, conn.get(capture.getID()));
            AtomicInteger accepted = new AtomicInteger();
            PipelinedStart start = new PipelinedStart(conn, capture, sink, true, accepted::incrementAndGet);
            assertEquals(start, conn.get(capture.getID()));
            start.start();
            var status = sink.completion().get(10, TimeUnit.SECONDS);
            assertEquals(7, status.exitStatus());
            assertEquals(1, accepted.get());
            assertTrue(start.execSent());
            assertNull(conn.get(capture.getID()), "forgotten once closed");
            sink.stdout().close();
            sink.stderr().close();
        }
        assertNothingInUse(pool);
    }

    @Test
    void aServerDyingMidCommandFailsItsTargetsAsConnectionLost() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (OpenSshServer doomed =
                        OpenSshServer.builder().bindAddress("127.0.0.10").start();
                FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build()) {
            List<FanoutTarget> targets = new ArrayList<>(sameCommand(targets(doomed, 5, "d")));
            targets.addAll(sameCommand(targets(hostB, 5, "b")));
            try (FanoutRun run =
                    executor.start(targets, "echo before; sleep 3; echo after", CommandOptions.defaults())) {
                awaitRunning(run, 10);
                doomed.killHard();
                List<TargetOutcome> outcomes = run.completion().get(30, TimeUnit.SECONDS);
                for (int i = 0; i < 5; i++) {
                    assertEquals(
                            FailureKind.CONNECTION_LOST,
                            outcomes.get(i).failure(),
                            outcomes.get(i).toString());
                }
                for (int i = 5; i < 10; i++) {
                    assertTrue(outcomes.get(i).succeeded(), outcomes.get(i).toString());
                }
            }
            assertEquals(0, executor.stats().channelsInUse());
        }
        assertNothingInUse(pool);
    }

    @Test
    void closingTheExecutorCancelsEverythingAndReleasesEveryChunk() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        FanoutRun run;
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build()) {
            run = executor.start(
                    sameCommand(targets(hostC, 12, "x")),
                    "head -c 100000 /dev/zero; sleep 30",
                    CommandOptions.defaults());
            awaitRunning(run, 12);
        }
        List<TargetOutcome> outcomes = run.completion().get(15, TimeUnit.SECONDS);
        for (TargetOutcome o : outcomes) {
            assertEquals(FailureKind.CANCELLED, o.failure(), o.toString());
        }
        run.close();
        assertNothingInUse(pool);
    }

    @Test
    void aFrozenHostFailsItsTargetsAsConnectionLostWithinTheKeepAliveBound() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (OpenSshServer frozen =
                        OpenSshServer.builder().bindAddress("127.0.0.11").start();
                FanoutExecutor executor = FanoutExecutor.builder()
                        .pool(pool)
                        .keepAlive(Duration.ofMillis(200), 3)
                        .build()) {
            List<FanoutTarget> targets = new ArrayList<>(sameCommand(targets(frozen, 5, "f")));
            targets.addAll(sameCommand(targets(hostB, 5, "b")));
            // no command timeout: only keepalives can end the frozen host's targets; output first, so chunks are held
            try (FanoutRun run =
                    executor.start(targets, "echo before; sleep 4; echo after", CommandOptions.defaults())) {
                awaitRunning(run, 10);
                frozen.freeze();
                long frozenAt = System.nanoTime();
                try {
                    for (int i = 0; i < 5; i++) {
                        TargetOutcome o = run.outcome(i).get(15, TimeUnit.SECONDS);
                        assertEquals(FailureKind.CONNECTION_LOST, o.failure(), o.toString());
                        assertTrue(o.reason().contains("keepalive"), o.reason());
                    }
                    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozenAt);
                    // 3 unanswered probes at 200 ms: about 0.8 s; generous for a loaded 2-core machine, and well
                    // under the 4 s the commands would take if they were not failed by the keepalive
                    assertTrue(tookMs < 3_500, "detected after " + tookMs + " ms");
                } finally {
                    frozen.thaw();
                }
                List<TargetOutcome> outcomes = run.completion().get(30, TimeUnit.SECONDS);
                for (int i = 5; i < 10; i++) {
                    // 20 rounds of answered keepalives did not harm the healthy host's connection
                    assertTrue(outcomes.get(i).succeeded(), outcomes.get(i).toString());
                }
                for (TargetResult r : run) {
                    r.close();
                }
            }
            assertEquals(0, executor.stats().channelsInUse(), executor.stats().toString());
            frozen.killConnections(); // OpenSSH leaves commands without a terminal running when a client vanishes
            frozen.awaitNoSessionProcesses(Duration.ofSeconds(5));
        }
        assertNothingInUse(pool);
    }

    @Test
    void keepAliveIsTheRunnersSettingWithTheRunnersDefault() {
        KeepAlive runnersDefault =
                ConnectionSpec.of(SshRunner.builder("example.org")).keepAlive();
        assertEquals(runnersDefault, FanoutExecutor.builder().settings().keepAlive());
        assertTrue(runnersDefault.worstCaseDetection().compareTo(Duration.ofMinutes(1)) < 0);
        assertEquals(
                new KeepAlive(Duration.ofSeconds(2), 5),
                FanoutExecutor.builder()
                        .keepAlive(Duration.ofSeconds(2), 5)
                        .settings()
                        .keepAlive());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> FanoutExecutor.builder().keepAlive(Duration.ofSeconds(1), 0));
        assertTrue(e.getMessage().contains("maxUnanswered >= 1"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> FanoutExecutor.builder().keepAlive(Duration.ofSeconds(-1), 3));
        assertNull(FanoutExecutor.builder()
                .keepAlive(Duration.ZERO, 3)
                .settings()
                .keepAlive()
                .watch(null, "off"));
    }

    @Test
    void aResultListenerThatThrowsIsReportedWithoutAnyLoggingLibrary() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        IllegalStateException bug = new IllegalStateException("listener bug");
        List<java.util.logging.LogRecord> records;
        try (CapturedLog log = CapturedLog.of(FanoutExecutor.class);
                FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                FanoutRun run = executor.start(targets(hostA, 3, "w"), null, CommandOptions.defaults(), r -> {
                    if (r.target().id().equals("w1")) {
                        throw bug; // without closing r: the run must close it
                    }
                    r.close();
                })) {
            // the run is done after the listener's last call, and fails with what it threw
            ExecutionException failed = assertThrows(
                    ExecutionException.class, () -> run.completion().get(30, TimeUnit.SECONDS));
            assertSame(bug, failed.getCause());
            records = log.records();
        }
        assertEquals(1, records.size(), records.toString());
        java.util.logging.LogRecord warning = records.get(0);
        assertEquals(java.util.logging.Level.WARNING, warning.getLevel());
        assertTrue(
                warning.getMessage().contains("listener threw")
                        && warning.getMessage().contains("w1"),
                warning.getMessage());
        assertSame(bug, warning.getThrown());
        assertNothingInUse(pool); // the result the listener dropped was closed for it
    }

    /**
     * A target iterator that throws, an exception or an Error: the targets read before run, no more are read, the
     * run fails with it where the caller waits (an Error as itself), and a warning shows without any logging library.
     */
    @Test
    void aTargetIteratorThatThrowsIsReportedWithoutAnyLoggingLibrary() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        for (Throwable bug : List.of(new IllegalStateException("iterator bug"), new StackOverflowError("iterator"))) {
            Iterator<FanoutTarget> first = targets(hostA, 1, "i").iterator();
            Iterator<FanoutTarget> failing = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return true;
                }

                @Override
                public FanoutTarget next() {
                    if (first.hasNext()) {
                        return first.next();
                    }
                    if (bug instanceof Error error) {
                        throw error;
                    }
                    throw (RuntimeException) bug;
                }
            };
            try (CapturedLog log = CapturedLog.of(FanoutExecutor.class);
                    FanoutExecutor executor =
                            FanoutExecutor.builder().pool(pool).build();
                    FanoutRun run = executor.start(failing, null, CommandOptions.defaults())) {
                int results = 0;
                for (TargetResult r : run) {
                    try (r) {
                        assertTrue(r.succeeded(), r.toString());
                        results++;
                    }
                }
                assertEquals(1, results);
                ExecutionException e = assertThrows(
                        ExecutionException.class, () -> run.finished().get(10, TimeUnit.SECONDS));
                assertSame(bug, e.getCause());
                Throwable waited = assertThrows(Throwable.class, () -> run.await(Duration.ofSeconds(10)));
                if (bug instanceof Error) {
                    assertSame(bug, waited);
                } else {
                    assertSame(
                            bug,
                            assertInstanceOf(IllegalStateException.class, waited)
                                    .getCause());
                }
                List<java.util.logging.LogRecord> records = log.records();
                assertEquals(1, records.size(), records.toString());
                assertEquals(java.util.logging.Level.WARNING, records.get(0).getLevel());
                assertTrue(
                        records.get(0).getMessage().contains("iterator failed"),
                        records.get(0).getMessage());
                assertSame(bug, records.get(0).getThrown());
            }
        }
        assertNothingInUse(pool);
    }

    // ------------------------------------------------------------------ helpers

    /** A server of its own on {@code address} with sshd's {@code MaxSessions} and {@code MaxStartups} set. */
    private static OpenSshServer.Builder limitedServer(String address, int maxSessions, String maxStartups) {
        return OpenSshServer.builder()
                .bindAddress(address)
                .maxSessions(maxSessions)
                .maxStartups(maxStartups);
    }

    private static List<FanoutTarget> targets(SshTestServer server, int n, String prefix) {
        List<FanoutTarget> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String id = prefix + i;
            list.add(FanoutTarget.of(id, server.host(), server.port(), credentials(server), hostKeys(server))
                    .withCommand("echo 'hello from " + id + "'"));
        }
        return list;
    }

    /** The targets without their own command: they run the run's command. */
    private static List<FanoutTarget> sameCommand(List<FanoutTarget> targets) {
        List<FanoutTarget> list = new ArrayList<>();
        for (FanoutTarget t : targets) {
            list.add(FanoutTarget.of(t.id(), t.host(), t.port(), t.credentials(), t.hostKeys()));
        }
        return list;
    }

    private static synchronized SshCredentials credentials(SshTestServer server) {
        return CREDENTIALS.computeIfAbsent(server, SshTestServer::credentials);
    }

    private static synchronized HostKeyPolicy hostKeys(SshTestServer server) {
        return HOST_KEYS.computeIfAbsent(server, SshTestServer::hostKeys);
    }

    private static void runAndCloseAll(FanoutExecutor executor, List<FanoutTarget> targets) {
        try (FanoutRun run = executor.start(targets, null, CommandOptions.defaults())) {
            for (TargetResult r : run) {
                try (r) {
                    assertTrue(r.succeeded(), r.toString());
                }
            }
        }
    }

    private static String grep(String log, String needle) {
        StringBuilder hits = new StringBuilder();
        for (String line : log.split("\n")) {
            if (line.contains(needle)) {
                hits.append(line).append('\n');
            }
        }
        return hits.toString();
    }

    /** Waits (up to 20 s) until {@code n} of the run's commands are running, and asserts they are. */
    private static void awaitRunning(FanoutRun run, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (run.progress().running() < n && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(n, run.progress().running(), run.progress().toString());
    }

    private static void drainResults(FanoutExecutor executor) {
        assertEquals(0, executor.stats().channelsInUse(), executor.stats().toString());
    }
}
