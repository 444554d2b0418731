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

import dev.recyclable.buffers.ssh.fanout.FanoutExecutor;
import dev.recyclable.buffers.ssh.fanout.FanoutRun;
import dev.recyclable.buffers.ssh.fanout.FanoutTarget;
import dev.recyclable.buffers.ssh.fanout.TargetResult;
import dev.recyclable.buffers.ssh.runner.RunningCommand;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.ssh.transfer.RemoteSource;
import dev.recyclable.buffers.ssh.transfer.SshTransfer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The SSH code README.md shows, compiled with the tests; buffers-core's ReadmeSnippetsTest checks that the
 * README block marked {@code <!-- snippet: this file#name -->} matches the region {@code name} here.
 */
@SuppressWarnings("unused") // compiled, not called: the README's variables are this method's parameters
final class ReadmeSnippets {

    private ReadmeSnippets() {}

    static void ssh() throws IOException, InterruptedException {
        // README:begin ssh
        HostKeyPolicy hostKeys = HostKeyPolicy.knownHosts(Path.of("/etc/deploy/known_hosts"));
        // or HostKeyPolicy.pinnedFingerprint("SHA256:...") as `ssh-keygen -l -f key.pub` prints it
        SshCredentials deploy = SshCredentials.privateKey("deploy", Path.of("/etc/deploy/id_ed25519"));
        CommandOptions options = CommandOptions.defaults().withTimeout(Duration.ofMinutes(1)); // output limit, stdin
        try (SshRunner ssh = SshRunner.builder("db1.example.org")
                .credentials(deploy)
                .hostKeys(hostKeys)
                .connect()) {
            try (CommandResult r = ssh.run("uname -a", options)) { // r.stdout()/r.stderr(): RecyclableOutputStreams
                r.stdout().writeTo(System.out);
            } // chunks back to the pool, zeroed
            ssh.stream("tail -n 1000 /var/log/app.log", options, event -> event.writeTo(System.out)); // per packet
            RunningCommand warmUp = ssh.launch("/opt/app/warm-cache", options); // output counted and dropped
            warmUp.await(); // or cancel()
            SshTransfer.over(ssh).download(RemoteSource.file("/var/log/app.log"), Path.of("app.log"));
        }
        List<FanoutTarget> targets = Stream.of("web1", "web2", "web3") // same credentials and policy objects:
                .map(host -> FanoutTarget.of(host, host, 22, deploy, hostKeys))
                .toList(); // targets share connections
        try (FanoutExecutor fleet = FanoutExecutor.builder().maxInFlight(500).build();
                FanoutRun run = fleet.start(targets, "uptime", options)) {
            for (TargetResult t : run) {
                try (t) {
                    /* in completion order; t.output() is a CommandResult when the command ran */
                }
            }
        }
        // README:end ssh
    }
}
