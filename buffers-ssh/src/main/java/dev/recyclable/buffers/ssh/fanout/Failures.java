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
package dev.recyclable.buffers.ssh.fanout;

import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.CommandTimeoutException;
import dev.recyclable.buffers.ssh.OutputLimitExceededException;
import dev.recyclable.buffers.ssh.SshConnectException;
import dev.recyclable.buffers.ssh.internal.SshErrors;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import net.schmizz.sshj.common.DisconnectReason;
import net.schmizz.sshj.common.SSHException;
import net.schmizz.sshj.userauth.UserAuthException;

/** Turns the exceptions of sshj and the JDK into a {@link FailureKind} and a reason a person can act on. */
final class Failures {

    record Classified(FailureKind kind, String reason) {}

    private Failures() {}

    /** Why opening and authenticating a connection failed. */
    static Classified ofConnect(Throwable e, FanoutTarget.HostKey host) {
        if (e instanceof SshConnectException c) {
            // the Connector already said what happened, in the same words SshRunner uses
            return new Classified(
                    switch (c.reason()) {
                        case UNREACHABLE -> FailureKind.UNREACHABLE;
                        case CONNECTION_REFUSED -> FailureKind.CONNECTION_REFUSED;
                        case HOST_KEY_UNKNOWN, HOST_KEY_CHANGED, HOST_KEY_REVOKED -> FailureKind.HOST_KEY_REJECTED;
                        case AUTH_FAILED -> FailureKind.AUTH_FAILED;
                        case CONNECTION_LOST -> FailureKind.CONNECTION_LOST; // e.g. the server died during login
                        case HANDSHAKE_FAILED, SERVER_SILENT -> FailureKind.HANDSHAKE_FAILED;
                    },
                    c.getMessage());
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UserAuthException) {
                return new Classified(
                        FailureKind.AUTH_FAILED,
                        "authentication as " + host.credentials().user() + " refused by " + where(host) + ": "
                                + t.getMessage());
            }
            if (t instanceof SSHException s && s.getDisconnectReason() == DisconnectReason.HOST_KEY_NOT_VERIFIABLE) {
                return new Classified(
                        FailureKind.HOST_KEY_REJECTED,
                        "host key of " + where(host) + " not accepted (unknown or changed: possible man in the "
                                + "middle): " + t.getMessage());
            }
            if (t instanceof ConnectException && String.valueOf(t.getMessage()).contains("refused")) {
                return new Classified(
                        FailureKind.CONNECTION_REFUSED,
                        where(host) + " refused the connection (host down or no sshd on that port): " + t.getMessage());
            }
            if (t instanceof SocketTimeoutException
                    || t instanceof NoRouteToHostException
                    || t instanceof UnknownHostException
                    || t instanceof ConnectException) {
                return new Classified(FailureKind.UNREACHABLE, where(host) + " unreachable: " + t);
            }
        }
        return new Classified(FailureKind.HANDSHAKE_FAILED, "SSH handshake with " + where(host) + " failed: " + e);
    }

    /** Why a command that got (or tried to get) a channel ended without a normal close. */
    static Classified ofCommand(Throwable e, boolean execSent, boolean connectionAlive) {
        if (e instanceof CommandTimeoutException) {
            return new Classified(FailureKind.TIMEOUT, e.getMessage());
        }
        if (e instanceof CommandCancelledException) {
            return new Classified(FailureKind.CANCELLED, e.getMessage());
        }
        if (e instanceof OutputLimitExceededException) {
            return new Classified(FailureKind.OUTPUT_LIMIT, e.getMessage());
        }
        if (execSent && connectionAlive) {
            return new Classified(FailureKind.COMMAND_REFUSED, "the server did not run the command: " + e.getMessage());
        }
        return new Classified(FailureKind.CONNECTION_LOST, "connection lost: " + e.getMessage());
    }

    private static String where(FanoutTarget.HostKey host) {
        return SshErrors.where(host.host(), host.port());
    }
}
