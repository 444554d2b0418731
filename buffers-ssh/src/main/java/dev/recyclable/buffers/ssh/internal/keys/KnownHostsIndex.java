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

import com.hierynomus.sshj.userauth.certificate.Certificate;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import net.schmizz.sshj.common.Buffer;

/**
 * One parsed OpenSSH {@code known_hosts} file, immutable, indexed by host, deciding as {@code ssh} does with
 * {@code StrictHostKeyChecking yes} (OpenSSH 9.x {@code hostfile.c}/{@code sshconnect.c}).
 *
 * <p>Lookup cost: lines whose patterns are exact names (the usual one line per host) sit in a hash map, so they
 * cost the same with 10 or 100,000 lines. Lines with wildcards ({@code *.example.org}) are scanned, one glob match
 * each. Hashed lines ({@code |1|salt|hash}) hide the name, so each costs one HMAC-SHA1 per lookup (about 1 µs; a
 * file of 10,000 hashed lines costs about 10 ms per connection): salts and hashes are decoded once here, never
 * per lookup.
 *
 * <p>Rules as OpenSSH applies them: a line applies when its pattern list matches the lookup name ({@code host}
 * on port 22, else {@code [host]:port}) and no {@code !negated} pattern does; {@code @revoked} refuses the key
 * whatever else accepts it; {@code @cert-authority} lines accept valid host certificates signed by that key (never
 * a plain key), and a certificate they do not accept is judged as the plain key inside it; several keys per host:
 * any listed key is accepted; a host with other keys listed (of any type) is a changed key, with none, unknown; an
 * unknown {@code [host]:port} is looked up again as {@code host}. Lines that do not parse are skipped, as
 * {@code ssh} skips them. Which key a server with several presents is up to the client's algorithm proposal:
 * {@link HostKeyAlgorithmOrder} orders it as {@code ssh} does.
 */
public final class KnownHostsIndex {

    public static final KnownHostsIndex EMPTY = new KnownHostsIndex(Map.of(), List.of(), List.of(), 0);

    enum Marker {
        NONE,
        CERT_AUTHORITY,
        REVOKED
    }

    /** One usable line. */
    record Entry(Marker marker, String[] patterns, String keyType, byte[] keyBlob, int line) {}

    /** A hashed line: HMAC-SHA1(salt, name) == hash. */
    record HashedEntry(byte[] salt, byte[] hash, Entry entry) {}

    private final Map<String, List<Entry>> exact;
    private final List<Entry> wildcard;
    private final List<HashedEntry> hashed;
    private final int lines;

    private KnownHostsIndex(Map<String, List<Entry>> exact, List<Entry> wildcard, List<HashedEntry> hashed, int lines) {
        this.exact = exact;
        this.wildcard = wildcard;
        this.hashed = hashed;
        this.lines = lines;
    }

    /** Parses a file's text. */
    public static KnownHostsIndex parse(CharSequence text) {
        Map<String, List<Entry>> exact = new HashMap<>();
        List<Entry> wildcard = new ArrayList<>();
        List<HashedEntry> hashed = new ArrayList<>();
        int lineNo = 0;
        int start = 0;
        int n = text.length();
        while (start < n) {
            int end = start;
            while (end < n && text.charAt(end) != '\n') {
                end++;
            }
            lineNo++;
            parseLine(text.subSequence(start, end).toString(), lineNo, exact, wildcard, hashed);
            start = end + 1;
        }
        exact.replaceAll((k, v) -> List.copyOf(v));
        return new KnownHostsIndex(Map.copyOf(exact), List.copyOf(wildcard), List.copyOf(hashed), lineNo);
    }

    private static void parseLine(
            String raw, int lineNo, Map<String, List<Entry>> exact, List<Entry> wildcard, List<HashedEntry> hashed) {
        String line = raw.strip();
        if (line.isEmpty() || line.startsWith("#")) {
            return;
        }
        String[] f = fields(line);
        int i = 0;
        Marker marker = Marker.NONE;
        if (f[0].startsWith("@")) {
            if (f[0].equals("@cert-authority")) {
                marker = Marker.CERT_AUTHORITY;
            } else if (f[0].equals("@revoked")) {
                marker = Marker.REVOKED;
            } else {
                return; // unknown marker: ssh skips the line
            }
            i = 1;
        }
        if (f.length < i + 3) {
            return;
        }
        String hosts = f[i];
        String keyType = f[i + 1];
        byte[] blob;
        try {
            blob = Base64.getDecoder().decode(f[i + 2]);
            if (!keyType.equals(new Buffer.PlainBuffer(blob).readString())) {
                return; // the type field must name the key it holds
            }
        } catch (IllegalArgumentException | Buffer.BufferException notAKey) {
            return;
        }
        if (hosts.startsWith("|1|")) {
            String[] h = hosts.split("\\|");
            if (h.length != 4) {
                return;
            }
            try {
                byte[] salt = Base64.getDecoder().decode(h[2]);
                byte[] hash = Base64.getDecoder().decode(h[3]);
                if (salt.length != 20 || hash.length != 20) {
                    return;
                }
                hashed.add(new HashedEntry(salt, hash, new Entry(marker, null, keyType, blob, lineNo)));
            } catch (IllegalArgumentException notBase64) {
                // skipped like ssh does
            }
            return;
        }
        String[] patterns = hosts.toLowerCase(Locale.ROOT).split(",");
        Entry entry = new Entry(marker, patterns, keyType, blob, lineNo);
        boolean anyWildcard = false;
        List<String> names = new ArrayList<>();
        for (String p : patterns) {
            if (p.startsWith("!") || p.isEmpty()) {
                continue;
            }
            if (HostPatterns.hasWildcard(p)) {
                anyWildcard = true;
            } else {
                names.add(p);
            }
        }
        if (anyWildcard) {
            wildcard.add(entry); // scanned: one list entry, whatever its exact names
        } else {
            for (String name : names) {
                List<Entry> list = exact.computeIfAbsent(name, k -> new ArrayList<>(1));
                if (!list.contains(entry)) {
                    list.add(entry);
                }
            }
        }
    }

    /** The first four whitespace-separated fields (a regex split costs more than the rest of the parse). */
    private static String[] fields(String line) {
        String[] out = new String[4];
        int n = 0;
        int i = 0;
        int len = line.length();
        while (n < out.length) {
            while (i < len && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            if (i == len) {
                break;
            }
            int start = i;
            while (i < len && line.charAt(i) != ' ' && line.charAt(i) != '\t') {
                i++;
            }
            out[n++] = line.substring(start, i);
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** Lines a lookup scans whatever the name (wildcard and hashed lines): the part of its cost that grows. */
    int scannedPerLookup() {
        return wildcard.size() + hashed.size();
    }

    /** Lines in the file, counted when parsed. */
    public int lines() {
        return lines;
    }

    /** The lines that apply to the lookup name {@code name}. */
    List<Entry> entriesFor(String name) {
        List<Entry> found = new ArrayList<>();
        for (Entry e : exact.getOrDefault(name, List.of())) {
            if (HostPatterns.matchesList(name, e.patterns())) {
                found.add(e);
            }
        }
        for (Entry e : wildcard) {
            if (HostPatterns.matchesList(name, e.patterns())) {
                found.add(e);
            }
        }
        if (!hashed.isEmpty()) {
            try {
                Mac mac = Mac.getInstance("HmacSHA1");
                byte[] input = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                for (HashedEntry h : hashed) {
                    mac.init(new SecretKeySpec(h.salt(), "HmacSHA1"));
                    if (MessageDigest.isEqual(mac.doFinal(input), h.hash())) {
                        found.add(h.entry());
                    }
                }
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA1 missing from the JDK", e);
            }
        }
        return found;
    }

    /**
     * Decides about {@code key} presented by {@code host:port} now, as {@code ssh}'s {@code check_host_key}
     * does: a host on a port other than 22 that is unknown under {@code [host]:port} is looked up again as plain
     * {@code host} (a key accepted there is accepted); a host certificate is accepted when a
     * {@code @cert-authority} line trusts its CA and it passes {@link HostCertificates#invalidReason}, and
     * otherwise (no such line, or an invalid certificate) judged again as the plain key inside it, unless it
     * or its CA is {@code @revoked}. A refusal after some lookup met a revoked key is {@code REVOKED_KEY}: that
     * is the warning {@code ssh} prints.
     */
    public HostKeyVerdict decide(String host, int port, PublicKey key) {
        HostLookup lookup = new HostLookup(host.toLowerCase(Locale.ROOT), Instant.now());
        HostKeyVerdict v = lookup.check(port, key);
        return !v.accepted() && lookup.revokedSeen ? HostKeyVerdict.REVOKED_KEY : v;
    }

    /** One decision: {@code check_host_key} with its retries, which may each meet a revoked key. */
    private final class HostLookup {
        private final String hostname;
        private final Instant now;
        private boolean revokedSeen;

        HostLookup(String hostname, Instant now) {
            this.hostname = hostname;
            this.now = now;
        }

        HostKeyVerdict check(int port, PublicKey presented) {
            List<Entry> entries = entriesFor(HostPatterns.lookupName(hostname, port));
            PublicKey key = presented;
            while (true) {
                Certificate<?> cert = key instanceof Certificate<?> c ? c : null;
                HostKeyVerdict status = status(entries, key);
                if (status == HostKeyVerdict.ACCEPTED
                        && (cert == null || HostCertificates.invalidReason(cert, hostname, now) == null)) {
                    return HostKeyVerdict.ACCEPTED;
                }
                if (status == HostKeyVerdict.UNKNOWN_HOST && port != 22 && check(22, key) == HostKeyVerdict.ACCEPTED) {
                    return HostKeyVerdict.ACCEPTED;
                }
                if (status == HostKeyVerdict.REVOKED_KEY) {
                    revokedSeen = true;
                }
                if (cert == null || status == HostKeyVerdict.REVOKED_KEY) {
                    return status;
                }
                key = cert.getKey(); // "No matching CA found. Retry with plain key"
            }
        }
    }

    /**
     * {@code hostfile.c check_hostkeys_by_key_or_type}: a certificate is looked for among {@code @cert-authority}
     * lines by its CA, a plain key among plain lines, where another key (of any type) makes it changed; a
     * {@code @revoked} key, or CA, outweighs both. ACCEPTED here means only "found": a certificate is checked next.
     */
    private static HostKeyVerdict status(List<Entry> entries, PublicKey key) {
        byte[] caBlob = HostKeys.certificateAuthorityBlob(key);
        byte[] blob = HostKeys.blob(HostKeys.plainKey(key));
        Marker wanted = caBlob != null ? Marker.CERT_AUTHORITY : Marker.NONE;
        HostKeyVerdict status = HostKeyVerdict.UNKNOWN_HOST;
        for (Entry e : entries) {
            if (e.marker() != wanted) {
                continue;
            }
            if (Arrays.equals(e.keyBlob(), caBlob != null ? caBlob : blob)) {
                status = HostKeyVerdict.ACCEPTED;
                break;
            }
            if (caBlob == null) {
                status = HostKeyVerdict.CHANGED_KEY;
            }
        }
        return revoked(entries, blob) || (caBlob != null && revoked(entries, caBlob))
                ? HostKeyVerdict.REVOKED_KEY
                : status;
    }

    private static boolean revoked(List<Entry> entries, byte[] blob) {
        for (Entry e : entries) {
            if (e.marker() == Marker.REVOKED && Arrays.equals(e.keyBlob(), blob)) {
                return true;
            }
        }
        return false;
    }
}
