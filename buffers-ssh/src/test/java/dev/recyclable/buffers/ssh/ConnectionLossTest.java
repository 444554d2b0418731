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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.fanout.FailureKind;
import dev.recyclable.buffers.ssh.fanout.FanoutExecutor;
import dev.recyclable.buffers.ssh.fanout.FanoutRun;
import dev.recyclable.buffers.ssh.fanout.FanoutTarget;
import dev.recyclable.buffers.ssh.fanout.TargetResult;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.runner.RunningCommand;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A connection that dies is never mistaken for success: killed servers, frozen servers and servers killed during
 * login, against a private OpenSSH sshd. Every test ends with the pool empty and no remote process left.
 */
class ConnectionLossTest {

    private BufferPool pool;
    private OpenSshServer sshd;

    @BeforeEach
    void start() throws Exception {
        pool = BufferPool.builder().zeroOnRelease(true).build();
    }

    @AfterEach
    void stop() throws Exception {
        if (sshd != null) {
            sshd.close();
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    private SshRunner.Builder builder() {
        return SshRunner.builder(sshd.host())
                .port(sshd.port())
                .credentials(sshd.credentials())
                .hostKeys(sshd.hostKeys())
                .pool(pool);
    }

    /**
     * 50 connections, each killed (its server processes, sshd first so that no exit status can slip out) while
     * output streams: 5 batches of 10 concurrent connections, one kill per batch once all 10 stream. The three
     * ways of running with output take turns, and every one must throw {@link ConnectionLostException}.
     */
    @Test
    void killingTheServerMidStreamNeverReturnsANormalStatus() throws Exception {
        sshd = OpenSshServer.builder().maxStartups("100").start();
        int batches = 5;
        int perBatch = 10;
        List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicInteger lost = new java.util.concurrent.atomic.AtomicInteger();
        for (int batch = 0; batch < batches; batch++) {
            java.util.concurrent.CountDownLatch streaming = new java.util.concurrent.CountDownLatch(perBatch);
            List<Future<?>> rounds = new ArrayList<>();
            for (int i = 0; i < perBatch; i++) {
                int round = batch * perBatch + i;
                rounds.add(runInBackground(() -> wrong.addAll(streamUntilKilled(round, streaming, lost))));
            }
            if (!streaming.await(30, TimeUnit.SECONDS)) {
                fail("not all connections of batch " + batch + " got output streaming; wrong: " + wrong);
            }
            sshd.killConnections();
            for (Future<?> f : rounds) {
                f.get(30, TimeUnit.SECONDS);
            }
        }
        assertEquals(List.of(), wrong, "a lost connection returned normally or failed in another way");
        assertEquals(batches * perBatch, lost.get());
        sshd.awaitNoSessionProcesses(Duration.ofSeconds(5));
    }

    /** One connection, one command flooding output until the server is killed; returns what went wrong, if anything. */
    private List<String> streamUntilKilled(
            int round, java.util.concurrent.CountDownLatch streaming, java.util.concurrent.atomic.AtomicInteger lost)
            throws Exception {
        AtomicLong delivered = new AtomicLong();
        AtomicBoolean counted = new AtomicBoolean();
        Runnable progress = () -> {
            if (delivered.get() > 64 * 1024 && counted.compareAndSet(false, true)) {
                streaming.countDown();
            }
        };
        CommandOptions options = CommandOptions.defaults()
                .withTimeout(Duration.ofSeconds(30))
                .withOutputLimit(64L << 20, OutputLimitPolicy.TRUNCATE);
        try (SshRunner ssh = builder().connect()) {
            Object outcome;
            try {
                outcome = switch (round % 3) {
                    case 0 ->
                        ssh.stream("yes", options, event -> {
                            delivered.addAndGet(event.size());
                            progress.run();
                        });
                    case 1 ->
                        ssh.stream("yes", options, event -> {
                            try (RecyclableOutputStream kept = event.retain()) { // the retaining listener's path
                                delivered.addAndGet(kept.size());
                            }
                            progress.run();
                        });
                    default -> {
                        // captured: nothing to watch while it runs, so count it as streaming once started
                        RunningCommand started = ssh.launch("true", CommandOptions.defaults());
                        started.await(Duration.ofSeconds(10));
                        delivered.set(Long.MAX_VALUE);
                        Thread marker = new Thread(() -> {
                            try {
                                Thread.sleep(50);
                            } catch (InterruptedException e) {
                                return;
                            }
                            progress.run();
                        });
                        marker.start();
                        try (CommandResult r = ssh.run("yes", options)) {
                            yield r.status();
                        }
                    }
                };
            } catch (ConnectionLostException expected) {
                lost.incrementAndGet();
                if (!expected.getMessage().contains(sshd.host() + ":" + sshd.port())) {
                    return List.of("round " + round + ": message without host:port: " + expected.getMessage());
                }
                return List.of();
            } catch (Exception other) {
                streaming.countDown(); // let the batch go on; the failure is reported below
                return List.of("round " + round + ": " + other);
            }
            return List.of("round " + round + " (mode " + round % 3 + ") returned normally: " + outcome);
        }
    }

    @Test
    void aFrozenServerFailsEveryCommandWithinTheKeepAliveBound() throws Exception {
        sshd = OpenSshServer.builder().start();
        try (SshRunner ssh = builder().keepAlive(Duration.ofMillis(200), 3).connect()) {
            try (CommandResult warm = ssh.run("echo up", CommandOptions.defaults())) {
                assertEquals("up\n", warm.stdoutText()); // answered keepalives must not kill a healthy connection
            }
            Thread.sleep(1_000);
            assertTrue(ssh.isConnected(), "a healthy connection survived 5 keepalive rounds");

            RunningCommand launched = ssh.launch("sleep 60", CommandOptions.defaults());
            Future<?> captured = runInBackground(
                    () -> ssh.run("sleep 60", CommandOptions.defaults()).close());
            AtomicLong streamed = new AtomicLong();
            Future<?> streaming = runInBackground(() -> ssh.stream(
                    "while true; do echo tick; sleep 0.05; done",
                    CommandOptions.defaults(),
                    e -> streamed.addAndGet(e.size())));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (streamed.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(streamed.get() > 0, "the streaming command got going");

            sshd.freeze();
            long frozenAt = System.nanoTime();
            try {
                assertLost(captured);
                assertLost(streaming);
                ExecutionException e = assertThrows(
                        ExecutionException.class, () -> launched.completion().get(10, TimeUnit.SECONDS));
                assertInstanceOf(ConnectionLostException.class, e.getCause());
                long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozenAt);
                // 3 unanswered probes at 200 ms: about 0.8 s; generous for a loaded 2-core machine
                assertTrue(tookMs < 5_000, "detected after " + tookMs + " ms");
                SshCommandException next =
                        assertThrows(SshCommandException.class, () -> ssh.run("true", CommandOptions.defaults()));
                assertInstanceOf(ConnectionLostException.class, next, next.getMessage());
            } finally {
                sshd.thaw();
            }
        }
        sshd.killConnections(); // OpenSSH leaves commands without a terminal running when a client vanishes
        sshd.awaitNoSessionProcesses(Duration.ofSeconds(5));
    }

    @Test
    void theDefaultKeepAliveDetectsADeadPeerWithinAMinute() {
        SshRunner.Builder defaults = SshRunner.builder("example.org");
        Duration worst = defaults.keepAliveInterval().multipliedBy(defaults.keepAliveMaxUnanswered() + 1L);
        assertTrue(worst.compareTo(Duration.ofMinutes(1)) < 0, worst.toString());
    }

    /** A server killed while it checks the key (AuthorizedKeysCommand sleeps) lost the connection; no auth failure. */
    @Test
    void aServerKilledDuringLoginIsALostConnectionNotAnAuthFailure() throws Exception {
        // A key the server does not know: after its authorized_keys file, sshd asks the AuthorizedKeysCommand,
        // which sleeps, so the login is in progress long enough to kill the server under it. Without the kill
        // this login fails as AUTH_FAILED; with it, the connection is lost.
        sshd = OpenSshServer.builder()
                .extraConfig("AuthorizedKeysCommand /bin/sleep 5")
                .extraConfig("AuthorizedKeysCommandUser " + OpenSshServer.testUser())
                .start();
        java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        SshCredentials unknownKey = SshCredentials.keyPair(sshd.user(), generator.generateKeyPair());
        Thread killer = killConnectionsWhenLoginStarts();
        SshConnectException e = assertThrows(
                SshConnectException.class,
                () -> builder().credentials(unknownKey).connect());
        killer.join();
        assertEquals(SshConnectException.Reason.CONNECTION_LOST, e.reason(), e.getMessage());
        assertTrue(e.getMessage().contains(sshd.host() + ":" + sshd.port()), e.getMessage());
        // the killed login's key-check command must be gone first: the next killer would take it for the next login's
        sshd.awaitNoSessionProcesses(Duration.ofSeconds(5));

        killer = killConnectionsWhenLoginStarts();
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                FanoutRun run = executor.start(
                        List.of(FanoutTarget.of("t", sshd.host(), sshd.port(), unknownKey, sshd.hostKeys())),
                        "echo never",
                        CommandOptions.defaults())) {
            int seen = 0;
            for (TargetResult r : run) {
                try (r) {
                    seen++;
                    assertEquals(
                            FailureKind.CONNECTION_LOST,
                            r.outcome().failure(),
                            r.outcome().toString());
                }
            }
            assertEquals(1, seen);
        }
        killer.join();
        sshd.awaitNoSessionProcesses(Duration.ofSeconds(5));
    }

    /** Kills the session processes as soon as the key-check command runs (the client is then mid-login). */
    private Thread killConnectionsWhenLoginStarts() {
        Thread t = new Thread(() -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                if (sshd.sessionProcesses().stream().anyMatch(p -> p.contains("sleep"))) {
                    sshd.killConnections();
                    return;
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        t.start();
        return t;
    }

    private interface Action {
        void run() throws Exception;
    }

    private static Future<?> runInBackground(Action action) {
        java.util.concurrent.CompletableFuture<Void> f = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                action.run();
                f.complete(null);
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        t.setDaemon(true);
        t.start();
        return f;
    }

    private static void assertLost(Future<?> f) throws Exception {
        try {
            f.get(10, TimeUnit.SECONDS);
            fail("a command on a frozen server returned normally");
        } catch (ExecutionException e) {
            assertInstanceOf(ConnectionLostException.class, e.getCause(), String.valueOf(e.getCause()));
        }
    }
}
