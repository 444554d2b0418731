package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The runner contract against an in-process Apache MINA SSHD server that runs commands with /bin/sh. */
class EmbeddedSshRunnerTest extends SshRunnerContractTest {

    @RegisterExtension
    static final ServerPerClass<EmbeddedSshServer> SERVER = ServerPerClass.of(EmbeddedSshServer::start);

    @Override
    protected SshTestServer server() {
        return SERVER.get();
    }
}
