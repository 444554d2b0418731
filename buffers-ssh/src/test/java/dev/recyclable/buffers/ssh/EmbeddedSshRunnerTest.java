package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The runner contract against an in-process Apache MINA SSHD server that runs commands with /bin/sh. */
class EmbeddedSshRunnerTest extends SshRunnerContractTest {

    private static EmbeddedSshServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedSshServer.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected SshTestServer server() {
        return server;
    }
}
