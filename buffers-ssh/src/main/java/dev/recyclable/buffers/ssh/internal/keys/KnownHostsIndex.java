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
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One parsed OpenSSH {@code known_hosts} file, immutable, indexed by host, deciding as {@code ssh} does with
 * {@code StrictHostKeyChecking yes} (OpenSSH 9.2 {@code hostfile.c}/{@code sshconnect.c}).
 *
 * <p>Lookup cost: lines whose patterns are exact names (the usual one line per host) sit in a hash map, so they
 * cost the same with 10 or 100,000 lines. Lines with wildcards ({@code *.example.org}) are scanned, one glob match
 * each. Hashed lines ({@code |1|salt|hash}) hide the name, so each costs one HMAC-SHA1 per lookup (about 1 µs; a
 * file of 10,000 hashed lines costs about 10 ms per connection): salts and hashes are decoded once here, never
 * per lookup.
 *
 * <p>Lines are read byte for byte as {@code ssh} reads them ({@link KnownHostsLines}), and lines {@code ssh} does
 * not use are skipped. Rules as OpenSSH applies them: a line applies when its pattern list matches the lookup
 * name ({@code host} on port 22, else {@code [host]:port}; {@link HostPatterns}) and no {@code !negated} pattern
 * does; a hashed line only when its field is exactly the one {@code ssh} computes ({@code |1|}, the salt and the
 * hash in padded base64); {@code @revoked} refuses the key whatever else accepts it; {@code @cert-authority} lines
 * accept valid host certificates signed by that key (never a plain key), and a certificate they do not accept is
 * judged as the plain key inside it; several keys per host: any listed key is accepted; a host with other keys
 * listed (of any type) is a changed key, with none, unknown; an unknown {@code [host]:port} is looked up again as
 * {@code host}. Which key a server with several presents is up to the client's algorithm proposal:
 * {@link HostKeyAlgorithmOrder} orders it as {@code ssh} does.
 */
public final class KnownHostsIndex {

    public static final KnownHostsIndex EMPTY = new KnownHostsIndex(Map.of(), List.of(), List.of(), 0);

    enum Marker {
        NONE,
        CERT_AUTHORITY,
        REVOKED
    }

    /**
     * One line with a host field; its key is read on first use, as {@code ssh} reads it only for a line whose host
     * field matches. Thread-safe.
     */
    static final class Entry {
        private static final Object INVALID = new Object();

        private final Marker marker;
        private final String[] patterns;
        private final int line;
        private byte[] keyText; // dropped once read
        private volatile Object key; // null: not read yet; INVALID: ssh skips the line

        Entry(Marker marker, String[] patterns, byte[] keyText, int line) {
            this.marker = marker;
            this.patterns = patterns;
            this.keyText = keyText;
            this.line = line;
        }

        Marker marker() {
            return marker;
        }

        String[] patterns() {
            return patterns;
        }

        int line() {
            return line;
        }

        /** The line's key, or {@code null} if {@code ssh} finds none there (the line then counts for nothing). */
        PublicKeyBlob key() {
            Object k = key;
            if (k == null) {
                k = read();
            }
            return k == INVALID ? null : (PublicKeyBlob) k;
        }

        /** The name {@code ssh} gives the key's type ({@code ssh-rsa} whichever RSA name the line uses). */
        String keyType() {
            PublicKeyBlob k = key();
            return k == null ? null : k.typeName();
        }

        private synchronized Object read() {
            if (key == null) {
                PublicKeyBlob k = KnownHostsLines.key(keyText);
                key = k == null ? INVALID : k;
                keyText = null;
            }
            return key;
        }
    }

    /** A hashed line: HMAC-SHA1(salt, name) == hash. */
    record HashedEntry(byte[] salt, byte[] hash, Entry entry) {}

    private static final String HASH_MAGIC = "|1|";
    private static final int SHA1_BYTES = 20;
    /** {@code match_pattern_list}: a longer pattern in a list makes the whole list match nothing. */
    private static final int MAX_PATTERN = 1022;

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

    /** Parses a file's text (as its UTF-8 bytes). */
    public static KnownHostsIndex parse(CharSequence text) {
        return parse(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Parses a file's bytes. */
    public static KnownHostsIndex parse(byte[] file) {
        Map<String, List<Entry>> exact = new HashMap<>();
        List<Entry> wildcard = new ArrayList<>();
        List<HashedEntry> hashed = new ArrayList<>();
        int lineCount = KnownHostsLines.read(file, line -> add(line, exact, wildcard, hashed));
        exact.replaceAll((k, v) -> List.copyOf(v));
        return new KnownHostsIndex(Map.copyOf(exact), List.copyOf(wildcard), List.copyOf(hashed), lineCount);
    }

    private static void add(
            KnownHostsLines.Line line, Map<String, List<Entry>> exact, List<Entry> wildcard, List<HashedEntry> hashed) {
        String hosts = line.hosts();
        if (hosts.startsWith("|")) {
            HashedEntry h = hashedEntry(hosts, new Entry(line.marker(), null, line.keyText(), line.number()));
            if (h != null) {
                hashed.add(h);
            }
            return;
        }
        String[] patterns = HostPatterns.lowerCaseAscii(hosts).split(",");
        for (String p : patterns) {
            if (p.length() - (p.startsWith("!") ? 1 : 0) > MAX_PATTERN) {
                return;
            }
        }
        Entry entry = new Entry(line.marker(), patterns, line.keyText(), line.number());
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

    /**
     * {@code hostfile.c match_maybe_hashed}: {@code ssh} decodes the salt, hashes the name and compares the whole
     * field with what it would write, {@code |1|} and both parts in padded base64. So only a field in exactly that
     * form can match; any other is a line that matches nothing.
     */
    private static HashedEntry hashedEntry(String hosts, Entry entry) {
        if (!hosts.startsWith(HASH_MAGIC)) {
            return null;
        }
        int bar = hosts.indexOf('|', HASH_MAGIC.length());
        if (bar < 0) {
            return null;
        }
        byte[] salt = canonicalBase64(hosts.substring(HASH_MAGIC.length(), bar));
        byte[] hash = canonicalBase64(hosts.substring(bar + 1));
        return salt == null || hash == null ? null : new HashedEntry(salt, hash, entry);
    }

    /** The 20 bytes {@code text} encodes, if it is exactly how {@code ssh} writes 20 bytes in base64. */
    private static byte[] canonicalBase64(String text) {
        try {
            byte[] bytes = Base64.getDecoder().decode(text);
            return bytes.length == SHA1_BYTES
                            && Base64.getEncoder().encodeToString(bytes).equals(text)
                    ? bytes
                    : null;
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }

    /** Lines a lookup scans whatever the name (wildcard and hashed lines): the part of its cost that grows. */
    int scannedPerLookup() {
        return wildcard.size() + hashed.size();
    }

    /** Lines in the file, counted when parsed. */
    public int lines() {
        return lines;
    }

    /**
     * The lines that apply to the lookup name {@code name} ({@link HostPatterns#lookupName}) and hold a key
     * {@code ssh} reads.
     */
    List<Entry> entriesFor(String lookupName) {
        String name = HostPatterns.asBytes(lookupName);
        List<Entry> found = new ArrayList<>();
        for (Entry e : exact.getOrDefault(name, List.of())) {
            if (HostPatterns.matchesList(name, e.patterns()) && e.key() != null) {
                found.add(e);
            }
        }
        for (Entry e : wildcard) {
            if (HostPatterns.matchesList(name, e.patterns()) && e.key() != null) {
                found.add(e);
            }
        }
        if (!hashed.isEmpty()) {
            try {
                Mac mac = Mac.getInstance("HmacSHA1");
                byte[] input = name.getBytes(StandardCharsets.ISO_8859_1);
                for (HashedEntry h : hashed) {
                    mac.init(new SecretKeySpec(h.salt(), "HmacSHA1"));
                    if (MessageDigest.isEqual(mac.doFinal(input), h.hash())
                            && h.entry().key() != null) {
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
     * is the warning {@code ssh} prints. A key {@code ssh} would not read (an RSA key under 1024 bits, say) is
     * unknown.
     */
    public HostKeyVerdict decide(String host, int port, PublicKey key) {
        HostLookup lookup = new HostLookup(host, Instant.now());
        HostKeyVerdict v = lookup.check(port, key);
        return !v.accepted() && lookup.revokedSeen ? HostKeyVerdict.REVOKED_KEY : v;
    }

    /** One decision: {@code check_host_key} with its retries, which may each meet a revoked key. */
    private final class HostLookup {
        private final String host;
        private final String hostname;
        private final Instant now;
        private boolean revokedSeen;

        HostLookup(String host, Instant now) {
            this.host = host;
            this.hostname = HostPatterns.lowerCaseAscii(host);
            this.now = now;
        }

        HostKeyVerdict check(int port, PublicKey presented) {
            List<Entry> entries = entriesFor(HostPatterns.lookupName(host, port));
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
     * lines by its CA, a plain key among plain lines, where another key (of any type, or a certificate) makes it
     * changed; a {@code @revoked} key, or CA, outweighs both. ACCEPTED here means only "found": a certificate is
     * checked next.
     */
    private static HostKeyVerdict status(List<Entry> entries, PublicKey key) {
        PublicKeyBlob plain = PublicKeyBlob.of(HostKeys.plainKey(key));
        byte[] caBlob = HostKeys.certificateAuthorityBlob(key);
        PublicKeyBlob ca = caBlob == null ? null : PublicKeyBlob.parse(caBlob);
        if (plain == null || (caBlob != null && ca == null)) {
            return HostKeyVerdict.UNKNOWN_HOST; // a key ssh would not even read
        }
        Marker wanted = ca != null ? Marker.CERT_AUTHORITY : Marker.NONE;
        HostKeyVerdict status = HostKeyVerdict.UNKNOWN_HOST;
        for (Entry e : entries) {
            if (e.marker() != wanted) {
                continue;
            }
            if (ca != null ? ca.samePublicKey(e.key()) : plain.sameKey(e.key())) {
                status = HostKeyVerdict.ACCEPTED;
                break;
            }
            if (ca == null) {
                status = HostKeyVerdict.CHANGED_KEY;
            }
        }
        return revoked(entries, plain) || (ca != null && revoked(entries, ca)) ? HostKeyVerdict.REVOKED_KEY : status;
    }

    /** {@code check_key_not_revoked}: a {@code @revoked} line holds the same public key (plain or certified). */
    static boolean revoked(List<Entry> entries, PublicKeyBlob key) {
        for (Entry e : entries) {
            if (e.marker() == Marker.REVOKED && key.samePublicKey(e.key())) {
                return true;
            }
        }
        return false;
    }
}
