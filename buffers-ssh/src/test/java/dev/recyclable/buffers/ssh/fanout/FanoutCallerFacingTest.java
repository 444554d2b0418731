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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import dev.recyclable.buffers.ssh.fixtures.ThrowingHostKeyPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the caller of a fan-out sees, against OpenSSH and MINA on loopback: the real exit status of every target
 * when stdin is fanned out, a run that is done only after its listener's last call, and a result listener
 * failing with anything, an Error included (a target iterator that throws: {@code FanoutExecutorTest}).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class FanoutCallerFacingTest {

    private static OpenSshServer openssh;
    private static EmbeddedSshServer mina;
    private static SshCredentials opensshLogin;
    private static HostKeyPolicy opensshKeys;
    private static SshCredentials minaLogin;
    private static HostKeyPolicy minaKeys;

    @BeforeAll
    static void startServers() throws Exception {
        openssh = OpenSshServer.builder().maxSessions(10).start();
        mina = EmbeddedSshServer.start();
        opensshLogin = openssh.credentials();
        opensshKeys = openssh.hostKeys();
        minaLogin = mina.credentials();
        minaKeys = mina.hostKeys();
    }

    @AfterAll
    static void stopServers() throws Exception {
        for (SshTestServer s : new SshTestServer[] {openssh, mina}) {
            if (s != null) {
                s.close();
            }
        }
    }

    /**
     * The same stdin to 500 targets whose commands ignore it, read part of it or read all of it, and exit with
     * their own status: every target reports exactly that status (a command that ended before its stdin was
     * sent is not a refused command).
     */
    @Test
    void everyTargetWithStdinReportsItsRealExitStatus() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        int stdinSize = 256 * 1024;
        List<FanoutTarget> targets = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            boolean onMina = i % 5 == 4;
            String command = switch (i % 3) {
                case 0 -> "exit " + i % 7;
                case 1 -> "head -c 1000 > /dev/null; exit " + i % 7;
                default -> "wc -c; exit " + i % 7;
            };
            targets.add(new FanoutTarget(
                    "t" + i,
                    onMina ? mina.host() : openssh.host(),
                    onMina ? mina.port() : openssh.port(),
                    onMina ? minaLogin : opensshLogin,
                    onMina ? minaKeys : opensshKeys,
                    command));
        }
        List<String> wrong = Collections.synchronizedList(new ArrayList<>());
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                RecyclableOutputStream stdin = pool.newStream("stdin")) {
            stdin.write(new byte[stdinSize]);
            try (FanoutRun run = executor.start(
                    targets, null, CommandOptions.defaults().withStdin(stdin).withTimeout(Duration.ofSeconds(60)))) {
                int seen = 0;
                for (TargetResult r : run) {
                    try (r) {
                        seen++;
                        int i = Integer.parseInt(r.target().id().substring(1));
                        TargetOutcome o = r.outcome();
                        if (o.failure() != null
                                || o.status().exitStatus() == null
                                || o.status().exitStatus() != i % 7) {
                            wrong.add(o.toString());
                        } else if (i % 3 == 2
                                && (!r.output().stdoutText().trim().equals(Integer.toString(stdinSize))
                                        || o.status().stdinTruncated()
                                        || o.status().stdinBytes() != stdinSize)) {
                            wrong.add("read all of stdin: " + o + " said "
                                    + r.output().stdoutText().trim());
                        }
                    }
                }
                assertEquals(500, seen);
            }
        }
        assertEquals(List.of(), wrong, wrong.size() + " wrong outcomes of 500");
        assertNothingInUse(pool);
    }

    /**
     * {@code await}, {@code finished()} and {@code isDone()} mean that every result was handed to the listener
     * and its call returned: what a slow listener collected is all there the moment the wait returns.
     */
    @Test
    void aRunIsDoneOnlyAfterItsListenersLastCall() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        int n = 48;
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build()) {
            for (int round = 0; round < 3; round++) {
                List<String> collected = Collections.synchronizedList(new ArrayList<>());
                FanoutRun run = executor.start(targets(n, "echo hi"), null, CommandOptions.defaults(), r -> {
                    try (r) {
                        Thread.sleep(15);
                        collected.add(r.target().id());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                switch (round) {
                    case 0 -> assertTrue(run.await(Duration.ofSeconds(60)));
                    case 1 -> run.finished().get(60, TimeUnit.SECONDS);
                    default -> {
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                        while (!run.isDone() && System.nanoTime() < deadline) {
                            Thread.onSpinWait();
                        }
                    }
                }
                assertEquals(
                        n, collected.size(), "round " + round + ": results the listener had when the run was done");
                run.close();
            }
        }
        assertNothingInUse(pool);
    }

    /**
     * A result listener that throws an Error: its result is closed, the other targets are still delivered, the
     * run fails with the Error where the caller waits, and the executor keeps working.
     */
    @Test
    void aResultListenerThatThrowsAnErrorFailsTheRunWhereTheCallerWaits() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        AssertionError bug = new AssertionError("listener assertion");
        List<String> delivered = Collections.synchronizedList(new ArrayList<>());
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build()) {
            FanoutRun run = executor.start(targets(6, "echo hi"), null, CommandOptions.defaults(), r -> {
                if (r.target().id().equals("t2")) {
                    throw bug; // without closing r: the run closes it
                }
                try (r) {
                    delivered.add(r.target().id());
                }
            });
            AssertionError thrown = assertThrows(AssertionError.class, () -> run.await(Duration.ofSeconds(60)));
            assertSame(bug, thrown);
            ExecutionException finished =
                    assertThrows(ExecutionException.class, () -> run.finished().get(10, TimeUnit.SECONDS));
            assertSame(bug, finished.getCause());
            assertEquals(5, delivered.size(), delivered.toString());
            assertNothingInUse(pool);
            assertExecutorStillWorks(executor);
        }
        assertNothingInUse(pool);
    }

    /**
     * The host-key check throwing an Error during a target's handshake (on sshj's reader thread, then on a connector
     * thread): that host's targets fail at once, the others run, and the executor keeps working.
     */
    @Test
    void aHostKeyCheckThatThrowsAnErrorFailsOnlyItsHostsTargets() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        HostKeyPolicy throwing = ThrowingHostKeyPolicy.throwing(new StackOverflowError("in the check"));
        List<FanoutTarget> list = new ArrayList<>(targets(3, "echo fine"));
        for (int i = 0; i < 3; i++) {
            list.add(new FanoutTarget("bad" + i, mina.host(), mina.port(), minaLogin, throwing, "echo never"));
        }
        try (FanoutExecutor executor = FanoutExecutor.builder().pool(pool).build();
                FanoutRun run = executor.start(list, null, CommandOptions.defaults())) {
            assertTrue(run.await(Duration.ofSeconds(20)), run.toString());
            for (TargetOutcome o : run.completion().join()) {
                if (o.target().id().startsWith("bad")) {
                    assertEquals(FailureKind.HANDSHAKE_FAILED, o.failure(), o.toString());
                    assertTrue(o.reason().contains("StackOverflowError"), o.reason());
                } else {
                    assertTrue(o.succeeded(), o.toString());
                }
            }
            assertExecutorStillWorks(executor);
        }
        assertNothingInUse(pool);
    }

    private static void assertExecutorStillWorks(FanoutExecutor executor) throws Exception {
        try (FanoutRun run = executor.start(targets(3, "echo again"), null, CommandOptions.defaults())) {
            int ok = 0;
            for (TargetResult r : run) {
                try (r) {
                    assertNull(r.failure(), r.toString());
                    assertEquals("again\n", r.output().stdoutText());
                    ok++;
                }
            }
            assertEquals(3, ok);
            assertTrue(run.isDone());
            assertFalse(run.isCancelled());
        }
    }

    private static List<FanoutTarget> targets(int n, String command) {
        List<FanoutTarget> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(new FanoutTarget("t" + i, openssh.host(), openssh.port(), opensshLogin, opensshKeys, command));
        }
        return list;
    }
}
