package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The runner contract against a real OpenSSH server started for this class. */
class OpenSshRunnerTest extends SshRunnerContractTest {

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(() -> OpenSshServer.builder().maxSessions(32).start());

    @Override
    protected SshTestServer server() {
        return SERVER.get();
    }
}
