package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The runner contract against a real OpenSSH server started for this class. */
class OpenSshRunnerTest extends SshRunnerContractTest {

    private static OpenSshServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = OpenSshServer.builder().maxSessions(32).start();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected SshTestServer server() {
        return server;
    }
}
