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

import static dev.recyclable.buffers.ssh.internal.keys.Causes.describe;

import dev.recyclable.buffers.ssh.ConnectionLostException;
import dev.recyclable.buffers.ssh.SshCommandException;
import dev.recyclable.buffers.ssh.SshConnectException;
import dev.recyclable.buffers.ssh.SshConnectException.Reason;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.keys.HostKeyCheck;
import dev.recyclable.buffers.ssh.internal.keys.HostKeyVerdict;
import dev.recyclable.buffers.ssh.internal.keys.HostKeys;
import dev.recyclable.buffers.ssh.internal.keys.HostPatterns;
import dev.recyclable.buffers.ssh.internal.keys.KeyFileException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.PublicKey;
import java.util.Collection;
import java.util.concurrent.TimeoutException;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.KeyType;
import net.schmizz.sshj.common.SSHException;
import net.schmizz.sshj.userauth.UserAuthException;

/**
 * The one place that turns what went wrong into a message a user can act on, for {@code SshRunner} and the
 * fan-out alike: {@code host:port} (and user), what happened in the user's terms, and what to do.
 */
public final class SshErrors {

    private SshErrors() {}

    /** {@code host:port}, with brackets around IPv6 literals. */
    public static String where(String host, int port) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * Why a channel ended without a normal close: the server refused to open it, or (anything else) the
     * connection died under the command.
     */
    public static SshCommandException channelFailed(String command, CaptureChannel channel, Throwable cause) {
        if (cause instanceof net.schmizz.sshj.connection.channel.OpenFailException refused) {
            return new SshCommandException(
                    command,
                    channel.remote() + " refused to open a session channel (" + refused.getMessage()
                            + "); over its MaxSessions limit?",
                    cause);
        }
        return connectionLost(command, channel, cause);
    }

    /** The connection died under a running command. */
    public static ConnectionLostException connectionLost(String command, CaptureChannel channel, Throwable cause) {
        return new ConnectionLostException(
                command,
                "connection to " + channel.remote() + " lost while the command "
                        + "ran (" + describe(cause)
                        + "); the command may or may not have finished on the server and its "
                        + "output may be incomplete",
                cause);
    }

    /** A command was started on a runner that was closed, or whose connection is gone. */
    public static SshCommandException notConnected(String command, String where, boolean closedByUs, Throwable cause) {
        return closedByUs
                ? new SshCommandException(
                        command,
                        "the SshRunner for " + where + " was closed: build a new one "
                                + "(SshRunner.builder(...).connect()) to run more commands",
                        cause)
                : new ConnectionLostException(
                        command,
                        "the connection to " + where + " is gone (" + describe(cause)
                                + "): connect again to run more commands",
                        cause);
    }

    /**
     * Why opening, verifying or authenticating a connection failed.
     *
     * @param client    the client that tried (still open: whether it is connected tells a lost connection from
     *                  a refusal)
     * @param hostKeys  the verifier of this connection attempt
     * @param loggingIn whether the handshake had completed and authentication begun
     */
    public static SshConnectException connectFailed(
            String host,
            int port,
            SshCredentials credentials,
            HostKeyCheck hostKeys,
            SSHClient client,
            boolean loggingIn,
            Throwable e) {
        String where = where(host, port);
        String user = credentials.user();
        if (hostKeys.verdict() != null && !hostKeys.verdict().accepted() || hostKeys.error() != null) {
            return hostKeyRefused(host, port, user, hostKeys, e);
        }
        if (hostKeys.forgedCertificate()) {
            return new SshConnectException(
                    Reason.HANDSHAKE_FAILED,
                    host,
                    port,
                    user,
                    where + " presented a host certificate whose CA signature does not verify: refused, as ssh "
                            + "refuses it; the certificate is corrupt or forged",
                    e);
        }
        if (!loggingIn && tcpConnected(client) && hasCause(e, TimeoutException.class, SocketTimeoutException.class)) {
            // it answered the TCP handshake, so it is reachable: what stopped is the SSH server behind the port
            String banner = serverVersion(client);
            return new SshConnectException(
                    Reason.SERVER_SILENT,
                    host,
                    port,
                    user,
                    where + " accepted the connection but "
                            + (banner == null
                                    ? "sent no SSH banner"
                                    : "stopped answering during the SSH handshake (server " + banner + ")")
                            + " within the reply timeout of "
                            + client.getTransport().getTimeoutMs()
                            + " ms (replyTimeout): the host is reachable, the SSH server on the port is hung or "
                            + "overloaded, or a proxy or load balancer holds the connection with no server behind "
                            + "it. Check that sshd answers there (ssh -v), or raise replyTimeout for a slow server",
                    e);
        }
        KeyFileException keyFile = causeOf(e, KeyFileException.class);
        if (keyFile != null) {
            // checked before the transport: a missing key file is an IOException, yet no connection was lost
            return new SshConnectException(
                    Reason.AUTH_FAILED,
                    host,
                    port,
                    user,
                    "login as " + user + " at " + where + " not attempted: " + keyFile.getMessage(),
                    e);
        }
        if (loggingIn && (!client.isConnected() || causedByTransport(e))) {
            return new SshConnectException(
                    Reason.CONNECTION_LOST,
                    host,
                    port,
                    user,
                    "connection to " + where
                            + " lost during login as " + user + " (" + describe(e) + "): the server closed it or died; "
                            + "not an authentication failure",
                    e);
        }
        if (e instanceof UserAuthException || hasCause(e, UserAuthException.class)) {
            Collection<String> allowed = client.getUserAuth().getAllowedMethods();
            return new SshConnectException(
                    Reason.AUTH_FAILED,
                    host,
                    port,
                    user,
                    "authentication as " + user + " at "
                            + where + " refused: tried " + credentials.method() + "; the server allows "
                            + (allowed == null || allowed.isEmpty() ? "(not said)" : String.join(", ", allowed))
                            + ". Check the user name, and that the key is in that user's authorized_keys (or the password)",
                    e);
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException && String.valueOf(t.getMessage()).contains("refused")) {
                return new SshConnectException(
                        Reason.CONNECTION_REFUSED,
                        host,
                        port,
                        user,
                        "connection to " + where
                                + " refused: the host is up but no SSH server listens on port " + port
                                + " (sshd stopped, or another port)",
                        e);
            }
            if (t instanceof SocketTimeoutException
                    || t instanceof NoRouteToHostException
                    || t instanceof ConnectException) {
                return new SshConnectException(
                        Reason.UNREACHABLE,
                        host,
                        port,
                        user,
                        where + " unreachable (" + describe(t) + "): check the host name, port, network and firewall",
                        e);
            }
            if (t instanceof UnknownHostException) {
                return new SshConnectException(
                        Reason.UNREACHABLE,
                        host,
                        port,
                        user,
                        where + " unreachable: cannot resolve host name '" + host + "' (" + describe(t)
                                + "): check the host name",
                        e);
            }
        }
        return new SshConnectException(
                Reason.HANDSHAKE_FAILED,
                host,
                port,
                user,
                "SSH handshake with " + where
                        + " failed (" + describe(e) + "); if the server closed the connection, it may be over its "
                        + "MaxStartups limit of unauthenticated connections, restarting, or not an SSH server",
                e);
    }

    private static SshConnectException hostKeyRefused(
            String host, int port, String user, HostKeyCheck check, Throwable e) {
        String where = where(host, port);
        String name = HostPatterns.lookupName(host, port);
        String policy = String.valueOf(check.rule());
        PublicKey key = check.presented();
        String keyText = key == null
                ? "its key"
                : KeyType.fromKey(key) + " key " + HostKeys.sha256Fingerprint(HostKeys.blob(HostKeys.plainKey(key)));
        if (check.error() != null) {
            return new SshConnectException(
                    Reason.HOST_KEY_UNKNOWN,
                    host,
                    port,
                    user,
                    "host key of " + where + " could not be checked, so it is not trusted: " + describe(check.error()),
                    e);
        }
        HostKeyVerdict verdict = check.verdict();
        return switch (verdict) {
            case REVOKED_KEY ->
                new SshConnectException(
                        Reason.HOST_KEY_REVOKED,
                        host,
                        port,
                        user,
                        "REVOKED host key: "
                                + where + " presented " + keyText + ", which " + policy
                                + " marks @revoked. Not connecting: the server must be given a new host key",
                        e);
            case CHANGED_KEY ->
                new SshConnectException(
                        Reason.HOST_KEY_CHANGED,
                        host,
                        port,
                        user,
                        "host key of "
                                + where + " CHANGED: it presented " + keyText + ", but " + policy
                                + " expects another key for "
                                + name
                                + ". Someone could be eavesdropping (man in the middle), or the host key was replaced. "
                                + "Not connecting. If the change is expected, remove the old entry (ssh-keygen -R '"
                                + name
                                + "') and add the new key",
                        e);
            default ->
                new SshConnectException(
                        Reason.HOST_KEY_UNKNOWN,
                        host,
                        port,
                        user,
                        "host " + where
                                + " is UNKNOWN: " + policy + " has no key for " + name + "; it presented " + keyText
                                + ". Not connecting. If that fingerprint is the server's (ssh-keygen -l -f "
                                + "/etc/ssh/ssh_host_*_key.pub on it), add it: ssh-keyscan -p " + port + " " + host
                                + " >> known_hosts, or pin it with HostKeyPolicy.pinnedFingerprint",
                        e);
        };
    }

    /** An auth failure caused by the transport dying (sshj hands the transport's error to the auth waiter). */
    private static boolean causedByTransport(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SSHException && !(t instanceof UserAuthException)) {
                return true;
            }
            if (t instanceof java.io.IOException && !(t instanceof SSHException)) {
                return true; // socket errors
            }
        }
        return false;
    }

    @SafeVarargs
    private static boolean hasCause(Throwable e, Class<? extends Throwable>... types) {
        for (Class<? extends Throwable> type : types) {
            if (causeOf(e, type) != null) {
                return true;
            }
        }
        return false;
    }

    /** The version in the server's banner, or {@code null} if none arrived. */
    private static String serverVersion(SSHClient client) {
        try {
            return client.getTransport().getServerVersion();
        } catch (StringIndexOutOfBoundsException noBanner) {
            return null; // sshj holds "" until the banner comes, and cuts the "SSH-2.0-" prefix off it
        }
    }

    /** Whether the TCP connection was established (sshj keeps the socket it connected, closed or not). */
    private static boolean tcpConnected(SSHClient client) {
        return client.getSocket() != null && client.getSocket().isConnected();
    }

    private static <T extends Throwable> T causeOf(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
