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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.fixtures.SimulatedFleet;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The executor against a simulated fleet: a MINA server on 300 loopback addresses (each a distinct host to the
 * client), commands answered after a delay without forking. Every output is verified, and what the executor keeps
 * once results are consumed must not grow with the number of targets.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FanoutFleetTest {

    private static final int HOSTS = 300;
    private static final int IN_FLIGHT = 60;
    private static SimulatedFleet fleet;
    private static SshCredentials credentials;
    private static HostKeyPolicy hostKeys;

    @BeforeAll
    static void startFleet() throws Exception {
        fleet = SimulatedFleet.start(23, HOSTS, Duration.ofMillis(50));
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair clientKey = generator.generateKeyPair();
        credentials = SshCredentials.keyPair(SimulatedFleet.USER, clientKey);
        hostKeys = HostKeyPolicy.pinnedFingerprint(fleet.hostKeyFingerprint());
    }

    @AfterAll
    static void stopFleet() throws Exception {
        if (fleet != null) {
            fleet.close();
        }
    }

    @Test
    void memoryAfterConsumingResultsDoesNotGrowWithTheNumberOfTargets() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (FanoutExecutor executor =
                FanoutExecutor.builder().pool(pool).maxInFlight(IN_FLIGHT).build()) {
            // a listed run first: every output verified, and it warms up classes, JIT and the pool
            List<FanoutTarget> listed = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                listed.add(target(i, "uptime"));
            }
            try (FanoutRun run = executor.start(listed, "ignored", CommandOptions.defaults())) {
                assertEquals(40, consumeAndVerify(run, executor, "ignored"));
                assertEquals(40, run.completion().join().size());
            }

            // Streamed runs of N and 3N targets, each kept open (not closed, still referenced) while measuring,
            // as a long-lived fleet tool would: finished targets must leave nothing behind but what the caller kept.
            FanoutRun small = executor.start(new Targets(0, 100), "hostname", CommandOptions.defaults());
            assertEquals(100, consumeAndVerify(small, executor, "hostname"));
            long afterSmall = retainedHeapWhenSettled(executor);
            FanoutRun large = executor.start(new Targets(0, 300), "hostname", CommandOptions.defaults());
            assertEquals(300, consumeAndVerify(large, executor, "hostname"));
            long afterLarge = retainedHeapWhenSettled(executor);

            assertTrue(small.isStreamed() && large.isStreamed());
            assertThrows(IllegalStateException.class, large::completion, "a streamed run keeps no outcome list");
            assertEquals(300, large.finished().get(10, TimeUnit.SECONDS).completed());
            // Earlier, each finished target kept ~20 KB (channel, sink, sshj connection) while its run was
            // open, and each idle connection ~250 KB: 200 more targets cost megabytes. Now growth is noise.
            long growth = afterLarge - afterSmall;
            assertTrue(
                    growth < 1024 * 1024,
                    "retained heap grew by " + growth + " bytes for 200 more targets (" + afterSmall + " -> "
                            + afterLarge + ")");
            small.close();
            large.close();
        }
        assertNothingInUse(pool);
    }

    @Test
    void aSlowConsumerHoldsAStreamedRunAtMaxInFlightWaitingResults() throws Exception {
        BufferPool pool = BufferPool.builder().build();
        Targets source = new Targets(0, 80);
        try (FanoutExecutor executor =
                        FanoutExecutor.builder().pool(pool).maxInFlight(10).build();
                FanoutRun run = executor.start(source, "id", CommandOptions.defaults())) {
            // Nobody takes results: the run reads 10 targets for the slots, and one more per finished one until
            // 10 results wait; those still in flight then finish too. At most 2 x maxInFlight are ever read.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (run.progress().done() < 19 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(500); // would be plenty for more targets to run, were they not held back
            int read = source.read;
            assertTrue(read >= 19 && read <= 20, "targets read with nobody consuming: " + read);
            assertEquals(read, run.progress().total());
            assertEquals(read, run.progress().done(), run.progress().toString());
            assertEquals(80, consumeAndVerify(run, executor, "id"), "taking results resumes the run");
            assertEquals(80, source.read);
        }
        assertNothingInUse(pool);
    }

    // ------------------------------------------------------------------ helpers

    private static FanoutTarget target(int i, String command) {
        String host = fleet.host(i % HOSTS);
        return new FanoutTarget(Integer.toString(i), host, fleet.port(), credentials, hostKeys, command + " " + i);
    }

    /** Targets made as they are read: nothing of the fleet sits in a list. */
    private static final class Targets implements Iterator<FanoutTarget> {
        private final PrimitiveIterator.OfInt ids;
        volatile int read;

        Targets(int from, int to) {
            this.ids = IntStream.range(from, to).iterator();
        }

        @Override
        public boolean hasNext() {
            return ids.hasNext();
        }

        @Override
        public FanoutTarget next() {
            int id = ids.nextInt(); // NoSuchElementException past the end
            read++;
            return FanoutTarget.of(Integer.toString(id), fleet.host(id % HOSTS), fleet.port(), credentials, hostKeys);
        }
    }

    /**
     * Takes every result, checks it reached its own host and ran its own command; checks that connections and
     * sshj threads stay bounded by what is in flight (reader threads end shortly after their connection closes,
     * hence the slack on threads; the connection count is exact bookkeeping).
     */
    private static int consumeAndVerify(FanoutRun run, FanoutExecutor executor, String runCommand) {
        Set<String> seen = new HashSet<>();
        for (TargetResult r : run) {
            try (r) {
                assertTrue(r.succeeded(), r.toString());
                String command = r.target().command() != null ? r.target().command() : runCommand;
                assertEquals(
                        SimulatedFleet.expectedOutput(r.target().host(), command),
                        r.output().stdoutText(),
                        r.toString());
                assertTrue(seen.add(r.target().id()), "delivered twice: " + r);
            }
            int open = executor.stats().openConnections();
            assertTrue(open <= IN_FLIGHT + 4, "open connections " + open);
            int readers = sshjReaders();
            assertTrue(readers <= 2 * IN_FLIGHT + 4, "sshj reader threads " + readers);
        }
        assertTrue(run.isDone());
        assertEquals(0, executor.stats().channelsInUse());
        return seen.size();
    }

    /**
     * Once the executor has closed what it does not keep (connections of finished hosts, their reader threads),
     * the heap retained after a full collection.
     */
    private static long retainedHeapWhenSettled(FanoutExecutor executor) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline && (executor.stats().openConnections() > 4 || sshjReaders() > 4)) {
            Thread.sleep(20);
        }
        assertTrue(
                executor.stats().openConnections() <= 4, "only kept idle connections stay open: " + executor.stats());
        assertTrue(sshjReaders() <= 4, "reader threads of closed connections end: " + sshjReaders());
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) { // the least of three full collections: robust against a straggler
            System.gc();
            Thread.sleep(50);
            least = Math.min(
                    least,
                    Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        }
        return least;
    }

    private static int sshjReaders() {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            n += t.getName().startsWith("sshj-Reader") && t.isAlive() ? 1 : 0;
        }
        return n;
    }
}
