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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * 1 GiB each way against OpenSSH, once: exact bytes by checksum, pooled memory no larger than for a small
 * transfer, and a bound on garbage per MiB. (Throughput targets live in the benchmark, not here.)
 */
class GibibyteTransferTest {

    private static final long GIB = 1L << 30;
    /**
     * All threads: the JDK's AES-GCM allocates its engine afresh for every packet's IV (about 1 KB per 32 KiB
     * packet, the size OpenSSH sends) and sshj draws padding from SecureRandom, so about 30-50 KB per MiB are
     * outside our layer. This bound still catches any copy of the data (1 MiB per MiB).
     */
    private static final long MAX_ALLOCATED_PER_MIB = 64 * 1024;
    /**
     * The calling thread runs our whole consumer loop (ring to sink, progress) and nothing there allocates; it
     * also sends the window adjustments, one per quarter window (1 MiB), and sshj builds and the JDK encrypts
     * each (about 1.4 KB, mostly the GCM engine again).
     */
    private static final long MAX_OWN_LOOP_ALLOCATED_PER_MIB = 2048;

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    private static Path dir;

    @BeforeAll
    static void createDir() throws IOException {
        dir = TestFiles.sharedDir();
    }

    @AfterAll
    static void deleteDir() throws IOException {
        TestFiles.deleteTree(dir);
    }

    @Test
    void oneGibibyteDownAndUpIsExactWithFlatMemory() throws IOException {
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        Path original = TestFiles.randomFile(dir, "original", GIB, 42);
        long originalCrc = TestFiles.crc(original);
        Path downloaded = dir.resolve("downloaded");
        Path uploaded = dir.resolve("uploaded");
        AtomicLong peakPooled = new AtomicLong();
        AllocationMeter meter = new AllocationMeter();
        try (SshRunner ssh = SERVER.get().connect(pool)) {
            SshTransfer transfer = SshTransfer.over(ssh)
                    .withOptions(TransferOptions.builder()
                            .syncFiles(false)
                            .progressInterval(64L << 20)
                            .listener((moved, total) ->
                                    peakPooled.accumulateAndGet(pool.stats().bytesInUse(), Math::max))
                            .build());
            // warm up: class loading and JIT are not what this test is about
            transfer.download(
                    RemoteSource.commandOutput("head -c 67108864 /dev/zero"), java.io.OutputStream.nullOutputStream());

            meter.start();
            long ownBefore = meter.currentThread();
            TransferResult down = transfer.download(RemoteSource.file(original.toString()), downloaded);
            long ownAllocated = meter.currentThread() - ownBefore;
            long downAllocated = meter.stop();

            meter.start();
            TransferResult up = transfer.upload(original, RemoteTarget.file(uploaded.toString()));
            long upAllocated = meter.stop();

            System.out.printf(
                    "1 GiB download: %s, %d bytes allocated per MiB (all threads), %d on the caller%n",
                    down, downAllocated / 1024, ownAllocated / 1024);
            System.out.printf("1 GiB upload:   %s, %d bytes allocated per MiB (all threads)%n", up, upAllocated / 1024);
            assertEquals(GIB, down.bytes());
            assertEquals(GIB, up.bytes());
            assertTrue(
                    ownAllocated / 1024 <= MAX_OWN_LOOP_ALLOCATED_PER_MIB,
                    "our download loop allocated " + ownAllocated / 1024 + " bytes per MiB");
            assertTrue(
                    downAllocated / 1024 <= MAX_ALLOCATED_PER_MIB,
                    "download allocated " + downAllocated / 1024 + " bytes per MiB");
            assertTrue(
                    upAllocated / 1024 <= MAX_ALLOCATED_PER_MIB,
                    "upload allocated " + upAllocated / 1024 + " bytes per MiB");
        }
        long bound = TransferOptions.DEFAULT_WINDOW + TransferOptions.DEFAULT_CHUNK;
        assertTrue(
                peakPooled.get() > 0 && peakPooled.get() <= bound,
                "pooled bytes in use during 1 GiB: " + peakPooled.get() + ", bound " + bound);
        assertEquals(originalCrc, TestFiles.crc(downloaded), "downloaded checksum");
        assertEquals(originalCrc, TestFiles.crc(uploaded), "uploaded checksum");
        assertEquals(List.of(), TestFiles.othersIn(dir, "original", "downloaded", "uploaded"));
        assertEquals(GIB, Files.size(uploaded));
        PoolAssertions.assertNothingInUse(pool);
    }
}
