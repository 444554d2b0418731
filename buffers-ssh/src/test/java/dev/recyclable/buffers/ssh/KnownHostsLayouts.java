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

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.security.interfaces.DSAPublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * known_hosts files in the layouts users' files take and the ones that trip parsers, generated for one server:
 * whitespace of every kind around every field, markers, plain, hashed and wildcard host fields with negation and
 * ports, base64 padded, unpadded and corrupt, key blobs of every type (and blobs {@code ssh} refuses), CRLF
 * files, comments, NUL bytes, very long patterns and lines, several keys per host, a last line without LF.
 * Each layout is the file's exact bytes; the name says what it is. Seeded: the same seed gives the same files.
 */
final class KnownHostsLayouts {

    /** A key as known_hosts lists it: type and base64. */
    record Key(String type, String base64) {
        static Key of(String line) {
            String[] f = line.trim().split(" ");
            return new Key(f[0], f[1]);
        }

        static Key ofBlob(byte[] blob) {
            return new Key(blobType(blob), Base64.getEncoder().encodeToString(blob));
        }

        byte[] blob() {
            return Base64.getDecoder().decode(base64);
        }

        String text() {
            return type + " " + base64;
        }

        /** The same blob written with another type field. */
        String as(String typeField) {
            return typeField + " " + base64;
        }
    }

    /** Keys that are not the server's, one of each kind a file may hold. */
    record OtherKeys(Key ed25519, Key ecdsa, Key rsa, Key certificate, Key brokenCertificate) {}

    private final Random random;
    private final String host;
    private final String hostPort;
    private final Map<String, byte[]> rows = new LinkedHashMap<>();

    private KnownHostsLayouts(String host, int port, long seed) {
        this.random = new Random(seed);
        this.host = host;
        this.hostPort = "[" + host + "]:" + port;
    }

    // ------------------------------------------------------------------ a server with one (ed25519) host key

    /**
     * Layouts for a server presenting {@code key}: ssh accepts it, refuses it as unknown, changed or revoked.
     *
     * @param serverCertificate a certificate of the server's key (signed by any CA), for {@code @revoked} lines
     */
    static Map<String, byte[]> forServer(String host, int port, Key key, Key serverCertificate, OtherKeys other) {
        KnownHostsLayouts l = new KnownHostsLayouts(host, port, 20261204L);
        l.whitespace(key);
        l.markers(key, other.ed25519());
        l.hostFields(key, other.ed25519());
        l.longPatternsAndLines(key);
        l.hashed(key, other.ed25519());
        l.base64AndBlobs(key, other, serverCertificate);
        l.crlfAndComments(key, other.ed25519());
        l.nulBytes(key);
        l.lastLineWithoutNewline(key, other.ed25519());
        l.mixes(key, other);
        return l.rows;
    }

    private void whitespace(Key k) {
        String[] leads = {"", " ", "\t", "  \t ", "\r", "\f", "\u000b", "\r\n"};
        String[] seps = {" ", "\t", "  ", " \t ", "\t\t", "\r", "\f", "\u000b", " \r", "\r ", " \f ", "\u000b\t"};
        String[] trails = {
            "",
            " ",
            "\t",
            "\r",
            " comment",
            "\tcomment",
            "\r comment",
            " \r",
            "\f",
            "\u000b",
            " #c",
            "  two words",
            "\t\t",
            " \u000b",
            "\r\r"
        };
        String[] ends = {"\n", "\r\n", "", "\n\n", "\r\r\n", "\n\r"};
        for (String lead : leads) {
            put("whitespace: lead " + show(lead), lead + hostPort + " " + k.text() + "\n");
        }
        for (String sep : seps) {
            put("whitespace: after host " + show(sep), hostPort + sep + k.text() + "\n");
            put("whitespace: after type " + show(sep), hostPort + " " + k.type() + sep + k.base64() + "\n");
        }
        for (String trail : trails) {
            put("whitespace: trailing " + show(trail), hostPort + " " + k.text() + trail + "\n");
        }
        for (String end : ends) {
            put("whitespace: line end " + show(end), hostPort + " " + k.text() + end);
            put("whitespace: line end after comment " + show(end), "# first" + end + hostPort + " " + k.text() + end);
        }
        for (int i = 0; i < 120; i++) {
            String lead = pick(leads);
            String sep1 = pick(seps);
            String sep2 = pick(seps);
            String trail = pick(trails);
            String end = pick(ends);
            put(
                    "whitespace: " + show(lead) + " H " + show(sep1) + " type " + show(sep2) + " key " + show(trail)
                            + show(end),
                    lead + hostPort + sep1 + k.type() + sep2 + k.base64() + trail + end);
        }
    }

    private void markers(Key k, Key other) {
        String[] markers = {
            "@revoked",
            "@cert-authority",
            "@REVOKED",
            "@Revoked",
            "@revoke",
            "@revokedx",
            "@",
            "@@revoked",
            "@revoked@revoked",
            "@trusted",
            "@" + "r".repeat(40),
            "@revoked @revoked"
        };
        String[] after = {" ", "\t", "  ", "\t ", " \t", "\r", "\f "};
        for (String m : markers) {
            for (String a : after) {
                put(
                        "marker " + m + show(a) + " revokes, plain listed",
                        m + a + hostPort + " " + k.text() + "\n" + hostPort + " " + k.text() + "\n");
            }
        }
        // ssh ends a marker at the line's first space, or if none its first tab
        put(
                "marker: all tabs",
                "@revoked\t" + hostPort + "\t" + k.type() + "\t" + k.base64() + "\n" + hostPort + " " + k.text()
                        + "\n");
        put(
                "marker: tab, then spaces",
                "@revoked\t" + hostPort + " " + k.text() + "\n" + hostPort + " " + k.text() + "\n");
        put(
                "marker: all tabs, comment with a space",
                "@revoked\t" + hostPort + "\t" + k.type() + "\t" + k.base64() + "\tsome comment\n" + hostPort + " "
                        + k.text() + "\n");
        put(
                "marker: all tabs, no newline",
                hostPort + " " + k.text() + "\n@revoked\t" + hostPort + "\t" + k.type() + "\t" + k.base64());
        put("marker: revoked alone", "@revoked " + hostPort + " " + k.text() + "\n");
        put(
                "marker: revoked other, plain listed",
                "@revoked " + hostPort + " " + other.text() + "\n" + hostPort + " " + k.text() + "\n");
        put("marker: revoked with no host", "@revoked " + k.text() + "\n" + hostPort + " " + k.text() + "\n");
        put("marker: revoked, nothing after", "@revoked\n" + hostPort + " " + k.text() + "\n");
        put("marker: revoked, blank after", "@revoked \n" + hostPort + " " + k.text() + "\n");
        put("marker: indented", "  \t@revoked " + hostPort + " " + k.text() + "\n" + hostPort + " " + k.text() + "\n");
        put(
                "marker: cert-authority with a plain key, other listed",
                "@cert-authority " + hostPort + " " + k.text() + "\n" + hostPort + " " + other.text() + "\n");
    }

    private void hostFields(Key k, Key other) {
        String port = hostPort.substring(hostPort.indexOf("]:") + 2);
        String[] fields = {
            hostPort,
            host,
            "[" + host + "]:22",
            "[" + host + "]:" + port + "0",
            "[" + host + "]:" + port.substring(1),
            "[" + host + "]",
            host + ":" + port,
            "[" + host + "]:*",
            "[" + host.substring(0, host.lastIndexOf('.')) + ".?]:" + port,
            "[" + host + "]:" + "?".repeat(port.length()),
            "[" + host + "]:" + "?".repeat(port.length() + 1),
            "*",
            "**",
            "?",
            "*:*",
            "[*]:*",
            "[*]:" + port,
            "*,!" + hostPort,
            "!" + hostPort + ",*",
            "*,!" + host,
            "*,![" + host + "]:*",
            "!*",
            "!" + hostPort,
            "!!" + hostPort,
            hostPort + ",!otherhost",
            "otherhost,OTHERHOST," + hostPort,
            "OTHERHOST",
            hostPort.toUpperCase(java.util.Locale.ROOT),
            ",," + hostPort,
            hostPort + ",",
            "," + hostPort + ",",
            hostPort + ",,",
            "[" + host + " ]:" + port,
            "[" + host + "\r]:" + port,
            hostPort + "\r",
            hostPort + "\f",
            "\u000b" + hostPort,
            "[" + host + "]:" + port + ",[" + host + "]:" + port,
            "[127.0.0.1]:*,[::1]:*",
            "[" + host + "]:*" + port,
            "*" + port,
            "*]:" + port,
            "[" + host + "*",
            "[\u00e9" + host + "]:" + port,
            "\u00c9,*"
        };
        for (String f : fields) {
            put("host field " + show(f), f + " " + k.text() + "\n");
            put("host field " + show(f) + ", other key", f + " " + other.text() + "\n");
        }
    }

    private void longPatternsAndLines(Key k) {
        for (int length : new int[] {1021, 1022, 1023, 1024, 2000}) {
            String x = "x".repeat(length);
            put("long pattern " + length + " before", x + "," + hostPort + " " + k.text() + "\n");
            put("long pattern " + length + " after", hostPort + "," + x + " " + k.text() + "\n");
            put("long negated pattern " + length, "!" + x + "," + hostPort + " " + k.text() + "\n");
            put("long wildcard " + length, "*" + x.substring(1) + "," + hostPort + " " + k.text() + "\n");
        }
        put("long pattern that matches", "[" + host + "]:" + "*".repeat(1021) + " " + k.text() + "\n");
        put("too long pattern that would match", "[" + host + "]:" + "*".repeat(1030) + " " + k.text() + "\n");
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 6_000; i++) {
            many.append("h").append(i).append(".example.org,");
        }
        put("6000 patterns, the host last", many + hostPort + " " + k.text() + "\n");
        put("key with a 100 KB comment", hostPort + " " + k.text() + " " + "c".repeat(100_000) + "\n");
        put("a 200 KB garbage line first", "g".repeat(200_000) + "\n" + hostPort + " " + k.text() + "\n");
        put("a 9000-byte comment line first", "#" + "c".repeat(9_000) + "\n" + hostPort + " " + k.text() + "\n");
        put("8191 bytes of spaces before the key", hostPort + " ".repeat(8_191) + k.text() + "\n");
    }

    private void hashed(Key k, Key other) {
        String h = hash(hostPort);
        String salt = h.substring(3, h.indexOf('|', 3));
        String mac = h.substring(h.indexOf('|', 3) + 1);
        put("hashed", h + " " + k.text() + "\n");
        put("hashed, other key", h + " " + other.text() + "\n");
        put("hashed without port", hash(host) + " " + k.text() + "\n");
        put("hashed, upper case name", hash(hostPort.toUpperCase(java.util.Locale.ROOT)) + " " + k.text() + "\n");
        put("hashed, salt unpadded", "|1|" + salt.replace("=", "") + "|" + mac + " " + k.text() + "\n");
        put("hashed, hash unpadded", "|1|" + salt + "|" + mac.replace("=", "") + " " + k.text() + "\n");
        put("hashed, salt padded twice", "|1|" + salt + "=|" + mac + " " + k.text() + "\n");
        put("hashed, hash padded twice", "|1|" + salt + "|" + mac + "= " + k.text() + "\n");
        put(
                "hashed, CR in the salt",
                "|1|" + salt.substring(0, 8) + "\r" + salt.substring(8) + "|" + mac + " " + k.text() + "\n");
        put(
                "hashed, FF in the hash",
                "|1|" + salt + "|" + mac.substring(0, 8) + "\f" + mac.substring(8) + " " + k.text() + "\n");
        put("hashed, CRLF", h + " " + k.text() + "\r\n");
        put("hashed, version 2", "|2|" + salt + "|" + mac + " " + k.text() + "\n");
        put("hashed, trailing bar", h + "| " + k.text() + "\n");
        put("hashed, then a plain name", h + "," + hostPort + " " + k.text() + "\n");
        put("hashed, then a wildcard", h + ",* " + k.text() + "\n");
        put("plain name, then hashed", hostPort + "," + h + " " + k.text() + "\n");
        put("hashed, no hash", "|1|" + salt + " " + k.text() + "\n");
        put("hashed, empty salt", "|1||" + mac + " " + k.text() + "\n");
        put("hashed, magic only", "|1| " + k.text() + "\n");
        put("hashed, salt and hash swapped", "|1|" + mac + "|" + salt + " " + k.text() + "\n");
        put("hashed, a 16-byte salt", hashWithSalt(hostPort, 16) + " " + k.text() + "\n");
        put("hashed, a 32-byte salt", hashWithSalt(hostPort, 32) + " " + k.text() + "\n");
        put("hashed, tab separated", h + "\t" + k.type() + "\t" + k.base64() + "\n");
        put("hashed, revoked", h + " " + k.text() + "\n@revoked " + hash(hostPort) + " " + k.text() + "\n");
        put(
                "hashed, revoked with a tab",
                h + " " + k.text() + "\n@revoked\t" + h + "\t" + k.type() + "\t" + k.base64() + "\n");
        put("hashed, indented", " \t" + h + " " + k.text() + "\n");
        put("hashed, negated", "!" + h + " " + k.text() + "\n");
        put(
                "hashed, lower-case salt",
                "|1|" + salt.toLowerCase(java.util.Locale.ROOT) + "|" + mac + " " + k.text() + "\n");
        put(
                "hashed, among other lines",
                hash("a.example") + " " + other.text() + "\n" + h + " " + k.text() + "\n" + hash("b.example") + " "
                        + k.text() + "\n");
    }

    private void base64AndBlobs(Key k, OtherKeys other, Key serverCertificate) {
        String b = k.base64();
        put("key: one pad too many", hostPort + " " + k.type() + " " + b + "=\n");
        put("key: two pads too many", hostPort + " " + k.type() + " " + b + "==\n");
        put("key: last char dropped", hostPort + " " + k.type() + " " + b.substring(0, b.length() - 1) + "\n");
        put("key: last group dropped", hostPort + " " + k.type() + " " + b.substring(0, b.length() - 4) + "\n");
        put("key: a group appended", hostPort + " " + k.type() + " " + b + "AAAA\n");
        put("key: last char changed", hostPort + " " + k.type() + " " + flipLast(b) + "\n");
        put(
                "key: a pad in the middle",
                hostPort + " " + k.type() + " " + b.substring(0, 20) + "=" + b.substring(20) + "\n");
        for (String ws : new String[] {"\r", "\f", "\u000b", "\n\r"}) {
            if (ws.contains("\n")) {
                continue; // an LF ends the line
            }
            put(
                    "key: " + show(ws) + " inside",
                    hostPort + " " + k.type() + " " + b.substring(0, 30) + ws + b.substring(30) + "\n");
            put("key: " + show(ws) + " before", hostPort + " " + k.type() + " " + ws + b + "\n");
        }
        put("key: a space inside", hostPort + " " + k.type() + " " + b.substring(0, 30) + " " + b.substring(30) + "\n");
        put("key: not base64", hostPort + " " + k.type() + " " + b.substring(0, 30) + "!" + b.substring(31) + "\n");
        put(
                "key: URL-safe alphabet",
                hostPort + " " + k.type() + " " + b.replace('+', '-').replace('/', '_') + "\n");
        put("key: high byte", hostPort + " " + k.type() + " " + b.substring(0, 30) + "\u00e9" + b.substring(31) + "\n");
        put("key: type ssh-rsa", hostPort + " " + k.as("ssh-rsa") + "\n");
        put("key: type in upper case", hostPort + " " + k.as(k.type().toUpperCase(java.util.Locale.ROOT)) + "\n");
        put("key: short type name", hostPort + " " + k.as("ED25519") + "\n");
        put("key: certificate type", hostPort + " " + k.as(k.type() + "-cert-v01@openssh.com") + "\n");
        put("key: type then CR", hostPort + " " + k.type() + "\r " + b + "\n");
        put("key: no blob", hostPort + " " + k.type() + "\n");
        put("key: no blob, blank", hostPort + " " + k.type() + " \n");
        put("key: blob only", hostPort + " " + b + "\n");
        put("key: comment before blob", hostPort + " " + k.type() + " #" + b + "\n");
        put("key: hash right after blob", hostPort + " " + k.text() + "#comment\n");

        byte[] blob = k.blob();
        byte[] rest = Arrays.copyOfRange(blob, 4 + blobType(blob).length(), blob.length);
        for (String inner : new String[] {
            "ED25519",
            "ed25519",
            "Ed25519",
            "ssh-ed25519\0",
            "ssh-ed25519\0x",
            "ED25519-CERT",
            "ssh-rsa",
            "sk-ssh-ed25519@openssh.com",
            "ssh-ed25519 ",
            "ED25519-SK"
        }) {
            byte[] rebuilt = concat(string(inner.getBytes(StandardCharsets.ISO_8859_1)), rest);
            put("blob typed " + show(inner), hostPort + " " + k.type() + " " + encode(rebuilt) + "\n");
        }
        put("blob: a byte too many", hostPort + " " + k.type() + " " + encode(concat(blob, new byte[] {0})) + "\n");
        put(
                "blob: a byte too few",
                hostPort + " " + k.type() + " " + encode(Arrays.copyOf(blob, blob.length - 1)) + "\n");
        byte[] shortKey = concat(string(k.type().getBytes(StandardCharsets.US_ASCII)), string(new byte[31]));
        put("blob: a 31-byte ed25519 key", hostPort + " " + k.type() + " " + encode(shortKey) + "\n");

        // other lines for the host: a valid one makes the server's key changed, an invalid one leaves it unknown
        Map<String, String> others = new LinkedHashMap<>();
        Key ec = other.ecdsa();
        others.put("ECDSA", ec.text());
        others.put("ECDSA unpadded", ec.type() + " " + ec.base64().replace("=", ""));
        others.put("ECDSA padded twice", ec.text() + "=");
        others.put("ECDSA, pad then CR", ec.text() + "\r");
        others.put("ECDSA, pad then FF then pad", ec.text() + "\f=");
        others.put("ECDSA, nonzero pad bits", ec.type() + " " + flipBeforePad(ec.base64()));
        others.put("ECDSA typed nistp384", ec.as("ecdsa-sha2-nistp384"));
        others.put("ECDSA short type", ec.as("ECDSA"));
        others.put(
                "ECDSA, blob typed ECDSA",
                Key.ofBlob(retype(ec.blob(), "ECDSA")).as(ec.type()));
        others.put("ECDSA, off the curve", Key.ofBlob(offCurve(ec.blob())).text());
        others.put("ECDSA, compressed point", Key.ofBlob(compressed(ec.blob())).text());
        others.put(
                "ECDSA, wrong curve name inside",
                Key.ofBlob(curveName(ec.blob(), "nistp384")).text());
        Key p384 = ecdsa("secp384r1", "nistp384");
        others.put("ECDSA P-384 (two pads)", p384.text());
        others.put("ECDSA P-384 unpadded", p384.type() + " " + p384.base64().replace("=", ""));
        others.put(
                "ECDSA P-384 one pad",
                p384.type() + " " + p384.base64().substring(0, p384.base64().length() - 1));
        others.put("ECDSA P-384, pads apart", p384.type() + " " + p384.base64().replace("==", "=\r="));
        others.put("ECDSA P-384 typed nistp256", p384.as("ecdsa-sha2-nistp256"));
        others.put("ECDSA P-521", ecdsa("secp521r1", "nistp521").text());
        Key rsa = other.rsa();
        others.put("RSA", rsa.text());
        others.put("RSA unpadded", rsa.type() + " " + rsa.base64().replace("=", ""));
        others.put("RSA typed rsa-sha2-256", rsa.as("rsa-sha2-256"));
        others.put("RSA typed rsa-sha2-512", rsa.as("rsa-sha2-512"));
        others.put("RSA typed as a certificate", rsa.as("ssh-rsa-cert-v01@openssh.com"));
        others.put("RSA, blob typed RSA", Key.ofBlob(retype(rsa.blob(), "RSA")).as("ssh-rsa"));
        others.put(
                "RSA, blob typed rsa-sha2-256",
                Key.ofBlob(retype(rsa.blob(), "rsa-sha2-256")).as("ssh-rsa"));
        others.put("RSA 768 bits", rsa(768).text());
        others.put("RSA 1024 bits", rsa(1024).text());
        others.put("DSA", dsa().text());
        others.put(
                "sk-ed25519",
                Key.ofBlob(concat(
                                string("sk-ssh-ed25519@openssh.com".getBytes(StandardCharsets.US_ASCII)),
                                rest,
                                string("ssh:".getBytes(StandardCharsets.US_ASCII))))
                        .text());
        others.put(
                "sk-ed25519 without application",
                Key.ofBlob(concat(string("sk-ssh-ed25519@openssh.com".getBytes(StandardCharsets.US_ASCII)), rest))
                        .text());
        byte[] skEcdsa = concat(
                retype(ec.blob(), "sk-ecdsa-sha2-nistp256@openssh.com"),
                string("ssh:".getBytes(StandardCharsets.US_ASCII)));
        others.put("sk-ecdsa", Key.ofBlob(skEcdsa).text());
        others.put("sk-ecdsa typed webauthn", Key.ofBlob(skEcdsa).as("webauthn-sk-ecdsa-sha2-nistp256@openssh.com"));
        others.put("certificate", other.certificate().text());
        others.put("certificate, broken signature", other.brokenCertificate().text());
        others.put("certificate typed plain", other.certificate().as("ssh-ed25519"));
        others.put("unknown type", "ssh-foo " + other.ed25519().base64());
        others.put("ed25519 with an ECDSA blob", ec.as("ssh-ed25519"));
        for (Map.Entry<String, String> o : others.entrySet()) {
            put("other line: " + o.getKey(), hostPort + " " + o.getValue() + "\n");
        }
        put(
                "revoked: the server's certificate",
                "@revoked " + hostPort + " " + serverCertificate.text() + "\n" + hostPort + " " + k.text() + "\n");
        put("plain: the server's certificate", hostPort + " " + serverCertificate.text() + "\n");
        put(
                "revoked: blob typed ED25519",
                "@revoked * " + encodeTyped(k, "ED25519") + "\n" + hostPort + " " + k.text() + "\n");
    }

    private void crlfAndComments(Key k, Key other) {
        String line = hostPort + " " + k.text();
        String otherLine = hostPort + " " + other.text();
        put("CRLF: one line", line + "\r\n");
        put("CRLF: comment first", "# known hosts\r\n" + line + "\r\n");
        put("CRLF: other key first", otherLine + "\r\n" + line + "\r\n");
        put("CRLF: revoked", line + "\r\n@revoked " + line + "\r\n");
        put("CRLF: blank lines", "\r\n\r\n" + line + "\r\n\r\n");
        put("CR only: two lines", otherLine + "\r" + line + "\r");
        put("CR only: one line", line + "\r");
        put("CR only: CR before", "\r" + line + "\n");
        put("CRLF: a comment after the key", line + " comment\r\n");
        put("CRLF: tab separated", hostPort + "\t" + k.type() + "\t" + k.base64() + "\r\n");
        put("CRLF: no final CRLF", otherLine + "\r\n" + line);
        put(
                "CRLF: marker with tabs",
                line + "\r\n@revoked\t" + hostPort + "\t" + k.type() + "\t" + k.base64() + "\r\n");
        put("comment: the line", "#" + line + "\n");
        put("comment: indented", " \t# " + line + "\n");
        put("comment: after CR", "\r#" + line + "\n");
        put("comment: in the host field", hostPort + "#x " + k.text() + "\n");
        put("comment: before the type", hostPort + " #" + k.text() + "\n");
        put("comment: before the type with a tab", hostPort + "\t#\t" + k.text() + "\n");
        put("comment: only", "#\n");
        put("comment: two", "##\n#" + otherLine + "\n" + line + "\n");
        put("comment: hash host", "# " + otherLine + "\n" + line + "\n");
        put("empty file", "");
        put("only newlines", "\n\n\n");
        put("only blanks", " \t \n\t\n");
    }

    private void nulBytes(Key k) {
        put("NUL after the host", hostPort + "\0" + k.text() + "\n");
        put("NUL and space after the host", hostPort + "\0 " + k.text() + "\n");
        put("space and NUL after the host", hostPort + " \0" + k.text() + "\n");
        put("NUL after the host, tab", hostPort + "\0\t" + k.text() + "\n");
        put("NUL after the host, no newline", hostPort + "\0" + k.text());
        put("NUL after the host, CRLF", hostPort + "\0" + k.text() + "\r\n");
        put("NUL after the type", hostPort + " " + k.type() + "\0" + k.base64() + "\n");
        put(
                "NUL inside the key",
                hostPort + " " + k.type() + " " + k.base64().substring(0, 30) + "\0"
                        + k.base64().substring(30) + "\n");
        put("NUL after the key", hostPort + " " + k.text() + "\0 trailing\n");
        put("NUL first", "\0" + hostPort + " " + k.text() + "\n");
        put("NUL after the host, only the type", hostPort + "\0" + k.type() + "\n");
        put("NUL after the host, type and tab", hostPort + "\0" + k.type() + "\t\n");
        put("NUL after the host, NUL after the key", hostPort + "\0" + k.text() + "\0\n");
        put("NUL in a marker", "@revoked\0 " + hostPort + " " + k.text() + "\n" + hostPort + " " + k.text() + "\n");
        put(
                "NUL after a marker's host",
                "@revoked " + hostPort + "\0" + k.text() + "\n" + hostPort + " " + k.text() + "\n");
        put("NUL, two NULs after the host", hostPort + "\0\0" + k.text() + "\n");
    }

    private void lastLineWithoutNewline(Key k, Key other) {
        String pad = "x".repeat(hostPort.length());
        put("last line: host only, after the same host's line", hostPort + " " + k.text() + "\n" + hostPort);
        put("last line: host only, after a line of another host", pad + " " + k.text() + "\n" + hostPort);
        put(
                "last line: host only, after a commented-out key",
                "#" + pad.substring(1) + " " + k.text() + "\n" + hostPort);
        put("last line: host only, after another key", pad + " " + other.text() + "\n" + hostPort);
        put("last line: host only, after a short line", "x " + k.text().substring(0, 10) + "\n" + hostPort);
        put("last line: host only, misaligned", pad + "xx " + k.text() + "\n" + hostPort);
        put("last line: host only, two blanks", pad + "  " + k.text() + "\n" + hostPort);
        put("last line: host only, after a longer line and a short one", pad + " " + k.text() + "\n# c\n" + hostPort);
        put("last line: host and blank", pad + " " + k.text() + "\n" + hostPort + " ");
        put("last line: host and tab", pad + " " + k.text() + "\n" + hostPort + "\t");
        put(
                "last line: revoked host only",
                hostPort + " " + k.text() + "\n#" + "x".repeat(hostPort.length() + "@revoked ".length() - 1) + " "
                        + k.text() + "\n@revoked " + hostPort);
        put(
                "last line: host only, after a host field that ends where it would read",
                "x".repeat(hostPort.length() + 1) + " " + k.text() + "\n" + hostPort);
        put(
                "last line: host only, after a comment that ends where it would read",
                "#" + "x".repeat(hostPort.length()) + " " + k.text() + "\n" + hostPort);
        put("last line: host only, first line", hostPort);
        put("last line: host only, after a CRLF line", pad + " " + k.text() + "\r\n" + hostPort);
        put("last line: host only, after a NUL line", pad + "\0" + k.text() + "\n" + hostPort);
        put(
                "last line: host only, after a marker line",
                "@revoked " + pad.substring(9) + " " + k.text() + "\n" + hostPort);
    }

    /** Files of several lines for the host, drawn from lines of every kind. */
    private void mixes(Key k, OtherKeys other) {
        String h = hostPort;
        String[] pool = {
            h + " " + k.text(),
            h + " " + other.ed25519().text(),
            h + " " + other.ecdsa().text(),
            h + " " + other.rsa().text(),
            h + " " + other.ecdsa().type() + " " + other.ecdsa().base64().replace("=", ""),
            "* " + k.text(),
            "*,!" + h + " " + k.text(),
            host + " " + k.text(),
            host + " " + other.ed25519().text(),
            "@revoked " + h + " " + k.text(),
            "@revoked * " + k.text(),
            "@revoked\t" + h + " " + k.text(),
            "@revoked " + h + " " + other.ed25519().text(),
            "@cert-authority " + h + " " + k.text(),
            "@cert-authority * " + other.ed25519().text(),
            hash(h) + " " + k.text(),
            hash(h) + " " + other.ed25519().text(),
            hash(host) + " " + k.text(),
            "# " + h + " " + k.text(),
            "",
            "   ",
            h + " ssh-ed25519 broken!",
            "[" + host + "]:* " + other.ed25519().text(),
            "otherhost " + k.text(),
            h + ",otherhost " + other.ecdsa().text(),
            h + " " + k.text() + " comment",
            h + "\t" + k.type() + "\t" + k.base64(),
            h + " " + k.text() + "\r",
            "\f" + h + " " + k.text(),
            h + " " + k.type() + " " + k.base64() + "=",
            h + "\0" + k.text(),
            h + " " + other.certificate().text()
        };
        for (int i = 0; i < 130; i++) {
            int n = 1 + random.nextInt(6);
            String end = random.nextInt(5) == 0 ? "\r\n" : "\n";
            StringBuilder file = new StringBuilder();
            List<Integer> picked = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                int p = random.nextInt(pool.length);
                picked.add(p);
                file.append(pool[p]);
                if (j < n - 1 || random.nextInt(6) != 0) {
                    file.append(end);
                }
            }
            put("mix " + i + " of lines " + picked + (end.length() == 2 ? " CRLF" : ""), file.toString());
        }
    }

    // ------------------------------------------------------------------ a server with ed25519, ECDSA and RSA keys

    /**
     * Layouts for a server with ed25519, ECDSA and RSA host keys: which key a line lists decides which one the
     * server presents, so an ECDSA or RSA line that ssh cannot read leaves the host unknown, one it reads accepts.
     * The ECDSA and RSA blobs are the ones that need base64 padding.
     */
    static Map<String, byte[]> forServerWithSeveralKeys(String host, int port, Key ed25519, Key ecdsa, Key rsa) {
        KnownHostsLayouts l = new KnownHostsLayouts(host, port, 20261205L);
        String h = l.hostPort;
        for (Key k : new Key[] {ecdsa, rsa}) {
            String n = k.type().startsWith("ecdsa") ? "ECDSA" : "RSA";
            String b = k.base64();
            Map<String, String> variants = new LinkedHashMap<>();
            variants.put("padded", k.text());
            variants.put("unpadded", k.type() + " " + b.replace("=", ""));
            variants.put("padded twice", k.text() + "=");
            variants.put("pad, blank", k.text() + " ");
            variants.put("pad, CR", k.text() + "\r");
            variants.put("pad, VT, comment", k.text() + "\u000b comment");
            variants.put("CR before the pad", k.type() + " " + b.replace("=", "\r="));
            variants.put("nonzero pad bits", k.type() + " " + flipBeforePad(b));
            variants.put("FF inside", k.type() + " " + b.substring(0, 40) + "\f" + b.substring(40));
            variants.put("a group short", k.type() + " " + b.substring(0, b.length() - 4));
            variants.put("a group more", k.type() + " " + b.replace("=", "") + "AAAA");
            variants.put("tab separated", k.type() + "\t" + b);
            if (n.equals("RSA")) {
                variants.put("typed rsa-sha2-256", k.as("rsa-sha2-256"));
                variants.put("typed rsa-sha2-512", k.as("rsa-sha2-512"));
                variants.put(
                        "blob typed RSA", Key.ofBlob(retype(k.blob(), "RSA")).as("ssh-rsa"));
            } else {
                variants.put("typed nistp384", k.as("ecdsa-sha2-nistp384"));
                variants.put(
                        "blob typed ECDSA",
                        Key.ofBlob(retype(k.blob(), "ECDSA")).as(k.type()));
            }
            for (Map.Entry<String, String> v : variants.entrySet()) {
                l.put(n + " " + v.getKey(), h + " " + v.getValue() + "\n");
                l.put(n + " " + v.getKey() + ", CRLF", h + " " + v.getValue() + "\r\n");
                l.put(n + " " + v.getKey() + ", hashed host", hash(h, l.random) + " " + v.getValue() + "\n");
            }
        }
        l.put(
                "ECDSA unpadded, RSA padded",
                h + " " + ecdsa.type() + " " + ecdsa.base64().replace("=", "") + "\n" + h + " " + rsa.text() + "\n");
        l.put(
                "ECDSA padded, RSA unpadded",
                h + " " + rsa.type() + " " + rsa.base64().replace("=", "") + "\n" + h + " " + ecdsa.text() + "\n");
        l.put("ed25519 revoked, ECDSA", "@revoked " + h + " " + ed25519.text() + "\n" + h + " " + ecdsa.text() + "\n");
        l.put(
                "ed25519 revoked with a tab, ECDSA",
                "@revoked\t" + h + " " + ed25519.text() + "\n" + h + " " + ecdsa.text() + "\n");
        l.put("ECDSA, last line without newline", h + " " + ecdsa.text() + "\n" + h);
        l.put("ECDSA, NUL after the host", h + "\0" + ecdsa.text() + "\n");
        l.put("ECDSA under a long pattern", "x".repeat(1023) + "," + h + " " + ecdsa.text() + "\n");
        return l.rows;
    }

    // ------------------------------------------------------------------ a server with a host certificate

    /** Layouts for a server presenting a host certificate signed by {@code ca}: {@code @cert-authority} lines. */
    static Map<String, byte[]> forCertifiedServer(String host, int port, Key ca, Key plainKey) {
        KnownHostsLayouts l = new KnownHostsLayouts(host, port, 20261206L);
        String h = l.hostPort;
        String[] afterMarker = {" ", "\t", "  ", "\t ", "\r", "\f"};
        String[] separators = {" ", "\t"};
        String[] trails = {"", " comment", "\tcomment", "\r", "\r\tc"};
        for (String a : afterMarker) {
            for (String sep : separators) {
                for (String t : trails) {
                    l.put(
                            "CA: marker" + show(a) + " fields" + show(sep) + " trailing " + show(t),
                            "@cert-authority" + a + h + sep + ca.type() + sep + ca.base64() + t + "\n");
                }
            }
        }
        l.put("CA: hashed host", "@cert-authority " + hash(h, l.random) + " " + ca.text() + "\n");
        l.put(
                "CA: hashed host with a tab",
                "@cert-authority\t" + hash(h, l.random) + "\t" + ca.type() + "\t" + ca.base64() + "\n");
        l.put("CA: every host but this", "@cert-authority *,!" + h + " " + ca.text() + "\n");
        l.put("CA: the host without port", "@cert-authority " + host + " " + ca.text() + "\n");
        l.put("CA: revoked", "@cert-authority * " + ca.text() + "\n@revoked * " + ca.text() + "\n");
        l.put("CA: revoked with a tab", "@cert-authority * " + ca.text() + "\n@revoked\t* " + ca.text() + "\n");
        l.put("CA: revoked host key", "@cert-authority * " + ca.text() + "\n@revoked * " + plainKey.text() + "\n");
        l.put("CA: CRLF", "@cert-authority * " + ca.text() + "\r\n");
        l.put("CA: key with a pad too many", "@cert-authority * " + ca.text() + "=\n");
        l.put("CA: key typed ED25519", "@cert-authority * " + ca.as("ED25519") + "\n");
        l.put("CA: blob typed ED25519", "@cert-authority * " + encodeTyped(ca, "ED25519") + "\n");
        l.put(
                "CA: plain key listed, CA marker broken",
                "@cert-authority\t* " + ca.text() + "\n" + h + " " + plainKey.text() + "\n");
        l.put("CA: two markers", "@cert-authority @cert-authority * " + ca.text() + "\n");
        l.put("CA: NUL after the host", "@cert-authority *\0" + ca.text() + "\n");
        l.put(
                "CA: last line without newline",
                "#" + "x".repeat("@cert-authority ".length() + h.length() - 1) + " " + ca.text() + "\n@cert-authority "
                        + h);
        return l.rows;
    }

    // ------------------------------------------------------------------ helpers

    private void put(String name, String file) {
        String unique = name;
        for (int i = 2; rows.containsKey(unique); i++) {
            unique = name + " #" + i;
        }
        rows.put(unique, file.getBytes(StandardCharsets.ISO_8859_1));
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }

    private String hash(String name) {
        return hash(name, random);
    }

    private String hashWithSalt(String name, int saltBytes) {
        byte[] salt = new byte[saltBytes];
        random.nextBytes(salt);
        return "|1|" + encode(salt) + "|" + encode(hmac(salt, name));
    }

    /** {@code ssh-keygen -H}'s form: {@code |1|} base64(salt) {@code |} base64(HMAC-SHA1(salt, name)). */
    static String hash(String name, Random random) {
        byte[] salt = new byte[20];
        random.nextBytes(salt);
        return "|1|" + encode(salt) + "|" + encode(hmac(salt, name));
    }

    private static byte[] hmac(byte[] salt, String name) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(salt, "HmacSHA1"));
            return mac.doFinal(name.getBytes(StandardCharsets.ISO_8859_1));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A printable name for a field: whitespace and control characters spelled out, long ones shortened. */
    static String show(String s) {
        return "[" + visible(s, 40) + "]";
    }

    /** {@code s} with whitespace and control characters spelled out, at most {@code max} chars of it. */
    static String visible(String s, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (i == max) {
                return b + "...(" + s.length() + " chars)";
            }
            char c = s.charAt(i);
            switch (c) {
                case ' ' -> b.append(s.length() < 20 ? "<SP>" : " ");
                case '\t' -> b.append("<TAB>");
                case '\r' -> b.append("<CR>");
                case '\n' -> b.append("<LF>");
                case '\f' -> b.append("<FF>");
                case '\u000b' -> b.append("<VT>");
                case '\0' -> b.append("<NUL>");
                default -> b.append(c < ' ' || c > '~' ? String.format("<%02X>", (int) c) : String.valueOf(c));
            }
        }
        return b.toString();
    }

    private static String encode(byte[] b) {
        return Base64.getEncoder().encodeToString(b);
    }

    private static String encodeTyped(Key k, String innerType) {
        return k.type() + " " + encode(retype(k.blob(), innerType));
    }

    /** The last base64 character changed: for an unpadded ed25519 blob, another valid key. */
    private static String flipLast(String b) {
        char last = b.charAt(b.length() - 1);
        return b.substring(0, b.length() - 1) + (last == 'A' ? 'Q' : 'A');
    }

    /** The last character before the padding changed in its low bits, which padding says must be zero. */
    private static String flipBeforePad(String b) {
        int i = b.indexOf('=') - 1;
        char c = b.charAt(i);
        char changed = c == 'A' ? 'B' : c == 'Q' ? 'R' : c == 'g' ? 'h' : c == 'w' ? 'x' : (char) (c ^ 1);
        return b.substring(0, i) + changed + b.substring(i + 1);
    }

    static String blobType(byte[] blob) {
        int n = ((blob[0] & 0xff) << 24) | ((blob[1] & 0xff) << 16) | ((blob[2] & 0xff) << 8) | (blob[3] & 0xff);
        return new String(blob, 4, n, StandardCharsets.ISO_8859_1);
    }

    /** The blob with its type string replaced. */
    private static byte[] retype(byte[] blob, String type) {
        int n = blobType(blob).length();
        return concat(string(type.getBytes(StandardCharsets.ISO_8859_1)), Arrays.copyOfRange(blob, 4 + n, blob.length));
    }

    /** An ECDSA blob's fields: type, curve, point. */
    private static byte[][] ecdsaFields(byte[] blob) {
        byte[][] f = new byte[3][];
        int p = 0;
        for (int i = 0; i < 3; i++) {
            int n = ((blob[p] & 0xff) << 24)
                    | ((blob[p + 1] & 0xff) << 16)
                    | ((blob[p + 2] & 0xff) << 8)
                    | (blob[p + 3] & 0xff);
            f[i] = Arrays.copyOfRange(blob, p + 4, p + 4 + n);
            p += 4 + n;
        }
        return f;
    }

    private static byte[] offCurve(byte[] blob) {
        byte[][] f = ecdsaFields(blob);
        f[2][f[2].length - 1] ^= 1;
        return concat(string(f[0]), string(f[1]), string(f[2]));
    }

    private static byte[] compressed(byte[] blob) {
        byte[][] f = ecdsaFields(blob);
        byte[] point = Arrays.copyOf(f[2], 1 + (f[2].length - 1) / 2);
        point[0] = (byte) (2 + (f[2][f[2].length - 1] & 1));
        return concat(string(f[0]), string(f[1]), string(point));
    }

    private static byte[] curveName(byte[] blob, String curve) {
        byte[][] f = ecdsaFields(blob);
        return concat(string(f[0]), string(curve.getBytes(StandardCharsets.US_ASCII)), string(f[2]));
    }

    static byte[] string(byte[] value) {
        return concat(
                new byte[] {
                    (byte) (value.length >>> 24),
                    (byte) (value.length >>> 16),
                    (byte) (value.length >>> 8),
                    (byte) value.length
                },
                value);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static Key ecdsa(String curve, String name) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec(curve));
            ECPublicKey key = (ECPublicKey) g.generateKeyPair().getPublic();
            int size = (key.getParams().getCurve().getField().getFieldSize() + 7) / 8;
            byte[] point = concat(
                    new byte[] {4},
                    fixed(key.getW().getAffineX(), size),
                    fixed(key.getW().getAffineY(), size));
            String type = "ecdsa-sha2-" + name;
            return Key.ofBlob(concat(
                    string(type.getBytes(StandardCharsets.US_ASCII)),
                    string(name.getBytes(StandardCharsets.US_ASCII)),
                    string(point)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Key rsa(int bits) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(bits);
            RSAPublicKey key = (RSAPublicKey) g.generateKeyPair().getPublic();
            return Key.ofBlob(concat(
                    string("ssh-rsa".getBytes(StandardCharsets.US_ASCII)),
                    string(key.getPublicExponent().toByteArray()),
                    string(key.getModulus().toByteArray())));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Key dsa() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("DSA");
            g.initialize(1024);
            DSAPublicKey key = (DSAPublicKey) g.generateKeyPair().getPublic();
            return Key.ofBlob(concat(
                    string("ssh-dss".getBytes(StandardCharsets.US_ASCII)),
                    string(key.getParams().getP().toByteArray()),
                    string(key.getParams().getQ().toByteArray()),
                    string(key.getParams().getG().toByteArray()),
                    string(key.getY().toByteArray())));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] fixed(BigInteger v, int size) {
        byte[] b = v.toByteArray();
        if (b.length == size) {
            return b;
        }
        byte[] out = new byte[size];
        if (b.length > size) {
            System.arraycopy(b, b.length - size, out, 0, size);
        } else {
            System.arraycopy(b, 0, out, size - b.length, b.length);
        }
        return out;
    }
}
