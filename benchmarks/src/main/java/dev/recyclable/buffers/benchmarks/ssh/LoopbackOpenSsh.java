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
package dev.recyclable.buffers.benchmarks.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private OpenSSH server on 127.0.0.1 for the SSH benchmarks, started the way buffers-ssh's test fixture does:
 * {@code /usr/sbin/sshd -D -e -f <generated config>} with generated host and client keys in a temp dir, logging
 * in as the dedicated test user ({@code rbtest}, or env {@code RB_SSH_TEST_USER}; {@code .ci/setup-ssh.sh}
 * creates it). Never touches the machine's own sshd. Stopped by its PID.
 */
final class LoopbackOpenSsh implements AutoCloseable {

    final String user = System.getenv().getOrDefault("RB_SSH_TEST_USER", "rbtest");
    final Path dir;
    final Path clientKey;
    final Path knownHosts;
    final int port;
    private final Process sshd;

    LoopbackOpenSsh() throws Exception {
        dir = Files.createTempDirectory("rb-bench-sshd-");
        // sshd runs the session as the test user, who must read authorized_keys
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path hostKey = dir.resolve("host_key");
        clientKey = dir.resolve("client_key");
        exec("/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey.toString());
        exec("/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", clientKey.toString());
        Path authorized = dir.resolve("authorized_keys");
        Files.copy(dir.resolve("client_key.pub"), authorized);
        Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-r--r--"));
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("sshd_config");
        Files.write(
                config,
                List.of(
                        "ListenAddress 127.0.0.1:" + port,
                        "HostKey " + hostKey,
                        "PidFile none",
                        "AuthorizedKeysFile " + authorized,
                        "StrictModes no",
                        "UsePAM no",
                        "PasswordAuthentication no",
                        "KbdInteractiveAuthentication no",
                        "AllowUsers " + user,
                        "MaxSessions 32",
                        "LogLevel ERROR",
                        "UseDNS no",
                        "PrintMotd no"));
        sshd = new ProcessBuilder("/usr/sbin/sshd", "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("sshd.log").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                break;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !sshd.isAlive()) {
                    throw new IllegalStateException("sshd did not start (is openssh-server installed and user '" + user
                            + "' created by .ci/setup-ssh.sh?): " + Files.readString(dir.resolve("sshd.log")));
                }
                Thread.sleep(20);
            }
        }
        String[] pub = Files.readString(dir.resolve("host_key.pub")).trim().split(" ");
        knownHosts = dir.resolve("known_hosts");
        Files.writeString(knownHosts, "[127.0.0.1]:" + port + " " + pub[0] + " " + pub[1] + "\n");
    }

    @Override
    public void close() throws IOException {
        sshd.descendants().forEach(ProcessHandle::destroyForcibly);
        sshd.destroyForcibly();
        try {
            sshd.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static void exec(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (InputStream in = p.getInputStream();
                OutputStream sink = OutputStream.nullOutputStream()) {
            in.transferTo(sink);
        }
        if (p.waitFor() != 0) {
            throw new IllegalStateException("failed: " + String.join(" ", command));
        }
    }
}
