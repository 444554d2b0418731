package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The transfer contract against an in-process Apache MINA SSHD server running commands with /bin/sh. */
class EmbeddedSshTransferTest extends TransferContractTest {

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

    @Override
    protected SshTestServer newServer() throws Exception {
        return EmbeddedSshServer.start();
    }
}
