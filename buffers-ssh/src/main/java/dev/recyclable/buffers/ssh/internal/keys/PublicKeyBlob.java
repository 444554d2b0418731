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

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.spec.ECFieldFp;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.Arrays;

/**
 * An SSH public key blob as OpenSSH 9.2 reads one from known_hosts ({@code sshkey.c sshkey_from_blob}), and the
 * key it holds, compared as {@code sshkey_equal} and {@code sshkey_equal_public} compare keys. A blob that
 * {@code ssh} refuses (an unknown type, a length that runs past the end, bytes left over, an RSA modulus under
 * 1024 bits, an EC point off its curve, a certificate whose CA signature does not verify) does not parse here
 * either, so that the line holding it counts for neither.
 */
final class PublicKeyBlob {

    /** The key types {@code ssh} knows ({@code sshkey.c keyimpls}, in its order): name, short name, kind. */
    enum Algorithm {
        ED25519("ssh-ed25519", "ED25519", Kind.ED25519, false, 0),
        ED25519_CERT("ssh-ed25519-cert-v01@openssh.com", "ED25519-CERT", Kind.ED25519, true, 0),
        ED25519_SK("sk-ssh-ed25519@openssh.com", "ED25519-SK", Kind.ED25519_SK, false, 0),
        ED25519_SK_CERT("sk-ssh-ed25519-cert-v01@openssh.com", "ED25519-SK-CERT", Kind.ED25519_SK, true, 0),
        ECDSA_256("ecdsa-sha2-nistp256", "ECDSA", Kind.ECDSA, false, 256),
        ECDSA_256_CERT("ecdsa-sha2-nistp256-cert-v01@openssh.com", "ECDSA-CERT", Kind.ECDSA, true, 256),
        ECDSA_384("ecdsa-sha2-nistp384", "ECDSA", Kind.ECDSA, false, 384),
        ECDSA_384_CERT("ecdsa-sha2-nistp384-cert-v01@openssh.com", "ECDSA-CERT", Kind.ECDSA, true, 384),
        ECDSA_521("ecdsa-sha2-nistp521", "ECDSA", Kind.ECDSA, false, 521),
        ECDSA_521_CERT("ecdsa-sha2-nistp521-cert-v01@openssh.com", "ECDSA-CERT", Kind.ECDSA, true, 521),
        ECDSA_SK("sk-ecdsa-sha2-nistp256@openssh.com", "ECDSA-SK", Kind.ECDSA_SK, false, 256),
        ECDSA_SK_CERT("sk-ecdsa-sha2-nistp256-cert-v01@openssh.com", "ECDSA-SK-CERT", Kind.ECDSA_SK, true, 256),
        ECDSA_SK_WEBAUTHN("webauthn-sk-ecdsa-sha2-nistp256@openssh.com", "ECDSA-SK", Kind.ECDSA_SK, false, 256),
        DSA("ssh-dss", "DSA", Kind.DSA, false, 0),
        DSA_CERT("ssh-dss-cert-v01@openssh.com", "DSA-CERT", Kind.DSA, true, 0),
        RSA("ssh-rsa", "RSA", Kind.RSA, false, 0),
        RSA_CERT("ssh-rsa-cert-v01@openssh.com", "RSA-CERT", Kind.RSA, true, 0),
        RSA_SHA256("rsa-sha2-256", "RSA", Kind.RSA, false, 0),
        RSA_SHA256_CERT("rsa-sha2-256-cert-v01@openssh.com", "RSA-CERT", Kind.RSA, true, 0),
        RSA_SHA512("rsa-sha2-512", "RSA", Kind.RSA, false, 0),
        RSA_SHA512_CERT("rsa-sha2-512-cert-v01@openssh.com", "RSA-CERT", Kind.RSA, true, 0);

        final String name;
        final String shortName;
        final Kind kind;
        final boolean certificate;
        /** The curve's size for the ECDSA kinds ({@code ssh}'s curve NID), else 0. */
        final int curve;

        Algorithm(String name, String shortName, Kind kind, boolean certificate, int curve) {
            this.name = name;
            this.shortName = shortName;
            this.kind = kind;
            this.certificate = certificate;
            this.curve = curve;
        }

        /** {@code peek_type_nid}: the algorithm named exactly {@code name}, or {@code null}. */
        static Algorithm named(String name) {
            for (Algorithm a : values()) {
                if (a.name.equals(name)) {
                    return a;
                }
            }
            return null;
        }

        /** {@code sshkey_type_from_name}: a full name, or (plain types only) a short name in any case. */
        static Algorithm ofType(String name) {
            for (Algorithm a : values()) {
                if (a.name.equals(name) || (!a.certificate && a.shortName.equalsIgnoreCase(name))) {
                    return a;
                }
            }
            return null;
        }
    }

    /** OpenSSH's plain key types ({@code KEY_RSA}, ...): keys of one kind compare by their public parts. */
    enum Kind {
        RSA("ssh-rsa"),
        DSA("ssh-dss"),
        ECDSA(null),
        ED25519("ssh-ed25519"),
        ECDSA_SK("sk-ecdsa-sha2-nistp256@openssh.com"),
        ED25519_SK("sk-ssh-ed25519@openssh.com");

        private final String plainName;

        Kind(String plainName) {
            this.plainName = plainName;
        }
    }

    private static final int RSA_MINIMUM_BITS = 1024;
    private static final int MAX_BIGNUM_BYTES = 16384 / 8;
    private static final int MAX_CERT_PRINCIPALS = 256;
    private static final int MAX_EC_POINT_BYTES = 133; // (521 bits rounded up to bytes) * 2 + 1

    private final Kind kind;
    /** For an ECDSA kind, the curve's size; else 0. */
    private final int curve;

    private final boolean certificate;
    /** The kind and public values, in one canonical encoding: equal exactly when ssh's keys are equal. */
    private final byte[] publicPart;
    /** A certificate's whole blob ({@code sshkey_equal} compares certificates byte for byte), else null. */
    private final byte[] certificateBlob;

    private PublicKeyBlob(Kind kind, int curve, boolean certificate, byte[] publicPart, byte[] certificateBlob) {
        this.kind = kind;
        this.curve = curve;
        this.certificate = certificate;
        this.publicPart = publicPart;
        this.certificateBlob = certificateBlob;
    }

    /** The key in {@code blob}, or {@code null} where {@code ssh} would not read it. */
    static PublicKeyBlob parse(byte[] blob) {
        Reader in = new Reader(blob, 0, blob.length);
        PublicKeyBlob key = read(in, true);
        return key != null && in.remaining() == 0 ? key : null;
    }

    /** The key sshj hands over, read the same way; {@code null} for a key {@code ssh} would not take. */
    static PublicKeyBlob of(PublicKey key) {
        return parse(HostKeys.blob(key));
    }

    /**
     * The name {@code ssh} gives this key's type and curve (its {@code sshkey_ssh_name}): {@code ssh-rsa} for
     * any RSA key, {@code ecdsa-sha2-nistp384} for a P-384 key, a certificate's own type name.
     */
    String typeName() {
        String plain = kind == Kind.ECDSA ? "ecdsa-sha2-nistp" + curve : kind.plainName;
        if (!certificate) {
            return plain;
        }
        return plain.endsWith("@openssh.com")
                ? plain.substring(0, plain.length() - "@openssh.com".length()) + "-cert-v01@openssh.com"
                : plain + "-cert-v01@openssh.com";
    }

    /**
     * Whether the type field before the blob names this key's type ({@code sshkey_read}): the same kind, plain
     * or certificate, and for ECDSA the same curve. Any RSA name names any RSA key.
     */
    boolean typeMatches(Algorithm field) {
        return kind == field.kind && certificate == field.certificate && curve == field.curve;
    }

    boolean isCertificate() {
        return certificate;
    }

    /** {@code sshkey_equal}: the same type (a certificate only equals the same certificate) and public values. */
    boolean sameKey(PublicKeyBlob other) {
        return other != null
                && kind == other.kind
                && certificate == other.certificate
                && (!certificate || Arrays.equals(certificateBlob, other.certificateBlob))
                && Arrays.equals(publicPart, other.publicPart);
    }

    /** {@code sshkey_equal_public}: the same public values, a certificate counting as the key inside it. */
    boolean samePublicKey(PublicKeyBlob other) {
        return other != null && Arrays.equals(publicPart, other.publicPart);
    }

    // ------------------------------------------------------------------ sshkey_from_blob_internal

    private static PublicKeyBlob read(Reader in, boolean allowCertificate) {
        int start = in.position;
        String typeName = in.cString();
        Algorithm type = typeName == null ? null : Algorithm.ofType(typeName);
        if (type == null || (type.certificate && !allowCertificate)) {
            return null;
        }
        if (type.certificate && in.string() == null) { // the nonce
            return null;
        }
        ByteArrayOutputStream pub = new ByteArrayOutputStream();
        pub.write(type.kind.ordinal());
        boolean read = switch (type.kind) {
            case ED25519 -> readEd25519(in, pub);
            case ED25519_SK -> readEd25519(in, pub) && readApplication(in, pub);
            case ECDSA -> readEcdsa(in, typeName, pub);
            case ECDSA_SK -> readEcdsa(in, typeName, pub) && readApplication(in, pub);
            case RSA -> readRsa(in, pub);
            case DSA -> readBignums(in, pub, 4);
        };
        if (!read) {
            return null;
        }
        byte[] certificateBlob = null;
        if (type.certificate) {
            if (!readCertificate(in, start)) {
                return null;
            }
            certificateBlob = Arrays.copyOfRange(in.data, start, in.position);
        }
        return new PublicKeyBlob(type.kind, type.curve, type.certificate, pub.toByteArray(), certificateBlob);
    }

    private static boolean readEd25519(Reader in, ByteArrayOutputStream pub) {
        byte[] key = in.string();
        if (key == null || key.length != 32) {
            return false;
        }
        pub.writeBytes(key);
        return true;
    }

    private static boolean readApplication(Reader in, ByteArrayOutputStream pub) {
        String application = in.cString();
        if (application == null) {
            return false;
        }
        writeString(pub, application.getBytes(StandardCharsets.ISO_8859_1));
        return true;
    }

    /** {@code ssh_ecdsa_deserialize_public}: the curve named by the type and by the blob, a valid point on it. */
    private static boolean readEcdsa(Reader in, String typeName, ByteArrayOutputStream pub) {
        Algorithm named = Algorithm.named(typeName); // a short name ("ECDSA") names no curve: refused
        String curveName = in.cString();
        if (named == null || named.curve == 0 || curveName == null) {
            return false;
        }
        if (!curveName.equals("nistp" + named.curve)) {
            return false;
        }
        byte[] point = in.string();
        if (point == null || !Curve.of(named.curve).validPublicPoint(point)) {
            return false;
        }
        pub.writeBytes(point); // its length tells the curve
        return true;
    }

    private static boolean readRsa(Reader in, ByteArrayOutputStream pub) {
        BigInteger e = in.bignum();
        BigInteger n = in.bignum();
        if (e == null || n == null || n.bitLength() < RSA_MINIMUM_BITS) {
            return false;
        }
        writeString(pub, e.toByteArray());
        writeString(pub, n.toByteArray());
        return true;
    }

    private static boolean readBignums(Reader in, ByteArrayOutputStream pub, int count) {
        for (int i = 0; i < count; i++) {
            BigInteger v = in.bignum();
            if (v == null) {
                return false;
            }
            writeString(pub, v.toByteArray());
        }
        return true;
    }

    /** {@code cert_parse}: the certificate's fields, each well formed, and its CA's signature over them. */
    private static boolean readCertificate(Reader in, int start) {
        if (in.u64() == null) {
            return false;
        }
        Long type = in.u32();
        if (type == null || in.cString() == null) {
            return false;
        }
        byte[] principals = in.string();
        if (principals == null || in.u64() == null || in.u64() == null) {
            return false;
        }
        byte[] critical = in.string();
        byte[] extensions = in.string();
        if (critical == null || extensions == null || in.string() == null) {
            return false;
        }
        byte[] ca = in.string();
        if (ca == null) {
            return false;
        }
        int signedEnd = in.position;
        byte[] signature = in.string();
        if (signature == null || (type != 1 && type != 2)) {
            return false;
        }
        Reader names = new Reader(principals, 0, principals.length);
        for (int count = 0; names.remaining() > 0; count++) {
            if (count >= MAX_CERT_PRINCIPALS || names.cString() == null) {
                return false;
            }
        }
        if (!pairsOfStrings(critical) || !pairsOfStrings(extensions)) {
            return false;
        }
        Reader caIn = new Reader(ca, 0, ca.length);
        if (read(caIn, false) == null || caIn.remaining() != 0) {
            return false;
        }
        return HostCertificates.signatureVerifies(ca, signature, in.data, start, signedEnd - start);
    }

    private static boolean pairsOfStrings(byte[] section) {
        Reader r = new Reader(section, 0, section.length);
        while (r.remaining() > 0) {
            if (r.string() == null || r.string() == null) {
                return false;
            }
        }
        return true;
    }

    private static void writeString(ByteArrayOutputStream out, byte[] value) {
        out.write(value.length >>> 24);
        out.write(value.length >>> 16);
        out.write(value.length >>> 8);
        out.write(value.length);
        out.writeBytes(value);
    }

    /** The NIST curves ssh knows, for {@code sshkey_ec_validate_public}. */
    private record Curve(BigInteger p, BigInteger a, BigInteger b, BigInteger order, int fieldBytes) {

        private static final Curve P256 = load("secp256r1");
        private static final Curve P384 = load("secp384r1");
        private static final Curve P521 = load("secp521r1");

        static Curve of(int bits) {
            return bits == 256 ? P256 : bits == 384 ? P384 : P521;
        }

        private static Curve load(String name) {
            try {
                AlgorithmParameters params = AlgorithmParameters.getInstance("EC");
                params.init(new ECGenParameterSpec(name));
                ECParameterSpec spec = params.getParameterSpec(ECParameterSpec.class);
                BigInteger p = ((ECFieldFp) spec.getCurve().getField()).getP();
                return new Curve(
                        p, spec.getCurve().getA(), spec.getCurve().getB(), spec.getOrder(), (p.bitLength() + 7) / 8);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(name + " missing from the JDK", e);
            }
        }

        /**
         * An uncompressed point ({@code sshbuf_get_ec}) that OpenSSL decodes (coordinates below p, on the curve)
         * and {@code sshkey_ec_validate_public} accepts (coordinates longer than half the order's bits and
         * below order - 1).
         */
        boolean validPublicPoint(byte[] point) {
            if (point.length == 0 || point.length > MAX_EC_POINT_BYTES || point[0] != 4) {
                return false;
            }
            if (point.length != 1 + 2 * fieldBytes) {
                return false;
            }
            BigInteger x = new BigInteger(1, Arrays.copyOfRange(point, 1, 1 + fieldBytes));
            BigInteger y = new BigInteger(1, Arrays.copyOfRange(point, 1 + fieldBytes, point.length));
            if (x.compareTo(p) >= 0 || y.compareTo(p) >= 0) {
                return false;
            }
            BigInteger rhs = x.pow(3).add(a.multiply(x)).add(b).mod(p);
            if (!y.multiply(y).mod(p).equals(rhs)) {
                return false;
            }
            int half = order.bitLength() / 2;
            BigInteger limit = order.subtract(BigInteger.ONE);
            return x.bitLength() > half && y.bitLength() > half && x.compareTo(limit) < 0 && y.compareTo(limit) < 0;
        }
    }

    /** {@code sshbuf}'s readers: each returns {@code null} where {@code ssh}'s fails. */
    private static final class Reader {
        final byte[] data;
        int position;
        final int end;

        Reader(byte[] data, int from, int to) {
            this.data = data;
            this.position = from;
            this.end = to;
        }

        int remaining() {
            return end - position;
        }

        Long u32() {
            if (remaining() < 4) {
                return null;
            }
            long v = ((data[position] & 0xffL) << 24)
                    | ((data[position + 1] & 0xffL) << 16)
                    | ((data[position + 2] & 0xffL) << 8)
                    | (data[position + 3] & 0xffL);
            position += 4;
            return v;
        }

        Long u64() {
            if (remaining() < 8) {
                return null;
            }
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (data[position + i] & 0xffL);
            }
            position += 8;
            return v;
        }

        byte[] string() {
            int mark = position;
            Long length = u32();
            if (length == null || length > remaining()) {
                position = mark;
                return null;
            }
            byte[] s = Arrays.copyOfRange(data, position, position + length.intValue());
            position += length.intValue();
            return s;
        }

        /** {@code sshbuf_get_cstring}: a string with no NUL byte, except one at its very end. */
        String cString() {
            byte[] s = string();
            if (s == null) {
                return null;
            }
            for (int i = 0; i < s.length; i++) {
                if (s[i] == 0) {
                    if (i != s.length - 1) {
                        return null;
                    }
                    return new String(s, 0, i, StandardCharsets.ISO_8859_1);
                }
            }
            return new String(s, StandardCharsets.ISO_8859_1);
        }

        /** {@code sshbuf_get_bignum2}: non-negative, at most 16384 bits (one leading zero byte allowed). */
        BigInteger bignum() {
            byte[] s = string();
            if (s == null) {
                return null;
            }
            if (s.length > 0 && (s[0] & 0x80) != 0) {
                return null;
            }
            if (s.length > MAX_BIGNUM_BYTES + 1 || (s.length == MAX_BIGNUM_BYTES + 1 && s[0] != 0)) {
                return null;
            }
            return new BigInteger(1, s);
        }
    }

    @Override
    public String toString() {
        return typeName();
    }
}
