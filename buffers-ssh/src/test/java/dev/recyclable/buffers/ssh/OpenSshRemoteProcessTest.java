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

import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.RunnerPerTest;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.runner.RunningCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What happens on the server when we give up on a command: after a timeout, a cancel or an interrupt the remote
 * process tree must be gone, not left sleeping. Checked with {@code pgrep -u <test user> -f <unique marker>} on
 * this machine, since the OpenSSH server runs here on loopback.
 */
class OpenSshRemoteProcessTest {

    /** How long the server gets to deliver the kill before the test calls the process a survivor. */
    private static final Duration KILL_GRACE = Duration.ofSeconds(5);

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    @RegisterExtension
    final RunnerPerTest connection = RunnerPerTest.on(SERVER);

    @Test
    void timeoutKillsASingleRemoteProcess() throws Exception {
        assertThrows(
                CommandTimeoutException.class,
                () -> connection
                        .ssh()
                        .run("sleep 31.01", CommandOptions.defaults().withTimeout(Duration.ofMillis(500))));
        assertGone("sleep 31.01");
    }

    @Test
    void timeoutKillsTheWholeRemoteProcessTree() throws Exception {
        // the shell forks 'sleep' as a child: killing only the shell would orphan it
        assertThrows(
                CommandTimeoutException.class,
                () -> connection
                        .ssh()
                        .run(
                                "echo started; sleep 31.02; echo never",
                                CommandOptions.defaults().withTimeout(Duration.ofMillis(500))));
        assertGone("sleep 31.02");
    }

    @Test
    void timeoutKillsAPipelineAndABackgroundChild() throws Exception {
        assertThrows(
                CommandTimeoutException.class,
                () -> connection
                        .ssh()
                        .run(
                                "sleep 31.03 & yes | head -c 100000; wait",
                                CommandOptions.defaults().withTimeout(Duration.ofMillis(500))));
        assertGone("sleep 31.03");
    }

    @Test
    void streamingTimeoutKillsTheRemoteProcess() throws Exception {
        assertThrows(
                CommandTimeoutException.class,
                () -> connection.ssh().stream(
                        "echo started; sleep 31.04",
                        CommandOptions.defaults().withTimeout(Duration.ofMillis(500)),
                        event -> {}));
        assertGone("sleep 31.04");
    }

    @Test
    void cancelKillsALaunchedCommand() throws Exception {
        RunningCommand running = connection.ssh().launch("echo started; sleep 31.05", CommandOptions.defaults());
        awaitRunning("sleep 31.05");
        running.cancel();
        ExecutionException e = assertThrows(
                ExecutionException.class, () -> running.completion().get(10, TimeUnit.SECONDS));
        assertInstanceOf(CommandCancelledException.class, e.getCause());
        assertGone("sleep 31.05");
    }

    @Test
    void launchedCommandTimeoutKillsTheRemoteProcess() throws Exception {
        RunningCommand running = connection
                .ssh()
                .launch("echo started; sleep 31.06", CommandOptions.defaults().withTimeout(Duration.ofMillis(500)));
        ExecutionException e = assertThrows(
                ExecutionException.class, () -> running.completion().get(10, TimeUnit.SECONDS));
        assertInstanceOf(CommandTimeoutException.class, e.getCause());
        assertGone("sleep 31.06");
    }

    @Test
    void closingTheRunnerKillsWhatStillRuns() throws Exception {
        RunningCommand running = connection.ssh().launch("echo started; sleep 31.07", CommandOptions.defaults());
        awaitRunning("sleep 31.07");
        connection.ssh().close();
        ExecutionException e = assertThrows(
                ExecutionException.class, () -> running.completion().get(10, TimeUnit.SECONDS));
        assertInstanceOf(CommandCancelledException.class, e.getCause());
        assertGone("sleep 31.07");
    }

    // ------------------------------------------------------------------ helpers

    private static void awaitRunning(String marker) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pgrep(marker).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("'" + marker + "' never started on the server");
            }
            Thread.sleep(20);
        }
    }

    private static void assertGone(String marker) throws Exception {
        long deadline = System.nanoTime() + KILL_GRACE.toNanos();
        String left = pgrep(marker);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = pgrep(marker);
        }
        assertEquals("", left, "remote processes survived " + KILL_GRACE.toSeconds() + " s after we gave up");
    }

    /** {@code pid command-line} of the test user's processes whose command line contains {@code marker}. */
    private static String pgrep(String marker) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("pgrep", "-a", "-u", SERVER.get().user(), "-f", marker.replace(".", "\\."))
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor();
        return out;
    }
}
