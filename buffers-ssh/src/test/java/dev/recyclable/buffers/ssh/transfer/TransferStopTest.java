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
package dev.recyclable.buffers.ssh.transfer;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.fixtures.GeneratedBytes;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** How a transfer stops when its remote side stalls or its runner closes, against OpenSSH. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TransferStopTest {

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    /**
     * An upload whose remote command stops reading: the transfer's idle timeout decides, not the connection's reply
     * timeout (30 s here).
     */
    @Test
    void theIdleTimeoutGovernsAnUploadWhoseRemoteStopsReading() throws Exception {
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        try (SshRunner ssh = SERVER.get().connect(pool)) {
            SshTransfer transfer = SshTransfer.over(ssh)
                    .withOptions(TransferOptions.builder()
                            .idleTimeout(Duration.ofSeconds(1))
                            .build());
            long start = System.nanoTime();
            TransferException e = org.junit.jupiter.api.Assertions.assertThrows(
                    TransferException.class,
                    () -> transfer.upload(
                            GeneratedBytes.of(32L << 20, 1), 32L << 20, RemoteTarget.commandInput("sleep 60")));
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(tookMs < 10_000, "a 1 s idle timeout took " + tookMs + " ms: " + e);
            assertTrue(e.bytesMoved() < 32L << 20, e.toString());
        }
        SERVER.get().awaitNoSessionProcesses(Duration.ofSeconds(10));
        PoolAssertions.assertNothingInUse(pool);
    }

    /**
     * Closing the runner stops its running transfers as it stops its commands: each caller gets a cancellation
     * that says so, and nothing is left running on the host.
     */
    @Test
    void closingTheRunnerCancelsRunningTransfersAndLeavesNothingOnTheHost() throws Exception {
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        OpenSshServer server = SERVER.get();
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            SshRunner ssh = server.connect(pool);
            SshTransfer transfer = SshTransfer.over(ssh);
            Future<TransferResult> download = callers.submit(() -> transfer.download(
                    RemoteSource.commandOutput("sleep 61; echo late"), OutputStream.nullOutputStream()));
            Future<TransferResult> upload = callers.submit(() ->
                    transfer.upload(GeneratedBytes.of(64L << 20, 2), 64L << 20, RemoteTarget.commandInput("sleep 62")));
            awaitRemote(server, "sleep 61", "sleep 62");
            ssh.close();
            for (Future<TransferResult> f : List.of(download, upload)) {
                ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(
                        ExecutionException.class, () -> f.get(20, TimeUnit.SECONDS));
                TransferException failure = assertInstanceOf(TransferException.class, e.getCause());
                assertTrue(failure.getMessage().contains("closed"), failure.getMessage());
                assertInstanceOf(CommandCancelledException.class, failure.getCause(), failure.toString());
            }
            server.awaitNoSessionProcesses(Duration.ofSeconds(10));
        } finally {
            callers.shutdownNow();
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    private static void awaitRemote(OpenSshServer server, String... commands) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            List<String> running = server.sessionProcesses();
            boolean all = true;
            for (String c : commands) {
                all &= running.stream().anyMatch(p -> p.endsWith(c));
            }
            if (all) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not all of " + List.of(commands) + " started: " + running);
            }
            Thread.sleep(20);
        }
    }
}
