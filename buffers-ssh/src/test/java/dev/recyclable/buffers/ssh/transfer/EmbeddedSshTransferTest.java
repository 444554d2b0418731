package dev.recyclable.buffers.ssh.transfer;

import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The transfer contract against an in-process Apache MINA SSHD server running commands with /bin/sh. */
class EmbeddedSshTransferTest extends TransferContractTest {

    @RegisterExtension
    static final ServerPerClass<EmbeddedSshServer> SERVER = ServerPerClass.of(EmbeddedSshServer::start);

    @Override
    protected SshTestServer server() {
        return SERVER.get();
    }

    @Override
    protected SshTestServer newServer() throws Exception {
        return SERVER.startAnother();
    }
}
