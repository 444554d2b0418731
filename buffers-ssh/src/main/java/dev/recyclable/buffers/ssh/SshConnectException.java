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
package dev.recyclable.buffers.ssh;

import java.io.IOException;

/**
 * A connection could not be opened, verified or authenticated. The message names {@code host:port} (and the user
 * where it matters), says what happened in a user's terms and what to do; {@link #reason()} says it to code. The
 * cause is the underlying sshj or JDK exception.
 */
public class SshConnectException extends IOException {

    /** What went wrong. */
    public enum Reason {
        /** No answer in time, no route, or the host name does not resolve. */
        UNREACHABLE,
        /** The host answered but nothing listens on the port. */
        CONNECTION_REFUSED,
        /**
         * Something accepted the TCP connection, then sent nothing for the reply timeout
         * ({@link ConnectionSettings#replyTimeout replyTimeout}): no SSH banner, or no answer during the key
         * exchange. The host is reachable; the SSH server on it is hung or overloaded, or a proxy or load
         * balancer holds the connection without a server behind it.
         */
        SERVER_SILENT,
        /** The host is not in the known_hosts file (or no key of the presented type is listed for it). */
        HOST_KEY_UNKNOWN,
        /** Another key is listed for the host, or the key differs from the pinned one: possible man in the middle. */
        HOST_KEY_CHANGED,
        /** The key is listed under {@code @revoked}. */
        HOST_KEY_REVOKED,
        /**
         * The server refused every authentication method tried for the user, or the credentials could not be used
         * (a private key file missing, unreadable, or not decrypted by its passphrase: the login was not attempted).
         */
        AUTH_FAILED,
        /** The connection died during login, after the handshake (server gone, killed, network cut). */
        CONNECTION_LOST,
        /**
         * The SSH handshake failed: the server closed the connection (e.g. over OpenSSH's {@code MaxStartups}),
         * no common algorithm, protocol error.
         */
        HANDSHAKE_FAILED
    }

    private final Reason reason;
    private final String host;
    private final int port;
    private final String user;

    public SshConnectException(Reason reason, String host, int port, String user, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.host = host;
        this.port = port;
        this.user = user;
    }

    public Reason reason() {
        return reason;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The user the login was for. */
    public String user() {
        return user;
    }
}
