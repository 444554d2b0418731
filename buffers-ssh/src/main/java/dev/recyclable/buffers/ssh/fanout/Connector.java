package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.ssh.transport.NoDelaySocketFactory;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.transport.DisconnectListener;

import java.io.IOException;
import java.time.Duration;

/** Opens, verifies and authenticates one sshj connection. Blocking: runs on a connector thread. */
final class Connector {

    private final Config config;
    private final int connectTimeoutMs;
    private final int replyTimeoutMs;

    Connector(Config config, Duration connectTimeout, Duration replyTimeout) {
        this.config = config;
        this.connectTimeoutMs = (int) connectTimeout.toMillis();
        this.replyTimeoutMs = (int) replyTimeout.toMillis();
    }

    /**
     * @param onDisconnect told when the transport dies later (server gone, network cut, our own close)
     */
    SSHClient connect(FanoutTarget.HostKey host, DisconnectListener onDisconnect) throws IOException {
        SSHClient client = new SSHClient(config);
        client.setSocketFactory(NoDelaySocketFactory.INSTANCE);
        client.setConnectTimeout(connectTimeoutMs);
        client.setTimeout(replyTimeoutMs);
        client.getConnection().setTimeoutMs(replyTimeoutMs);
        try {
            host.hostKeys().applyTo(client);
            client.getTransport().setDisconnectListener(onDisconnect);
            client.connect(host.host(), host.port());
            host.credentials().authenticate(client);
            return client;
        } catch (IOException | RuntimeException e) {
            closeQuietly(client);
            throw e;
        }
    }

    static void closeQuietly(SSHClient client) {
        try {
            client.close();
        } catch (IOException | RuntimeException ignored) {
            // closing: nothing left to do with the error
        }
    }
}
