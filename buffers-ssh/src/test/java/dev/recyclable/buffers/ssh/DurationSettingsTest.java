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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fanout.FanoutExecutor;
import dev.recyclable.buffers.ssh.fanout.FanoutRun;
import dev.recyclable.buffers.ssh.fanout.FanoutTarget;
import dev.recyclable.buffers.ssh.fanout.TargetResult;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.runner.RunningCommand;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.ssh.transfer.RemoteSource;
import dev.recyclable.buffers.ssh.transfer.RemoteTarget;
import dev.recyclable.buffers.ssh.transfer.SshTransfer;
import dev.recyclable.buffers.ssh.transfer.TransferOptions;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every Duration the API takes, at its extremes, against OpenSSH: a value too large for a {@code long} of
 * nanoseconds ({@code ChronoUnit.FOREVER}, {@code Long.MAX_VALUE} seconds, a thousand centuries) means no limit and
 * the command, connection or transfer works as with none; a negative one is refused by the setter itself, before
 * anything is sent.
 */
class DurationSettingsTest {

    /** Too large for {@link Duration#toNanos()} (and, but the last, for {@link Duration#toMillis()}). */
    static final List<Duration> HUGE = List.of(
            ChronoUnit.FOREVER.getDuration(),
            Duration.ofSeconds(Long.MAX_VALUE),
            Duration.ofDays(365_000),
            Duration.ofNanos(Long.MAX_VALUE));

    static final Duration NEGATIVE = Duration.ofNanos(-1);

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    private BufferPool pool;

    @BeforeEach
    void newPool() {
        pool = BufferPool.builder().zeroOnRelease(true).build();
    }

    @AfterEach
    void nothingInUse() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private SshRunner.Builder builder() {
        OpenSshServer s = SERVER.get();
        return SshRunner.builder(s.host())
                .port(s.port())
                .credentials(s.credentials())
                .hostKeys(s.hostKeys())
                .pool(pool);
    }

    @Test
    void commandTimeout() throws Exception {
        assertThrows(
                IllegalArgumentException.class, () -> CommandOptions.defaults().withTimeout(NEGATIVE));
        try (SshRunner ssh = builder().connect()) {
            for (Duration huge : HUGE) {
                CommandOptions options = CommandOptions.defaults().withTimeout(huge);
                try (CommandResult r = ssh.run("echo run", options)) {
                    assertEquals("run\n", r.stdoutText(), huge.toString());
                }
                StringBuilder streamed = new StringBuilder();
                assertEquals(
                        0,
                        ssh.stream("echo stream", options, e -> streamed.append(e.toString(StandardCharsets.UTF_8)))
                                .exitStatus());
                assertEquals("stream\n", streamed.toString());
                assertEquals(7, ssh.launch("exit 7", options).await().exitStatus());
                try (CommandResult r =
                        ssh.run("wc -c", options.withStdin(new ByteArrayInputStream(new byte[100_000])))) {
                    assertEquals("100000", r.stdoutText().trim());
                }
            }
        }
    }

    @Test
    void connectTimeout() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> builder().connectTimeout(NEGATIVE));
        for (Duration huge : HUGE) {
            assertWorks(builder().connectTimeout(huge));
        }
        assertWorks(builder().connectTimeout(Duration.ZERO));
    }

    @Test
    void replyTimeout() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> builder().replyTimeout(NEGATIVE));
        for (Duration huge : HUGE) {
            assertWorks(builder().replyTimeout(huge));
        }
        assertWorks(builder().replyTimeout(Duration.ZERO));
    }

    @Test
    void keepAliveInterval() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> builder().keepAlive(NEGATIVE, 3));
        for (Duration huge : HUGE) {
            assertWorks(builder().keepAlive(huge, 3));
        }
    }

    @Test
    void runningCommandAwait() throws Exception {
        try (SshRunner ssh = builder().connect()) {
            RunningCommand running = ssh.launch("exit 2", CommandOptions.defaults());
            assertThrows(IllegalArgumentException.class, () -> running.await(NEGATIVE));
            for (Duration huge : HUGE) {
                assertEquals(2, running.await(huge).exitStatus());
            }
        }
    }

    @Test
    void fanoutIdleTimeoutAndWaits() throws Exception {
        assertThrows(
                IllegalArgumentException.class, () -> FanoutExecutor.builder().idleTimeout(NEGATIVE));
        OpenSshServer s = SERVER.get();
        SshCredentials login = s.credentials();
        HostKeyPolicy keys = s.hostKeys();
        for (Duration huge : HUGE) {
            try (FanoutExecutor executor = FanoutExecutor.builder()
                    .pool(pool)
                    .idleTimeout(huge)
                    .connectTimeout(huge)
                    .replyTimeout(huge)
                    .keepAlive(huge, 2)
                    .build()) {
                List<FanoutTarget> targets = List.of(FanoutTarget.of("a", s.host(), s.port(), login, keys));
                try (FanoutRun run = executor.start(
                        targets, "echo a", CommandOptions.defaults().withTimeout(huge))) {
                    assertThrows(IllegalArgumentException.class, () -> run.poll(NEGATIVE));
                    assertThrows(IllegalArgumentException.class, () -> run.await(NEGATIVE));
                    try (TargetResult r = run.poll(huge)) {
                        assertEquals("a\n", r.output().stdoutText(), huge.toString());
                    }
                    assertTrue(run.await(huge));
                    assertEquals(null, run.poll(huge), "every result was taken");
                }
                assertEquals(1, executor.stats().openConnections(), "kept idle: " + executor.stats());
            }
        }
    }

    @Test
    void transferIdleTimeout() throws Exception {
        assertThrows(
                IllegalArgumentException.class, () -> TransferOptions.builder().idleTimeout(NEGATIVE));
        try (SshRunner ssh = builder().connect()) {
            for (Duration huge : HUGE) {
                SshTransfer transfer = SshTransfer.over(ssh)
                        .withOptions(TransferOptions.builder().idleTimeout(huge).build());
                ByteArrayOutputStream down = new ByteArrayOutputStream();
                transfer.download(RemoteSource.commandOutput("head -c 300000 /dev/zero"), down);
                assertEquals(300_000, down.size(), huge.toString());
                assertEquals(
                        300_000,
                        transfer.upload(
                                        new ByteArrayInputStream(new byte[300_000]),
                                        300_000,
                                        RemoteTarget.commandInput("cat > /dev/null"))
                                .bytes());
            }
        }
    }

    private static void assertWorks(SshRunner.Builder builder) throws IOException {
        try (SshRunner ssh = builder.connect();
                CommandResult r = ssh.run(
                        "cat",
                        CommandOptions.defaults()
                                .withStdin(new ByteArrayInputStream("ok".getBytes(StandardCharsets.UTF_8))))) {
            assertEquals("ok", r.stdoutText());
        }
    }
}
