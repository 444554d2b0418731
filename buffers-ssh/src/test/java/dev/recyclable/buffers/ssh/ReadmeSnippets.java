package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.ssh.fanout.FanoutExecutor;
import dev.recyclable.buffers.ssh.fanout.FanoutRun;
import dev.recyclable.buffers.ssh.fanout.FanoutTarget;
import dev.recyclable.buffers.ssh.fanout.TargetResult;
import dev.recyclable.buffers.ssh.transfer.RemoteSource;
import dev.recyclable.buffers.ssh.transfer.SshTransfer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The SSH code README.md shows, compiled with the tests; buffers-core's ReadmeSnippetsTest checks that the
 * README block marked {@code <!-- snippet: this file#name -->} matches the region {@code name} here.
 */
@SuppressWarnings("unused") // compiled, not called: the README's variables are this method's parameters
final class ReadmeSnippets {

    private ReadmeSnippets() {}

    static void ssh(List<FanoutTarget> targets) throws IOException {
        // README:begin ssh
        try (SshRunner ssh = SshRunner.builder("db1.example.org")
                .credentials(SshCredentials.privateKey("deploy", Path.of("/etc/deploy/id_ed25519")))
                .connect();
             CommandResult r = ssh.run("uname -a")) {          // r.stdout()/r.stderr(): RecyclableOutputStreams
            r.stdout().writeTo(System.out);
            SshTransfer.over(ssh).download(RemoteSource.file("/var/log/app.log"), Path.of("app.log"));
        }                                                       // chunks back to the pool, zeroed
        try (FanoutExecutor fleet = FanoutExecutor.builder().maxInFlight(500).build();
             FanoutRun run = fleet.start(targets, "uptime")) {
            for (TargetResult t : run) { try (t) { /* in completion order */ } }
        }
        // README:end ssh
    }
}
