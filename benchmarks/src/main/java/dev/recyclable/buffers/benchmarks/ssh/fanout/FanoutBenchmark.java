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
package dev.recyclable.buffers.benchmarks.ssh.fanout;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.fanout.FanoutExecutor;
import dev.recyclable.buffers.ssh.fanout.FanoutRun;
import dev.recyclable.buffers.ssh.fanout.FanoutTarget;
import dev.recyclable.buffers.ssh.fanout.TargetResult;
import dev.recyclable.buffers.ssh.transport.NoDelaySocketFactory;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session;
import net.schmizz.sshj.transport.verification.OpenSSHKnownHosts;

/**
 * Fan-out of {@code N x sleep 1; echo 'Hello from <id>'} to one OpenSSH server on loopback, one contender per
 * JVM (so peak threads and heap are its own):
 * <ul>
 *   <li>{@code ours}: {@link FanoutExecutor}, channels multiplexed over a few reused connections, no thread per
 *       command;</li>
 *   <li>{@code conn-per-command}: sshj, a new connection per command (JASSH style) on a pool of P threads, with
 *       concurrent connects capped at 64 (OpenSSH's listen backlog is 128);</li>
 *   <li>{@code thread-per-command}: sshj, channels over C shared connections, one blocked thread per command.</li>
 * </ul>
 * Every contender gets TCP_NODELAY and the same sshj config ({@link SshConfigs#newLowGarbageConfig()}), so the
 * comparison is about architecture. Each JVM first runs a small warm-up round on its own connections (closed
 * afterwards), then measures one run from nothing: wall time including every connect, peak live threads
 * ({@code ThreadMXBean}), and peak heap (the sum of the heap pools' peak usage, reset after the warm-up).
 *
 * <p>Run: {@code benchmarks/run-fanout.sh}
 * (starts its own sshd with raised MaxSessions/MaxStartups, runs every contender, prints a table).
 * By hand: {@code java -cp ... FanoutBenchmark <contender> <host> <port> <user> <key> <known_hosts> <count>
 * <parallelism> [connections] [sessionsPerConnection]}.
 */
public final class FanoutBenchmark {

    private static final int WARMUP_COMMANDS = 40;
    private static final int MAX_CONCURRENT_CONNECTS = 64;

    private final String host;
    private final int port;
    private final String user;
    private final Path key;
    private final Path knownHosts;
    private final Config config = SshConfigs.newLowGarbageConfig();
    private int launchers;
    private int connectors;

    private FanoutBenchmark(String host, int port, String user, Path key, Path knownHosts) {
        this.host = host;
        this.port = port;
        this.user = user;
        this.key = key;
        this.knownHosts = knownHosts;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 8) {
            System.err.println("usage: FanoutBenchmark ours|conn-per-command|thread-per-command host port user key "
                    + "known_hosts count parallelism [connections] [sessionsPerConnection]");
            System.exit(2);
        }
        String contender = args[0];
        FanoutBenchmark bench =
                new FanoutBenchmark(args[1], Integer.parseInt(args[2]), args[3], Path.of(args[4]), Path.of(args[5]));
        int count = Integer.parseInt(args[6]);
        int parallelism = Integer.parseInt(args[7]);
        int connections = args.length > 8 ? Integer.parseInt(args[8]) : 10;
        int sessions = args.length > 9 ? Integer.parseInt(args[9]) : 100;
        bench.launchers = args.length > 10 ? Integer.parseInt(args[10]) : 2;
        bench.connectors = args.length > 11 ? Integer.parseInt(args[11]) : 4;

        bench.run(contender, WARMUP_COMMANDS, Math.min(parallelism, WARMUP_COMMANDS), connections, sessions);
        System.gc();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int baselineThreads = threads.getThreadCount();
        HeapPeaks heapPeaks = HeapPeaks.reset();
        threads.resetPeakThreadCount();

        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpuBefore = os.getProcessCpuTime();
        long start = System.nanoTime();
        int ok = bench.run(contender, count, parallelism, connections, sessions);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (os.getProcessCpuTime() - cpuBefore) / 1e9;

        long peakHeap = heapPeaks.peakBytes();
        String label =
                contender + " p=" + parallelism + (contender.equals("conn-per-command") ? "" : " c=" + connections);
        System.out.printf(
                Locale.ROOT,
                "RESULT | %-30s | %5d/%d ok | %6.2f s wall | %5d threads (baseline %d) "
                        + "| %6.1f MiB peak heap | %5.2f s client CPU |%n",
                label,
                ok,
                count,
                seconds,
                threads.getPeakThreadCount(),
                baselineThreads,
                peakHeap / 1048576.0,
                cpuSeconds);
        System.exit(ok == count ? 0 : 1);
    }

    private int run(String contender, int count, int parallelism, int connections, int sessions) throws Exception {
        switch (contender) {
            case "ours":
                return ours(count, parallelism, connections, sessions);
            case "conn-per-command":
                return connectionPerCommand(count, parallelism);
            case "thread-per-command":
                return threadPerCommand(count, parallelism, connections);
            default:
                throw new IllegalArgumentException("unknown contender " + contender);
        }
    }

    private static String command(int i) {
        return "sleep 1; echo 'Hello from " + i + "'";
    }

    private static boolean expected(int i, String stdout) {
        return stdout.equals("Hello from " + i + "\n");
    }

    // ------------------------------------------------------------------ ours

    private int ours(int count, int parallelism, int connections, int sessions) throws Exception {
        SshCredentials credentials = SshCredentials.privateKey(user, key);
        HostKeyPolicy hostKeys = HostKeyPolicy.knownHosts(knownHosts);
        List<FanoutTarget> targets = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            targets.add(new FanoutTarget(Integer.toString(i), host, port, credentials, hostKeys, command(i)));
        }
        BufferPool pool = BufferPool.builder().build();
        int ok = 0;
        try (FanoutExecutor executor = FanoutExecutor.builder()
                        .pool(pool)
                        .config(config)
                        .maxInFlight(parallelism)
                        .maxConnectionsPerHost(connections)
                        .sessionsPerConnection(sessions)
                        .maxHandshakesPerHost(Math.min(connections, 10))
                        .maxOpenConnections(connections)
                        .launcherThreads(launchers)
                        .connectorThreads(connectors)
                        .build();
                FanoutRun run = executor.start(targets, null, CommandOptions.defaults())) {
            if (System.getenv("FANOUT_TIMELINE") != null) { // diagnostics: one progress line per 100 ms on stderr
                long t0 = System.nanoTime();
                Thread timeline = new Thread(
                        () -> {
                            while (!run.isDone()) {
                                System.err.printf(
                                        Locale.ROOT,
                                        "%5d ms  %s  %s%n",
                                        (System.nanoTime() - t0) / 1_000_000,
                                        run.progress(),
                                        executor.stats());
                                try {
                                    Thread.sleep(100);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "timeline");
                timeline.setDaemon(true);
                timeline.start();
            }
            for (TargetResult r : run) {
                try (r) {
                    if (r.succeeded()
                            && expected(
                                    Integer.parseInt(r.target().id()),
                                    r.output().stdoutText())) {
                        ok++;
                    } else if (ok == 0) {
                        System.err.println("unexpected: " + r.outcome() + " "
                                + (r.hasOutput() ? r.output().stdoutText() : ""));
                    }
                }
            }
        }
        return ok;
    }

    // ------------------------------------------------------------------ sshj, a connection per command

    private int connectionPerCommand(int count, int parallelism) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(parallelism);
        Semaphore connects = new Semaphore(MAX_CONCURRENT_CONNECTS);
        AtomicInteger ok = new AtomicInteger();
        List<Future<?>> futures = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int id = i;
            futures.add(pool.submit(() -> {
                SSHClient client = newClient();
                try {
                    connects.acquire();
                    try {
                        client.connect(host, port);
                        client.authPublickey(user, client.loadKeys(key.toString()));
                    } finally {
                        connects.release();
                    }
                    if (expected(id, exec(client, command(id)))) {
                        ok.incrementAndGet();
                    }
                } finally {
                    client.close();
                }
                return null;
            }));
        }
        await(futures);
        pool.shutdown();
        return ok.get();
    }

    // ------------------------------------------------------------------ sshj, shared connections, a thread per command

    private int threadPerCommand(int count, int parallelism, int connections) throws Exception {
        List<SSHClient> clients = new ArrayList<>(connections);
        ExecutorService connectPool = Executors.newFixedThreadPool(connections);
        List<Future<SSHClient>> connecting = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            connecting.add(connectPool.submit(() -> {
                SSHClient client = newClient();
                client.connect(host, port);
                client.authPublickey(user, client.loadKeys(key.toString()));
                return client;
            }));
        }
        for (Future<SSHClient> f : connecting) {
            clients.add(f.get());
        }
        connectPool.shutdown();
        ExecutorService pool = Executors.newFixedThreadPool(parallelism);
        AtomicInteger ok = new AtomicInteger();
        List<Future<?>> futures = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int id = i;
            SSHClient client = clients.get(i % connections);
            futures.add(pool.submit(() -> {
                if (expected(id, exec(client, command(id)))) {
                    ok.incrementAndGet();
                }
                return null;
            }));
        }
        await(futures);
        pool.shutdown();
        for (SSHClient client : clients) {
            client.close();
        }
        return ok.get();
    }

    // ------------------------------------------------------------------ helpers

    private SSHClient newClient() throws IOException {
        SSHClient client = new SSHClient(config);
        client.setSocketFactory(NoDelaySocketFactory.INSTANCE);
        client.addHostKeyVerifier(new OpenSSHKnownHosts(knownHosts.toFile()));
        client.setConnectTimeout(30_000);
        client.setTimeout(60_000);
        return client;
    }

    /** The usual sshj way: a session, exec, read stdout to its end, wait for the close. */
    private static String exec(SSHClient client, String command) throws IOException {
        try (Session session = client.startSession()) {
            Session.Command cmd = session.exec(command);
            String out;
            try (InputStream in = cmd.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            cmd.join();
            return out;
        }
    }

    private static void await(List<? extends Future<?>> futures) throws InterruptedException {
        int failures = 0;
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (failures++ == 0) {
                    System.err.println("first failure: " + e.getCause());
                }
            }
        }
        if (failures > 0) {
            System.err.println(failures + " commands failed");
        }
    }
}
