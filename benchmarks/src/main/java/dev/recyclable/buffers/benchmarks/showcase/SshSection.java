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
package dev.recyclable.buffers.benchmarks.showcase;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.CommandResult;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.IOUtils;
import net.schmizz.sshj.connection.channel.direct.Session;
import net.schmizz.sshj.userauth.keyprovider.KeyPairWrapper;

/**
 * The SSH comparison: run a remote command and capture its output, the usual sshj way
 * ({@code session.exec(cmd)}, {@code IOUtils.readFully(in).toString()}, sshj's defaults) against
 * {@link SshRunner#run(String, CommandOptions)} into pooled chunks, on an in-process Apache MINA SSHD server on
 * 127.0.0.1 with a generated host key whose fingerprint both clients pin (no accept-anything verifier).
 *
 * <p>Allocation is counted on every JVM thread except the in-process server's: sshj decrypts and dispatches on its
 * own reader thread, so the calling thread alone would hide most of it. The server's threads are its own
 * ({@code sshd-...}) and the JDK's {@code process reaper}, which waits for each command's {@code /bin/sh} (15 to
 * 30 KB of server work per command). The measured operation does nothing but the command and a length check: the
 * expected length is computed once, since encoding the expected text per run would add 71 KB per command.
 */
public final class SshSection implements ShowcaseSection {

    /** 70 characters; with the newline 71 bytes a line. */
    private static final String LINE = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234567";

    private record Workload(String scenario, String command, String expected, int expectedBytes) {
        Workload(String scenario, String command, String expected) {
            this(scenario, command, expected, expected.getBytes(StandardCharsets.UTF_8).length);
        }
    }

    private static final List<Workload> WORKLOADS = List.of(
            new Workload("ssh: echo a", "echo a", "a\n"),
            new Workload("ssh: 1000 lines x 70 chars", "yes " + LINE + " | head -n 1000", (LINE + "\n").repeat(1000)));

    /** sshj without TCP_NODELAY waits ~40 ms on Nagle per command: fewer runs keep the section short. */
    private static final int USUAL_RUNS = 20;

    private static final int OUR_RUNS = 100;

    @FunctionalInterface
    private interface Capture {
        String run(String command) throws Exception;
    }

    @Override
    public String name() {
        return "ssh";
    }

    @Override
    public SectionResult run(ShowcaseContext context) throws Exception {
        SectionResult result = new SectionResult();
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        AllThreadsMeter meter = new AllThreadsMeter();
        context.progress("starting an in-process Apache MINA SSHD server on 127.0.0.1");
        try (EmbeddedSshServer server = EmbeddedSshServer.start();
                SSHClient usual = usualSshj(server);
                SshRunner ours = SshRunner.builder(server.host())
                        .port(server.port())
                        .credentials(
                                dev.recyclable.buffers.ssh.SshCredentials.keyPair(server.user(), server.clientKey()))
                        .hostKeys(HostKeyPolicy.pinnedFingerprint(server.hostKeyFingerprint()))
                        .pool(pool)
                        .connect()) {
            Capture usualWay = command -> {
                try (Session session = usual.startSession()) {
                    Session.Command cmd = session.exec(command);
                    String out = IOUtils.readFully(cmd.getInputStream()).toString();
                    cmd.join();
                    return out;
                }
            };
            Capture ourWay = command -> {
                try (CommandResult r = ours.run(command, CommandOptions.defaults())) {
                    requireSuccess(r);
                    return r.stdoutText();
                }
            };
            for (Workload w : WORKLOADS) {
                context.progress(w.scenario() + ": checking output, then " + USUAL_RUNS + " commands the usual way and "
                        + OUR_RUNS + " ours");
                result.check(sameOutput(w, "sshj readFully", usualWay));
                result.check(sameOutput(w, "SshRunner", ourWay));
                Measurement usualCost =
                        meter.measure("sshj readFully().toString()", USUAL_RUNS, () -> usualWay.run(w.command()));
                // measured without decoding to a String: the pooled bytes are the result (content checked above)
                Measurement ourCost = meter.measure("SshRunner.run", OUR_RUNS, () -> {
                    try (CommandResult r = ours.run(w.command(), CommandOptions.defaults())) {
                        requireSuccess(r);
                        if (r.stdout().length() != w.expectedBytes()) {
                            throw new IllegalStateException(
                                    "captured " + r.stdout().length() + " bytes");
                        }
                    }
                });
                result.row(new ComparisonRow(w.scenario(), usualCost, ourCost));
                result.check(Check.of(
                        w.scenario() + ": less allocated per command than sshj",
                        ourCost.bytesPerOp() < usualCost.bytesPerOp(),
                        String.format(Locale.ROOT, "%.0f B vs %.0f B", ourCost.bytesPerOp(), usualCost.bytesPerOp())));
            }
        }
        result.check(Check.nothingInUse("ssh: pool has nothing in use after the runner closed", pool));
        result.note("SSH rows: one command per op over one connection to an in-process MINA server, host key pinned"
                + " by fingerprint. Allocation on all JVM threads except the server's (sshd-*, process reaper); sshj the usual way = default"
                + " config, no TCP_NODELAY (its ~40 ms per command is Nagle plus delayed ACK).");
        return result;
    }

    private static void requireSuccess(CommandResult r) {
        if (r.exitStatus() == null || r.exitStatus() != 0) {
            throw new IllegalStateException("'" + r.status().command() + "' ended with " + r.status());
        }
    }

    private static Check sameOutput(Workload w, String who, Capture capture) throws Exception {
        String got = capture.run(w.command());
        return Check.of(
                w.scenario() + ": " + who + " captured the exact output",
                w.expected().equals(got),
                got.length() + " chars, expected " + w.expected().length());
    }

    private static SSHClient usualSshj(EmbeddedSshServer server) throws Exception {
        SSHClient client = new SSHClient();
        try {
            client.addHostKeyVerifier(server.hostKeyFingerprint());
            client.setConnectTimeout((int) Duration.ofSeconds(10).toMillis());
            client.connect(server.host(), server.port());
            client.authPublickey(server.user(), new KeyPairWrapper(server.clientKey()));
            return client;
        } catch (Exception e) {
            client.close();
            throw e;
        }
    }

    /**
     * Bytes allocated per operation summed over all JVM threads but the in-process server's, and time per
     * operation (the median of five rounds); warms up with as many runs as it measures.
     */
    static final class AllThreadsMeter {
        /** Rounds per measurement; the time reported is their median. */
        private static final int ROUNDS = 5;

        private final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        AllThreadsMeter() {
            threads.setThreadAllocatedMemoryEnabled(true);
        }

        Measurement measure(String label, int runs, AllocationMeter.Operation operation) throws Exception {
            for (int i = 0; i < runs; i++) {
                operation.run();
            }
            long[] ids = threads.getAllThreadIds();
            long[] before = threads.getThreadAllocatedBytes(ids);
            int rounds = Math.min(ROUNDS, runs);
            int perRound = runs / rounds;
            double[] nanosPerOp = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                long start = System.nanoTime();
                for (int i = 0; i < perRound; i++) {
                    operation.run();
                }
                nanosPerOp[r] = (double) (System.nanoTime() - start) / perRound;
            }
            long[] after = threads.getThreadAllocatedBytes(ids);
            long allocated = 0;
            for (int i = 0; i < ids.length; i++) {
                java.lang.management.ThreadInfo info = threads.getThreadInfo(ids[i]);
                boolean server = info != null
                        && (info.getThreadName().startsWith("sshd-")
                                || info.getThreadName().equals("process reaper"));
                if (!server && before[i] >= 0 && after[i] >= 0) {
                    allocated += after[i] - before[i];
                }
            }
            return Measurement.ofRounds(label, (double) allocated / ((long) rounds * perRound), nanosPerOp);
        }
    }
}
