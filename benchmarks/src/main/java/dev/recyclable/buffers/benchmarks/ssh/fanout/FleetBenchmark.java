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

import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.fanout.FanoutExecutor;
import dev.recyclable.buffers.ssh.fanout.FanoutRun;
import dev.recyclable.buffers.ssh.fanout.FanoutTarget;
import dev.recyclable.buffers.ssh.fanout.TargetResult;
import dev.recyclable.buffers.ssh.fixtures.SimulatedFleet;
import dev.recyclable.buffers.ssh.transport.NoDelaySocketFactory;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session;
import net.schmizz.sshj.userauth.keyprovider.KeyPairWrapper;

/**
 * Fleet fan-out: one command on N distinct hosts of a {@link SimulatedFleet} (MINA on N loopback
 * addresses in a JVM of its own, each command answered after a delay without forking, one host key), one contender
 * per JVM so that threads, heap and CPU are its own:
 * <ul>
 *   <li>{@code ours}: {@link FanoutExecutor} with defaults except {@code maxInFlight(P)}, targets streamed from an
 *       iterator, results consumed as they complete;</li>
 *   <li>{@code sshj}: a new {@code SSHClient} per target (connect, log in, exec, read, close) on a pool of P
 *       threads, every target submitted up front.</li>
 * </ul>
 * Both use the same sshj config ({@link SshConfigs#shared()}, JDK AES-GCM first), TCP_NODELAY, the host key pinned
 * by fingerprint and the same client key, so the comparison is about architecture. Every output is verified
 * ({@code "<host>: <command>"}).
 *
 * <p>Measured after a small warm-up (40 targets): wall time from the first target to the last result; client CPU
 * (the whole JVM's) per target; peak live threads ({@code ThreadMXBean}; the baseline before the run is printed
 * too); peak heap (sum of heap pools' peak usage: live data plus garbage); live heap during the run (heap used after
 * a full GC forced when half the targets are done); live heap after the run (full GC after everything is closed);
 * for ours the dispatch thread's CPU and the most connections open at once (sampled at each result); and where the
 * client CPU went ({@link CpuSplit}: user and kernel time, JIT compiler and GC threads, the application's threads).
 *
 * <p>Run: {@code benchmarks/run-fleet.sh [counts...]}. By hand: {@code java -cp benchmarks.jar
 * dev.recyclable.buffers.ssh.fixtures.SimulatedFleet <block> <hosts> <delayMs>} prints {@code FLEET <port>
 * <fingerprint>}; then {@code FleetBenchmark ours|sshj <block> <port> <fingerprint> <count> <parallelism>}.
 */
public final class FleetBenchmark {

    private static final int WARMUP = 40;
    private static final String COMMAND = "uptime";
    private static final int SSHJ_REPLY_TIMEOUT_MS = 180_000;

    private final int block;
    private final int port;
    private final String fingerprint;
    private final KeyPair clientKey;
    private final Config config = SshConfigs.shared();
    private final AtomicInteger done = new AtomicInteger();
    private volatile Runnable halfway = () -> {};
    private int halfwayAt = Integer.MAX_VALUE;
    private double dispatchCpu = Double.NaN;
    /** Ours: the most connections open (or opening) at once, sampled at each result. */
    private int peakOpenConnections = -1;

    private FleetBenchmark(int block, int port, String fingerprint) throws Exception {
        this.block = block;
        this.port = port;
        this.fingerprint = fingerprint;
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        this.clientKey = generator.generateKeyPair();
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: FleetBenchmark ours|sshj <block> <port> <fingerprint> <count> <parallelism>");
            System.exit(2);
        }
        String contender = args[0];
        FleetBenchmark bench = new FleetBenchmark(Integer.parseInt(args[1]), Integer.parseInt(args[2]), args[3]);
        int count = Integer.parseInt(args[4]);
        int parallelism = Integer.parseInt(args[5]);

        bench.run(contender, WARMUP, Math.min(parallelism, WARMUP)); // its own connections, closed afterwards
        System.gc();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int baselineThreads = threads.getThreadCount();
        HeapPeaks heapPeaks = HeapPeaks.reset();
        threads.resetPeakThreadCount();
        long[] liveDuring = new long[1];
        bench.done.set(0);
        bench.peakOpenConnections = -1;
        bench.halfwayAt = count / 2;
        bench.halfway = () -> liveDuring[0] = liveHeapAfterFullGc();

        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpuBefore = os.getProcessCpuTime();
        CpuSplit splitBefore = CpuSplit.measure();
        long start = System.nanoTime();
        int ok = bench.run(contender, count, parallelism);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (os.getProcessCpuTime() - cpuBefore) / 1e9;
        String split = CpuSplit.since(splitBefore, count);
        double dispatchCpu = bench.dispatchCpu;
        long peakHeap = heapPeaks.peakBytes();
        int peakThreads = threads.getPeakThreadCount();
        Thread.sleep(1000); // connection closes and reader threads finishing
        long liveAfter = liveHeapAfterFullGc();
        int threadsAfter = threads.getThreadCount();
        System.out.printf(
                Locale.ROOT,
                "RESULT | %-5s | %6d targets | p=%d | %5d ok | %7.2f s wall | %5.2f ms CPU/target"
                        + " | %5d peak threads (baseline %d, after %d) | %7.1f MiB peak heap | %6.1f MiB live during"
                        + " | %6.1f MiB live after | dispatch CPU %s | peak open connections %s | CPU split: %s |%n",
                contender,
                count,
                parallelism,
                ok,
                seconds,
                cpuSeconds * 1000 / count,
                peakThreads,
                baselineThreads,
                threadsAfter,
                peakHeap / 1048576.0,
                liveDuring[0] / 1048576.0,
                liveAfter / 1048576.0,
                Double.isNaN(dispatchCpu) ? "-" : String.format(Locale.ROOT, "%.2f s", dispatchCpu),
                bench.peakOpenConnections < 0 ? "-" : Integer.toString(bench.peakOpenConnections),
                split);
        System.exit(ok == count ? 0 : 1);
    }

    private int run(String contender, int count, int parallelism) throws Exception {
        switch (contender) {
            case "ours":
                return ours(count, parallelism);
            case "sshj":
                return sshjClientPerTarget(count, parallelism);
            default:
                throw new IllegalArgumentException("unknown contender " + contender);
        }
    }

    private String host(int i) {
        return SimulatedFleet.hostAddress(block, i);
    }

    private void completed() {
        if (done.incrementAndGet() == halfwayAt) {
            halfway.run();
        }
    }

    // ------------------------------------------------------------------ ours

    private int ours(int count, int parallelism) {
        SshCredentials credentials = SshCredentials.keyPair(SimulatedFleet.USER, clientKey);
        HostKeyPolicy hostKeys = HostKeyPolicy.pinnedFingerprint(fingerprint);
        Iterator<FanoutTarget> targets = new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < count;
            }

            @Override
            public FanoutTarget next() {
                if (next >= count) {
                    throw new NoSuchElementException();
                }
                int i = next++;
                return FanoutTarget.of(Integer.toString(i), host(i), port, credentials, hostKeys);
            }
        };
        int ok = 0;
        FanoutExecutor.Builder builder = FanoutExecutor.builder().maxInFlight(parallelism);
        if (Integer.getInteger("fleet.connectors") != null) { // experiments only: the table uses the defaults
            builder.connectorThreads(Integer.getInteger("fleet.connectors"));
        }
        try (FanoutExecutor executor = builder.build();
                FanoutRun run = executor.start(targets, COMMAND, CommandOptions.defaults())) {
            for (TargetResult r : run) {
                try (r) {
                    if (r.succeeded()
                            && r.output()
                                    .stdoutText()
                                    .equals(SimulatedFleet.expectedOutput(
                                            r.target().host(), COMMAND))) {
                        ok++;
                    } else if (ok == 0) {
                        System.err.println("unexpected: " + r.outcome() + " "
                                + (r.hasOutput() ? r.output().stdoutText() : ""));
                    }
                }
                completed();
                peakOpenConnections =
                        Math.max(peakOpenConnections, executor.stats().openConnections());
            }
            dispatchCpu = dispatchCpuSeconds(ManagementFactory.getThreadMXBean()); // before close() ends the thread
        }
        return ok;
    }

    // ------------------------------------------------------------------ sshj, a client per target

    private int sshjClientPerTarget(int count, int parallelism) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(parallelism);
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        List<Future<?>> futures = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String host = host(i);
            futures.add(pool.submit(() -> {
                try (SSHClient client = new SSHClient(config)) {
                    client.setSocketFactory(NoDelaySocketFactory.INSTANCE);
                    client.addHostKeyVerifier(fingerprint);
                    client.setConnectTimeout(30_000);
                    client.setTimeout(60_000);
                    // sshj's default 30 s for a key exchange is too short with 1,000 at once on a loaded machine:
                    // a generous one lets every target finish, so that wall times compare like with like
                    client.getTransport().setTimeoutMs(SSHJ_REPLY_TIMEOUT_MS);
                    client.getConnection().setTimeoutMs(SSHJ_REPLY_TIMEOUT_MS);
                    client.connect(host, port);
                    client.authPublickey(SimulatedFleet.USER, new KeyPairWrapper(clientKey));
                    String out;
                    try (Session session = client.startSession()) {
                        Session.Command cmd = session.exec(COMMAND);
                        try (InputStream in = cmd.getInputStream()) {
                            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                        }
                        cmd.join();
                    }
                    if (out.equals(SimulatedFleet.expectedOutput(host, COMMAND))) {
                        ok.incrementAndGet();
                    }
                } catch (Exception e) {
                    if (failures.getAndIncrement() == 0) {
                        System.err.println("first failure: " + e);
                    }
                } finally {
                    completed();
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        return ok.get();
    }

    // ------------------------------------------------------------------ measuring

    private static long liveHeapAfterFullGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** CPU of our dispatch thread (NaN for sshj): scheduling cost that must not grow with the fleet. */
    private static double dispatchCpuSeconds(ThreadMXBean threads) {
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("fanout-dispatch")) {
                return threads.getThreadCpuTime(info.getThreadId()) / 1e9;
            }
        }
        return Double.NaN;
    }
}
