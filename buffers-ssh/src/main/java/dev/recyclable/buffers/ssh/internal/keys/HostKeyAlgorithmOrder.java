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

import dev.recyclable.buffers.ssh.internal.keys.KnownHostsIndex.Entry;
import dev.recyclable.buffers.ssh.internal.keys.KnownHostsIndex.Marker;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which host-key algorithms {@code ssh} asks a server for first, from known_hosts ({@code sshconnect2.c
 * order_hostkeyalgs}, OpenSSH 9.2). A server with several host keys presents the first one the client asks for
 * that it has, so this decides which key known_hosts is checked against.
 */
public final class HostKeyAlgorithmOrder {

    private static final String CERT_SUFFIX = "-cert-v01@openssh.com";

    private HostKeyAlgorithmOrder() {}

    /**
     * From {@code configured} (the client's host-key algorithms, in its order of preference), the ones to propose
     * to {@code host:port} before the others: all of them if the key type of the first is known for the host;
     * otherwise those whose key type is known for it, and every certificate algorithm if a
     * {@code @cert-authority} line applies to it. Empty when none is known (keep the configured order). Looks up
     * {@code [host]:port} only, never {@code host} alone, as {@code ssh} does here.
     *
     * <p>A key type is known when the first plain line of that type (in file order) holds a key that is not
     * {@code @revoked}. An RSA key stands for {@code rsa-sha2-512}, {@code rsa-sha2-256} and {@code ssh-rsa}; a
     * certificate algorithm for the type it certifies.
     */
    public static List<String> of(KnownHostsIndex index, String host, int port, List<String> configured) {
        List<Entry> entries = new ArrayList<>(index.entriesFor(HostPatterns.lookupName(host, port)));
        if (entries.isEmpty() || configured.isEmpty()) {
            return List.of();
        }
        entries.sort(Comparator.comparingInt(Entry::line));
        if (typeKnown(entries, keyTypeOf(configured.get(0)))) {
            return List.copyOf(configured);
        }
        boolean authority = entries.stream().anyMatch(e -> e.marker() == Marker.CERT_AUTHORITY);
        List<String> first = new ArrayList<>();
        for (String algorithm : configured) {
            if ((authority && algorithm.endsWith(CERT_SUFFIX)) || typeKnown(entries, keyTypeOf(algorithm))) {
                first.add(algorithm);
            }
        }
        return List.copyOf(first);
    }

    /** The key type, as known_hosts names it, that a host-key algorithm uses. */
    static String keyTypeOf(String algorithm) {
        String plain = algorithm;
        if (algorithm.endsWith(CERT_SUFFIX)) {
            plain = algorithm.substring(0, algorithm.length() - CERT_SUFFIX.length());
            if (plain.startsWith("sk-")) {
                plain += "@openssh.com"; // sk-ssh-ed25519-cert-v01@openssh.com certifies sk-ssh-ed25519@openssh.com
            }
        }
        return plain.equals("rsa-sha2-256") || plain.equals("rsa-sha2-512") ? "ssh-rsa" : plain;
    }

    /** {@code hostfile.c lookup_key_in_hostkeys_by_type}: only the first line of the type counts. */
    private static boolean typeKnown(List<Entry> entries, String keyType) {
        for (Entry e : entries) {
            if (e.marker() == Marker.NONE && e.keyType().equals(keyType)) {
                return entries.stream()
                        .noneMatch(r -> r.marker() == Marker.REVOKED && r.key().samePublicKey(e.key()));
            }
        }
        return false;
    }
}
