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

/** What a {@link HostKeyRule} decided about the key a server presented (the reason a refusal names). */
public enum HostKeyVerdict {
    /** The key (or the CA that signed its certificate) is trusted for this host. */
    ACCEPTED,
    /** Nothing is known about this host's key: OpenSSH's "No ... host key is known for ...". */
    UNKNOWN_HOST,
    /**
     * Other keys are listed for this host, not this one (or it differs from the pinned fingerprint): OpenSSH's
     * "REMOTE HOST IDENTIFICATION HAS CHANGED", possibly a man in the middle.
     */
    CHANGED_KEY,
    /** The key is listed under {@code @revoked}: refused whatever else accepts it. */
    REVOKED_KEY;

    public boolean accepted() {
        return this == ACCEPTED;
    }
}
