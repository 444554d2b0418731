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

/** Why a target of a fan-out run produced no normal result. A non-zero exit status is not a failure. */
public enum FailureKind {
    /** Nothing answered in time (connect timeout, no route, unknown host name). */
    UNREACHABLE,
    /** The host answered but nothing listens on the port (host down, sshd stopped). */
    CONNECTION_REFUSED,
    /** The server's host key was not accepted: unknown, or changed (possible man in the middle). */
    HOST_KEY_REJECTED,
    /** The server refused the credentials, or they could not be used (private key file missing or unreadable). */
    AUTH_FAILED,
    /**
     * The SSH handshake failed for another reason: the server dropped us (e.g. over {@code MaxStartups}), or
     * accepted the connection and then said nothing for the reply timeout
     * ({@link dev.recyclable.buffers.ssh.SshConnectException.Reason#SERVER_SILENT}; the reason says which).
     */
    HANDSHAKE_FAILED,
    /** The server kept refusing a channel ({@code MaxSessions}), on every connection tried. */
    CHANNEL_OPEN_REFUSED,
    /** The server refused to execute the command. */
    COMMAND_REFUSED,
    /**
     * The connection died during login or while the command ran (the command may or may not have run): server
     * killed or restarted, network cut, no answer to keepalives. Not an authentication failure.
     */
    CONNECTION_LOST,
    /** The command outlived the run's command timeout: killed, channel closed. */
    TIMEOUT,
    /** The command wrote more than the output limit (with the FAIL policy): killed, channel closed. */
    OUTPUT_LIMIT,
    /** The run was cancelled before the command ended. */
    CANCELLED
}
