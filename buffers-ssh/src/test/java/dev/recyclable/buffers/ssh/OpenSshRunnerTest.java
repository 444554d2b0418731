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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.ssh.fixtures.GeneratedBytes;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The runner contract against a real OpenSSH server started for this class. */
class OpenSshRunnerTest extends SshRunnerContractTest {

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER =
            ServerPerClass.of(() -> OpenSshServer.builder().maxSessions(32).start());

    /**
     * The command's timeout covers the time its stdin is being written, whatever the size. (OpenSSH only: MINA's
     * process shell writes a command's stdin pipe on the session's own thread, so a command that never reads it
     * wedges the whole connection until it exits, replies and the close of a killed command included.)
     */
    @Test
    void theCommandTimeoutCoversWritingStdin() throws Exception {
        for (int mode = 0; mode < 3; mode++) {
            CommandOptions options = CommandOptions.defaults()
                    .withStdin(GeneratedBytes.of(64L << 20, mode))
                    .withTimeout(Duration.ofSeconds(1));
            long start = System.nanoTime();
            int m = mode;
            CommandTimeoutException e = assertThrows(CommandTimeoutException.class, () -> {
                switch (m) {
                    case 0 -> ssh.run("sleep 30", options).close();
                    case 1 -> ssh.stream("sleep 30", options, event -> {});
                    default -> ssh.launch("sleep 30", options).await();
                }
            });
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(tookMs < 8_000, "mode " + mode + ": the timeout took " + tookMs + " ms");
            assertEquals(Duration.ofSeconds(1), e.timeout());
            PoolAssertions.assertNothingInUse(pool);
        }
    }

    /**
     * When the caller's code fails (an Error from the listener, a stdin stream that throws), the remote command is
     * killed, not left running on the host.
     */
    @Test
    void aFailingListenerOrStdinStreamKillsTheRemoteCommand() throws Exception {
        AssertionError bug = new AssertionError("listener");
        assertSame(
                bug,
                assertThrows(
                        AssertionError.class,
                        () -> ssh.stream("echo go; exec sleep 43", CommandOptions.defaults(), e -> {
                            throw bug;
                        })));
        awaitGone("sleep 43");
        OutOfMemoryError stdinBug = new OutOfMemoryError("stdin");
        CommandOptions failingStdin = CommandOptions.defaults().withStdin(failingAfter(100_000, stdinBug));
        assertSame(
                stdinBug,
                assertThrows(OutOfMemoryError.class, () -> ssh.run("cat > /dev/null; exec sleep 44", failingStdin)));
        awaitGone("sleep 44");
        PoolAssertions.assertNothingInUse(pool);
    }

    private static void awaitGone(String command) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (SERVER.get().sessionProcesses().stream().anyMatch(p -> p.endsWith(command))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "still running on the host: " + SERVER.get().sessionProcesses());
            }
            Thread.sleep(20);
        }
    }
}
