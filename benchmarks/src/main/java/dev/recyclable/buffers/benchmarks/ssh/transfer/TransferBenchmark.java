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
package dev.recyclable.buffers.benchmarks.ssh.transfer;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.Session;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.ssh.transfer.RemoteSource;
import dev.recyclable.buffers.ssh.transfer.RemoteTarget;
import dev.recyclable.buffers.ssh.transfer.SshTransfer;
import dev.recyclable.buffers.ssh.transfer.TransferOptions;
import dev.recyclable.buffers.ssh.transport.JdkCtrCipherFactory;
import dev.recyclable.buffers.ssh.transport.JdkGcmCipherFactory;
import dev.recyclable.buffers.ssh.transport.JdkHmacFactory;
import dev.recyclable.buffers.ssh.transport.NoDelaySocketFactory;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session.Command;
import net.schmizz.sshj.sftp.RemoteFile;
import net.schmizz.sshj.sftp.SFTPClient;
import net.schmizz.sshj.xfer.FileSystemFile;
import net.schmizz.sshj.xfer.InMemoryDestFile;

/**
 * Bulk transfer over loopback SSH, 1 GiB each way: this library's {@link SshTransfer} against sshj with its
 * defaults, sshj with the JDK's AES-GCM (exec stream, SFTP, SCP), JSch, the OpenSSH {@code ssh} client and
 * netcat. Prints throughput (MB/s, medians) and heap allocated per MiB moved (all JVM threads) as a Markdown
 * table, plus our throughput and allocation as ratios to each peer's.
 *
 * <p>Not JMH: two of the peers are external processes, and one 1 GiB transfer is long enough to time directly.
 * Run through {@code benchmarks/run-transfer.sh}, which starts a private sshd and creates the file.
 *
 * <pre>
 * java ... TransferBenchmark host port user keyFile knownHosts remoteDir localFile [reps] [case,...]
 * </pre>
 * The 1 GiB {@code localFile} must be readable by the server's user (download source); uploads go to
 * {@code cat > /dev/null} (and, for the "to file" rows, into {@code remoteDir}).
 */
public final class TransferBenchmark {

    private static final int ARRAY = 64 * 1024;

    private final String host;
    private final int port;
    private final String user;
    private final Path key;
    private final Path knownHosts;
    private final String remoteDir;
    private final Path file;
    private final long size;
    private final byte[] array = new byte[ARRAY];
    private final Map<String, List<double[]>> results = new LinkedHashMap<>();

    private TransferBenchmark(String[] a) throws IOException {
        host = a[0];
        port = Integer.parseInt(a[1]);
        user = a[2];
        key = Path.of(a[3]);
        knownHosts = Path.of(a[4]);
        remoteDir = a[5];
        file = Path.of(a[6]);
        size = Files.size(file);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 7) {
            System.err.println("usage: TransferBenchmark host port user keyFile knownHosts remoteDir localFile"
                    + " [reps] [case,...]");
            System.exit(2);
        }
        int reps = args.length > 7 ? Integer.parseInt(args[7]) : 3;
        List<String> only = args.length > 8 ? Arrays.asList(args[8].split(",")) : List.of();
        new TransferBenchmark(args).run(reps, only);
    }

    private interface Case {
        void run() throws Exception;
    }

    private void run(int reps, List<String> only) throws Exception {
        BufferPool pool = BufferPool.builder().build();
        String src = file.toString();
        String upFile = remoteDir + "/bench-upload";
        try (SshRunner ours = SshRunner.builder(host)
                        .port(port)
                        .credentials(SshCredentials.privateKey(user, key))
                        .hostKeys(HostKeyPolicy.knownHosts(knownHosts))
                        .pool(pool)
                        .connect();
                SSHClient sshjDefault = sshj(new DefaultConfig());
                SSHClient sshjGcm = sshj(SshConfigs.shared());
                SFTPClient sftp = sshjGcm.newSFTPClient()) {
            Session jsch = jsch();
            TransferOptions noSync = TransferOptions.builder().syncFiles(false).build();
            SshTransfer transfer = SshTransfer.over(ours).withOptions(noSync);
            // cipher contenders for the transfer path: one connection each, opened only if a case selects it
            Map<String, Config> cipherConfigs = new LinkedHashMap<>();
            cipherConfigs.put(
                    "aes128-ctr + hmac-sha2-256-etm (JDK, low-allocation opt-in)", SshConfigs.lowAllocationTransfer());
            cipherConfigs.put(
                    "aes128-ctr + hmac-sha2-256 (JDK)",
                    SshConfigs.preferring(
                            SshConfigs.newLowGarbageConfig(),
                            JdkCtrCipherFactory.aes128Ctr(),
                            JdkHmacFactory.hmacSha256()));
            cipherConfigs.put(
                    "aes256-ctr + hmac-sha2-256-etm (JDK)",
                    SshConfigs.preferring(
                            SshConfigs.newLowGarbageConfig(),
                            JdkCtrCipherFactory.aes256Ctr(),
                            JdkHmacFactory.hmacSha256Etm()));
            cipherConfigs.put(
                    "aes256-gcm (JDK)",
                    SshConfigs.preferring(SshConfigs.newLowGarbageConfig(), JdkGcmCipherFactory.aes256Gcm()));
            cipherConfigs.put(
                    "aes128-gcm (JDK) + keystream padding",
                    SshConfigs.preferring(SshConfigs.newLowGarbageConfig(), JdkGcmCipherFactory.aes128Gcm()));
            Map<String, SshTransfer> lazy = new HashMap<>();
            List<SshRunner> extra = new ArrayList<>();
            java.util.function.Function<String, SshTransfer> cipherTransfer = name -> lazy.computeIfAbsent(name, n -> {
                try {
                    SshRunner r = SshRunner.builder(host)
                            .port(port)
                            .credentials(SshCredentials.privateKey(user, key))
                            .hostKeys(HostKeyPolicy.knownHosts(knownHosts))
                            .pool(pool)
                            .config(cipherConfigs.get(n))
                            .connect();
                    extra.add(r);
                    return SshTransfer.over(r).withOptions(noSync);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Map<String, Case> down = new LinkedHashMap<>();
            down.put(
                    "ours (exec cat, JDK aes128-gcm, pooled ring)",
                    () -> transfer.download(RemoteSource.file(src), OutputStream.nullOutputStream()));
            for (String c : cipherConfigs.keySet()) {
                down.put(
                        "ours, " + c,
                        () -> cipherTransfer
                                .apply(c)
                                .download(RemoteSource.file(src), OutputStream.nullOutputStream()));
            }
            down.put("sshj exec stream, JDK aes128-gcm", () -> sshjExecDown(sshjGcm, "cat " + src));
            down.put("sshj SFTP read-ahead, JDK aes128-gcm", () -> sftpDown(sftp, src));
            down.put(
                    "sshj SCP, JDK aes128-gcm",
                    () -> sshjGcm.newSCPFileTransfer().download(src, new NullDest()));
            down.put("sshj defaults (BouncyCastle chacha20-poly1305)", () -> sshjExecDown(sshjDefault, "cat " + src));
            down.put("JSch defaults", () -> jschDown(jsch, "cat " + src));
            down.put(
                    "OpenSSH ssh client, aes128-gcm",
                    () -> process(List.of("sh", "-c", sshCommand() + " 'cat " + src + "' > /dev/null")));
            down.put("netcat, no encryption", () -> netcat(src));

            Map<String, Case> up = new LinkedHashMap<>();
            up.put(
                    "ours (exec cat, JDK aes128-gcm, pooled chunk)",
                    () -> transfer.upload(file, RemoteTarget.commandInput("cat > /dev/null")));
            up.put(
                    "ours to a remote file (part file, length check, mv)",
                    () -> transfer.upload(file, RemoteTarget.file(upFile)));
            for (String c : cipherConfigs.keySet()) {
                up.put(
                        "ours, " + c,
                        () -> cipherTransfer.apply(c).upload(file, RemoteTarget.commandInput("cat > /dev/null")));
            }
            up.put("sshj exec stream, JDK aes128-gcm", () -> sshjExecUp(sshjGcm));
            up.put("sshj SFTP put, JDK aes128-gcm (to a file)", () -> sftp.put(new FileSystemFile(src), upFile));
            up.put(
                    "sshj SCP upload, JDK aes128-gcm (to a file)",
                    () -> sshjGcm.newSCPFileTransfer().upload(new FileSystemFile(src), upFile));
            up.put("sshj defaults (BouncyCastle chacha20-poly1305)", () -> sshjExecUp(sshjDefault));
            up.put("JSch defaults", () -> jschUp(jsch));
            up.put(
                    "OpenSSH ssh client, aes128-gcm",
                    () -> process(List.of("sh", "-c", sshCommand() + " 'cat > /dev/null' < " + src)));
            up.put("netcat, no encryption", () -> netcat(src));

            measure("download", down, reps, only);
            measure("upload", up, reps, only);
            jsch.disconnect();
            for (SshRunner r : extra) {
                r.close();
            }
        }
        report();
    }

    // ------------------------------------------------------------------ measuring

    /**
     * Warms every case up once, then runs the cases round-robin, {@code reps} rounds: on a shared machine load
     * comes and goes, and interleaving spreads it over all cases instead of penalising whichever ran then.
     */
    private void measure(String direction, Map<String, Case> cases, int reps, List<String> only) throws Exception {
        Map<String, Case> selected = new LinkedHashMap<>();
        for (Map.Entry<String, Case> c : cases.entrySet()) {
            String name = direction + ": " + c.getKey();
            if (only.isEmpty() || only.stream().anyMatch(name::contains)) {
                selected.put(name, c.getValue());
            }
        }
        for (Case c : selected.values()) {
            c.run(); // warm-up (JIT, caches); not recorded
            removeUploadedFile();
        }
        for (int i = 0; i < reps; i++) {
            for (Map.Entry<String, Case> c : selected.entrySet()) {
                Map<Long, Long> before = allocatedByThread();
                long t0 = System.nanoTime();
                c.getValue().run();
                long nanos = System.nanoTime() - t0;
                long allocated = allocatedSince(before);
                removeUploadedFile();
                double mbps = size * 1e3 / nanos;
                double perMiB = allocated / (size / (double) (1 << 20));
                results.computeIfAbsent(c.getKey(), k -> new ArrayList<>()).add(new double[] {mbps, perMiB});
                System.err.printf(Locale.ROOT, "%-75s %8.1f MB/s %10.0f B/MiB%n", c.getKey(), mbps, perMiB);
            }
        }
    }

    /**
     * Every "to a file" upload starts without an existing target, outside the timed region: replacing a 1 GiB
     * file costs the file system the same for every peer, but unevenly (truncate in place vs rename over).
     * The server is on loopback, so its directory is ours too.
     */
    private void removeUploadedFile() throws IOException {
        Files.deleteIfExists(Path.of(remoteDir, "bench-upload"));
    }

    private void report() {
        Map<String, Double> mbps = new HashMap<>();
        System.out.println("| transfer (1 GiB, loopback) | MB/s (median) | heap allocated per MiB (JVM) |");
        System.out.println("| --- | ---: | ---: |");
        for (Map.Entry<String, List<double[]>> e : results.entrySet()) {
            double[] t = e.getValue().stream().mapToDouble(r -> r[0]).sorted().toArray();
            double[] a = e.getValue().stream().mapToDouble(r -> r[1]).sorted().toArray();
            double medianT = t[t.length / 2];
            mbps.put(e.getKey(), medianT);
            boolean external = e.getKey().contains("OpenSSH") || e.getKey().contains("netcat");
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %.0f | %s |%n",
                    e.getKey(),
                    medianT,
                    external ? "(native)" : String.format(Locale.ROOT, "%.0f B", a[a.length / 2]));
        }
        for (String dir : List.of("download", "upload")) {
            Double ours = mbps.get(
                    dir + ": ours (exec cat, JDK aes128-gcm, pooled " + (dir.equals("download") ? "ring)" : "chunk)"));
            Double ssh = mbps.get(dir + ": OpenSSH ssh client, aes128-gcm");
            Double nc = mbps.get(dir + ": netcat, no encryption");
            if (ours != null && ssh != null && nc != null) {
                System.out.printf(
                        Locale.ROOT,
                        "%s: ours / OpenSSH client = %.2fx (target >= 1.2x), "
                                + "ours / netcat = %.2fx (target >= 0.8x)%n",
                        dir,
                        ours / ssh,
                        ours / nc);
            }
        }
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static Map<Long, Long> allocatedByThread() {
        Map<Long, Long> m = new HashMap<>();
        for (long id : THREADS.getAllThreadIds()) {
            m.put(id, THREADS.getThreadAllocatedBytes(id));
        }
        return m;
    }

    /** Threads that ended in between are lost: every connection stays open for the whole run. */
    private static long allocatedSince(Map<Long, Long> before) {
        long total = 0;
        for (long id : THREADS.getAllThreadIds()) {
            long now = THREADS.getThreadAllocatedBytes(id);
            if (now > 0) {
                total += now - before.getOrDefault(id, 0L);
            }
        }
        return total;
    }

    // ------------------------------------------------------------------ peers

    private SSHClient sshj(Config config) throws IOException {
        SSHClient c = new SSHClient(config);
        c.setSocketFactory(NoDelaySocketFactory.INSTANCE);
        c.loadKnownHosts(knownHosts.toFile());
        c.connect(host, port);
        c.authPublickey(user, key.toString());
        return c;
    }

    private void sshjExecDown(SSHClient client, String command) throws IOException {
        try (net.schmizz.sshj.connection.channel.direct.Session s = client.startSession();
                Command cmd = s.exec(command)) {
            InputStream in = cmd.getInputStream();
            long total = drain(in);
            cmd.join(60, TimeUnit.SECONDS);
            check(total);
        }
    }

    private void sshjExecUp(SSHClient client) throws IOException {
        try (net.schmizz.sshj.connection.channel.direct.Session s = client.startSession();
                Command cmd = s.exec("cat > /dev/null");
                InputStream in = Files.newInputStream(file)) {
            OutputStream out = cmd.getOutputStream();
            int n;
            while ((n = in.read(array)) > 0) {
                out.write(array, 0, n);
            }
            out.close();
            cmd.join(60, TimeUnit.SECONDS);
        }
    }

    private void sftpDown(SFTPClient sftp, String path) throws IOException {
        try (RemoteFile rf = sftp.open(path)) {
            check(drain(rf.new ReadAheadRemoteFileInputStream(16)));
        }
    }

    private Session jsch() throws Exception {
        JSch jsch = new JSch();
        jsch.addIdentity(key.toString());
        jsch.setKnownHosts(knownHosts.toString());
        Session s = jsch.getSession(user, host, port);
        s.setConfig("StrictHostKeyChecking", "yes");
        s.connect(30_000);
        return s;
    }

    private void jschDown(Session session, String command) throws Exception {
        ChannelExec ch = (ChannelExec) session.openChannel("exec");
        ch.setCommand(command);
        InputStream in = ch.getInputStream();
        ch.connect();
        check(drain(in));
        ch.disconnect();
    }

    private void jschUp(Session session) throws Exception {
        ChannelExec ch = (ChannelExec) session.openChannel("exec");
        ch.setCommand("cat > /dev/null");
        OutputStream out = ch.getOutputStream();
        ch.connect();
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(array)) > 0) {
                out.write(array, 0, n);
            }
        }
        out.close();
        while (!ch.isClosed()) {
            Thread.sleep(1);
        }
        ch.disconnect();
    }

    private String sshCommand() {
        return "ssh -T -p " + port + " -i " + key + " -o BatchMode=yes -o UserKnownHostsFile=" + knownHosts
                + " -o StrictHostKeyChecking=yes -c aes128-gcm@openssh.com " + user + "@" + host;
    }

    private void netcat(String src) throws Exception {
        int ncPort = port + 1;
        Process listener = new ProcessBuilder("sh", "-c", "exec nc -l 127.0.0.1 " + ncPort + " > /dev/null")
                .redirectErrorStream(true)
                .start();
        // the listener binds asynchronously: retry the connect instead of guessing how long that takes
        for (int attempt = 1; ; attempt++) {
            Thread.sleep(100);
            try {
                process(List.of("sh", "-c", "nc -N 127.0.0.1 " + ncPort + " < " + src));
                break;
            } catch (IOException e) {
                if (attempt == 50 || !listener.isAlive()) {
                    throw e;
                }
            }
        }
        if (!listener.waitFor(60, TimeUnit.SECONDS)) {
            listener.destroyForcibly();
            throw new IOException("netcat listener did not finish");
        }
    }

    private static void process(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        if (p.waitFor() != 0) {
            throw new IOException("failed (" + p.exitValue() + "): " + command);
        }
    }

    private long drain(InputStream in) throws IOException {
        long total = 0;
        int n;
        while ((n = in.read(array)) >= 0) {
            total += n;
        }
        return total;
    }

    private void check(long total) throws IOException {
        if (total != size) {
            throw new IOException("received " + total + " bytes, expected " + size);
        }
    }

    /** SCP's destination: discards, so the measure is the transport, not the disk. */
    private static final class NullDest extends InMemoryDestFile {
        @Override
        public long getLength() {
            return 0;
        }

        @Override
        public OutputStream getOutputStream() {
            return OutputStream.nullOutputStream();
        }

        @Override
        public OutputStream getOutputStream(boolean append) {
            return OutputStream.nullOutputStream();
        }
    }
}
