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
package dev.recyclable.buffers.ssh.internal.keys;

import java.security.PublicKey;
import java.util.List;

/**
 * What a host-key policy decides, behind the public {@code HostKeyPolicy}: which of the server's keys to ask for
 * first, and whether the one presented is trusted. {@link HostKeyCheck} asks it during the handshake.
 * Implementations are immutable and thread-safe.
 */
public interface HostKeyRule {

    /** Decides about {@code key}, presented by the server at {@code host:port} (the name as connected to). */
    HostKeyVerdict verify(String host, int port, PublicKey key);

    /**
     * The host-key algorithms to ask {@code host:port} for before the others: a server with several host keys
     * presents the one the client asks for first, so this decides which of its keys {@link #verify} is shown.
     * The client keeps its own order among the ones returned and proposes the rest after them.
     *
     * @param available the client's host-key algorithms, in its order of preference (sshj's
     *                  {@code Config.getKeyAlgorithms()} names)
     * @return a subset of {@code available}, in its order; empty to keep {@code available} as it is. Only a
     *     known_hosts rule has a preference (the one {@code ssh} has); a pinned fingerprint does not say the
     *     key's type
     */
    default List<String> hostKeyAlgorithms(String host, int port, List<String> available) {
        return List.of();
    }
}
