package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The transfer contract against a real OpenSSH server started for this class. */
class OpenSshTransferTest extends TransferContractTest {

    private static OpenSshServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = OpenSshServer.start();
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

    @Override
    protected SshTestServer newServer() throws Exception {
        return OpenSshServer.start();
    }
}
