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

import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import java.util.Objects;

/**
 * One host (and login) to run a command on. Targets with the same host, port, and the same
 * {@link SshCredentials} and {@link HostKeyPolicy} <em>instances</em> share connections: reuse those objects
 * across targets and runs to get connection reuse.
 *
 * @param id          caller's name for the target, reported back in results (need not be unique)
 * @param host        host name or address
 * @param port        SSH port
 * @param credentials who to log in as
 * @param hostKeys    how the server's key is checked
 * @param command     the command for this target, or {@code null} to use the run's command
 */
public record FanoutTarget(
        String id, String host, int port, SshCredentials credentials, HostKeyPolicy hostKeys, String command) {

    public FanoutTarget {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(credentials, "credentials");
        Objects.requireNonNull(hostKeys, "hostKeys");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /** A target that runs the run's command. */
    public static FanoutTarget of(
            String id, String host, int port, SshCredentials credentials, HostKeyPolicy hostKeys) {
        return new FanoutTarget(id, host, port, credentials, hostKeys, null);
    }

    /** The same target with its own command. */
    public FanoutTarget withCommand(String command) {
        return new FanoutTarget(id, host, port, credentials, hostKeys, Objects.requireNonNull(command));
    }

    /** What connections are shared by: same endpoint, same login objects. */
    HostKey hostKey() {
        return new HostKey(host, port, credentials, hostKeys);
    }

    /** Identity of a connection pool; credentials and host key policy compare by identity (they hold secrets). */
    record HostKey(String host, int port, SshCredentials credentials, HostKeyPolicy hostKeys) {
        @Override
        public boolean equals(Object o) {
            return o instanceof HostKey k
                    && k.port == port
                    && k.host.equals(host)
                    && k.credentials == credentials
                    && k.hostKeys == hostKeys;
        }

        @Override
        public int hashCode() {
            return (host.hashCode() * 31 + port) * 31
                    + System.identityHashCode(credentials) * 17
                    + System.identityHashCode(hostKeys);
        }

        @Override
        public String toString() {
            return credentials.user() + "@" + host + ":" + port;
        }
    }
}
