/*
 * Copyright 2026 The Recyclable Buffers Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshConnectException;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.internal.keys.HostKeyCheck;
import dev.recyclable.buffers.ssh.internal.time.Durations;
import dev.recyclable.buffers.ssh.transport.NoDelaySocketFactory;
import java.io.IOException;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.transport.DisconnectListener;
import net.schmizz.sshj.transport.verification.HostKeyVerifier;

/**
 * Opens, verifies and authenticates one sshj connection: the set-up shared by {@code SshRunner.Builder.connect()}
 * and the fan-out's connector threads. Blocking.
 *
 * @param connectTimeout TCP connect timeout
 * @param replyTimeout   how long to wait for the server's replies (handshake, channel open, exec)
 */
public record Connector(Config config, Duration connectTimeout, Duration replyTimeout) {

    /**
     * Connects with TCP_NODELAY, verifies the host key and authenticates; on any failure closes the client again
     * (a close failure is added to the thrown exception as suppressed).
     *
     * @param onDisconnect told when the transport dies later (server gone, network cut, our own close), or
     *                     {@code null} for sshj's default
     * @throws SshConnectException saying what failed ({@link SshConnectException#reason()}) and what to do
     */
    public SSHClient connect(
            String host, int port, HostKeyPolicy hostKeys, SshCredentials credentials, DisconnectListener onDisconnect)
            throws SshConnectException {
        SSHClient client = new SSHClient(config);
        client.setSocketFactory(NoDelaySocketFactory.INSTANCE);
        int replyTimeoutMs = Durations.toSshjMillis(replyTimeout); // 0: no limit, in sshj as in the socket
        client.setConnectTimeout(Durations.toSshjMillis(connectTimeout));
        client.setTimeout(replyTimeoutMs);
        client.getTransport().setTimeoutMs(replyTimeoutMs); // the key exchange's wait, else sshj's own 30 s
        client.getConnection().setTimeoutMs(replyTimeoutMs);
        HostKeyCheck check =
                (HostKeyCheck) hostKeys.verifier(config); // ours: it keeps what it decided, for the message
        GuardedHostKeyCheck guarded = new GuardedHostKeyCheck(check);
        boolean loggingIn = false;
        try {
            client.addHostKeyVerifier(guarded);
            if (onDisconnect != null) {
                client.getTransport().setDisconnectListener(onDisconnect);
            }
            client.connect(host, port);
            loggingIn = true;
            credentials.authenticate(client);
            return client;
        } catch (IOException | RuntimeException e) {
            if (guarded.thrown instanceof Error error) { // the policy's check failed on the reader thread
                closeQuietly(client);
                throw UserCodeGuard.rethrowError(error);
            }
            // classified before the close: whether the transport still runs tells a lost connection from a refusal
            SshConnectException failure = SshErrors.connectFailed(host, port, credentials, check, client, loggingIn, e);
            if (guarded.thrown != null) {
                failure.addSuppressed(guarded.thrown);
            }
            try {
                client.close();
            } catch (IOException | RuntimeException suppressed) {
                failure.addSuppressed(suppressed);
            }
            throw failure;
        } catch (Error e) { // e.g. from reading a key file: the connection must not outlive it
            closeQuietly(client);
            throw e;
        }
    }

    /**
     * The host-key check, called by sshj during the handshake (on its reader thread), behind the one guard for
     * code this module does not control ({@link UserCodeGuard}): anything it throws past {@link HostKeyCheck}'s own
     * handling, an Error included, refuses the key, so the handshake ends at once (a throwable escaping would
     * end sshj's reader thread instead, and the connect would wait for its reply timeout), and the connect
     * rethrows it.
     */
    private static final class GuardedHostKeyCheck implements HostKeyVerifier {
        private final HostKeyCheck check;
        volatile Throwable thrown;

        GuardedHostKeyCheck(HostKeyCheck check) {
            this.check = check;
        }

        @Override
        public boolean verify(String hostname, int port, PublicKey key) {
            if (thrown != null) {
                return false;
            }
            try {
                return check.verify(hostname, port, key);
            } catch (Throwable t) { // see UserCodeGuard
                thrown = t;
                return false;
            }
        }

        @Override
        public List<String> findExistingAlgorithms(String hostname, int port) {
            try {
                return check.findExistingAlgorithms(hostname, port);
            } catch (Throwable t) { // see UserCodeGuard; verify() then refuses
                thrown = t;
                return List.of();
            }
        }
    }

    public static void closeQuietly(SSHClient client) {
        try {
            client.close();
        } catch (IOException | RuntimeException ignored) {
            // closing: nothing left to do with the error
        }
    }
}
