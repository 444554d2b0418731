package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The transfer contract against a real OpenSSH server started for this class. */
class OpenSshTransferTest extends TransferContractTest {

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    @Override
    protected SshTestServer server() {
        return SERVER.get();
    }

    @Override
    protected SshTestServer newServer() throws Exception {
        return SERVER.startAnother();
    }
}
