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

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.pkcs.PBKDF2Params;
import org.bouncycastle.asn1.pkcs.PKCS12PBEParams;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.PBEParametersGenerator;
import org.bouncycastle.crypto.digests.MD5Digest;
import org.bouncycastle.crypto.digests.SHA1Digest;
import org.bouncycastle.crypto.digests.SHA224Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.digests.SHA512tDigest;
import org.bouncycastle.crypto.generators.OpenSSLPBEParametersGenerator;
import org.bouncycastle.crypto.generators.PKCS12ParametersGenerator;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.generators.SCrypt;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * Decryption of encrypted private key files as OpenSSL (and so OpenSSH) decrypts them: a traditional PEM file's
 * {@code DEK-Info} key ({@code EVP_BytesToKey}, MD5, one round, salted with the IV's first 8 bytes) and PKCS#8's
 * schemes: PBES2 with PBKDF2 (HMAC with SHA-1, SHA-2 or MD5) or scrypt, and PBES1 with PKCS#12's key derivation
 * and three-key or two-key triple DES (the PBES1 schemes OpenSSL's default provider has). The passphrase is used
 * as its UTF-8 bytes (what {@code ssh-keygen} and {@code openssl} take from a terminal), or for PKCS#12 as UTF-16
 * (what OpenSSL makes of those bytes).
 */
final class KeyFileDecryption {

    /** An encryption OpenSSH does not read either: the file is refused whatever the passphrase. */
    static final class UnsupportedEncryption extends Exception {
        private static final long serialVersionUID = 1L;

        UnsupportedEncryption(String what) {
            super(what);
        }
    }

    private static final ASN1ObjectIdentifier SCRYPT = new ASN1ObjectIdentifier("1.3.6.1.4.1.11591.4.11");
    private static final ASN1ObjectIdentifier HMAC_WITH_MD5 = new ASN1ObjectIdentifier("1.2.840.113549.2.6");
    private static final int SALT_FROM_IV = 8; // PKCS5_SALT_LEN
    private static final long SCRYPT_MAX_MEMORY = 32L * 1024 * 1024;

    private KeyFileDecryption() {}

    /**
     * A traditional PEM body decrypted with the cipher its {@code DEK-Info} names.
     *
     * @throws UnsupportedEncryption for a cipher OpenSSH does not decrypt either, or an IV of the wrong length
     * @throws InvalidCipherTextException on bad padding (a wrong passphrase)
     */
    static byte[] pem(String dekInfo, byte[] body, char[] passphrase)
            throws UnsupportedEncryption, InvalidCipherTextException {
        int comma = dekInfo.indexOf(',');
        String name = (comma < 0 ? dekInfo : dekInfo.substring(0, comma)).trim();
        KeyFileCiphers.Cipher cipher = KeyFileCiphers.named(name);
        if (cipher == null) {
            throw new UnsupportedEncryption("encrypted with " + name + ", a cipher OpenSSH does not decrypt");
        }
        byte[] iv = comma < 0 ? new byte[0] : hex(dekInfo.substring(comma + 1).trim());
        if (iv == null || iv.length != cipher.ivBytes() || iv.length < SALT_FROM_IV) {
            throw new UnsupportedEncryption("its DEK-Info header does not hold a " + cipher.ivBytes() + "-byte IV");
        }
        byte[] password = utf8(passphrase);
        try {
            OpenSSLPBEParametersGenerator kdf = new OpenSSLPBEParametersGenerator(new MD5Digest());
            kdf.init(password, Arrays.copyOf(iv, SALT_FROM_IV));
            byte[] key = ((KeyParameter) kdf.generateDerivedParameters(cipher.keyBytes() * 8)).getKey();
            return cipher.decrypt(key, iv, body);
        } finally {
            Arrays.fill(password, (byte) 0);
        }
    }

    /**
     * A PKCS#8 {@code EncryptedPrivateKeyInfo} ({@code der}) decrypted. Split by hand, not by BouncyCastle's
     * parser: OpenSSL writes AES key wrap's absent parameters as four bytes no strict parser takes, and reads them.
     *
     * @throws UnsupportedEncryption for a scheme, KDF or cipher OpenSSH does not decrypt either, or a structure it
     *                               does not read
     * @throws InvalidCipherTextException on bad padding or a failed unwrap (a wrong passphrase)
     */
    static byte[] pkcs8(byte[] der, char[] passphrase) throws UnsupportedEncryption, InvalidCipherTextException {
        try {
            List<byte[]> info = elements(der);
            List<byte[]> scheme = elements(info.get(0));
            ASN1ObjectIdentifier oid = ASN1ObjectIdentifier.getInstance(scheme.get(0));
            byte[] encrypted = ASN1OctetString.getInstance(info.get(1)).getOctets();
            if (oid.equals(PKCSObjectIdentifiers.id_PBES2)) {
                List<byte[]> params = elements(scheme.get(1));
                List<byte[]> cipher = elements(params.get(1));
                return pbes2(
                        AlgorithmIdentifier.getInstance(params.get(0)),
                        ASN1ObjectIdentifier.getInstance(cipher.get(0)),
                        cipher.size() > 1 ? cipher.get(1) : null,
                        encrypted,
                        passphrase);
            }
            if (oid.equals(PKCSObjectIdentifiers.pbeWithSHAAnd3_KeyTripleDES_CBC)
                    || oid.equals(PKCSObjectIdentifiers.pbeWithSHAAnd2_KeyTripleDES_CBC)) {
                return pkcs12TripleDes(
                        PKCS12PBEParams.getInstance(scheme.get(1)),
                        oid.equals(PKCSObjectIdentifiers.pbeWithSHAAnd3_KeyTripleDES_CBC) ? 24 : 16,
                        encrypted,
                        passphrase);
            }
            throw new UnsupportedEncryption("encrypted with " + oid + ", a scheme OpenSSH does not decrypt");
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException | IndexOutOfBoundsException e) {
            throw new UnsupportedEncryption("its encryption parameters do not parse (" + Causes.describe(e) + ")");
        }
    }

    private static byte[] pbes2(
            AlgorithmIdentifier kdf,
            ASN1ObjectIdentifier cipherOid,
            byte[] cipherParams,
            byte[] encrypted,
            char[] passphrase)
            throws UnsupportedEncryption, InvalidCipherTextException {
        KeyFileCiphers.Cipher cipher = KeyFileCiphers.forOid(cipherOid.getId());
        if (cipher == null) {
            throw new UnsupportedEncryption("encrypted with " + cipherOid + ", a cipher OpenSSH does not decrypt");
        }
        byte[] iv = new byte[0];
        if (cipher.ivBytes() > 0) {
            byte[] octets = cipherParams == null
                    ? null
                    : ASN1OctetString.getInstance(cipherParams).getOctets();
            if (octets == null || octets.length != cipher.ivBytes()) {
                throw new UnsupportedEncryption("its cipher parameters hold no " + cipher.ivBytes() + "-byte IV");
            }
            iv = octets;
        }
        byte[] password = utf8(passphrase);
        try {
            return cipher.decrypt(derive(kdf, password, cipher.keyBytes()), iv, encrypted);
        } finally {
            Arrays.fill(password, (byte) 0);
        }
    }

    /**
     * The elements of a DER SEQUENCE, each whole (tag, length, content), split by their definite lengths; a tag
     * in the long form is skipped over whatever its number.
     */
    private static List<byte[]> elements(byte[] sequence) {
        if (sequence.length < 2 || sequence[0] != 0x30) {
            throw new IllegalArgumentException("not a SEQUENCE");
        }
        int[] content = header(sequence, 0);
        List<byte[]> out = new ArrayList<>();
        int p = content[0];
        int end = content[0] + content[1];
        if (end > sequence.length) {
            throw new IllegalArgumentException("truncated SEQUENCE");
        }
        while (p < end) {
            int[] h = header(sequence, p);
            int next = h[0] + h[1];
            if (next > end) {
                throw new IllegalArgumentException("truncated element");
            }
            out.add(Arrays.copyOfRange(sequence, p, next));
            p = next;
        }
        return out;
    }

    /** An element's content offset and length, from its tag and length octets at {@code p}. */
    private static int[] header(byte[] der, int p) {
        int i = p + 1;
        if ((der[p] & 0x1f) == 0x1f) {
            while ((der[i] & 0x80) != 0) {
                i++;
            }
            i++;
        }
        int first = der[i++] & 0xff;
        long length = first;
        if (first > 0x80) {
            int n = first & 0x7f;
            if (n > 4) {
                throw new IllegalArgumentException("length too long");
            }
            length = 0;
            for (int k = 0; k < n; k++) {
                length = length << 8 | (der[i++] & 0xff);
            }
        } else if (first == 0x80) {
            throw new IllegalArgumentException("indefinite length");
        }
        if (length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("length too long");
        }
        return new int[] {i, (int) length};
    }

    private static byte[] derive(AlgorithmIdentifier kdf, byte[] password, int keyBytes) throws UnsupportedEncryption {
        if (kdf.getAlgorithm().equals(PKCSObjectIdentifiers.id_PBKDF2)) {
            PBKDF2Params p = PBKDF2Params.getInstance(kdf.getParameters());
            if (p.getKeyLength() != null && p.getKeyLength().intValue() != keyBytes) {
                throw new UnsupportedEncryption("its key length does not fit its cipher");
            }
            PKCS5S2ParametersGenerator g =
                    new PKCS5S2ParametersGenerator(prf(p.getPrf().getAlgorithm()));
            g.init(password, p.getSalt(), iterations(p.getIterationCount()));
            return ((KeyParameter) g.generateDerivedParameters(keyBytes * 8)).getKey();
        }
        if (kdf.getAlgorithm().equals(SCRYPT)) {
            // RFC 7914: salt, cost N, block size r, parallelization p, optional key length
            ASN1Sequence s = ASN1Sequence.getInstance(kdf.getParameters());
            byte[] salt = ASN1OctetString.getInstance(s.getObjectAt(0)).getOctets();
            int n = iterations(ASN1Integer.getInstance(s.getObjectAt(1)).getValue());
            int r = iterations(ASN1Integer.getInstance(s.getObjectAt(2)).getValue());
            int parallel = iterations(ASN1Integer.getInstance(s.getObjectAt(3)).getValue());
            if (s.size() > 4 && ASN1Integer.getInstance(s.getObjectAt(4)).intValueExact() != keyBytes) {
                throw new UnsupportedEncryption("its key length does not fit its cipher");
            }
            // OpenSSL's EVP_PBE_scrypt refuses parameters that need more than its default 32 MiB
            if (128L * r * parallel + 128L * r * (n + 2L) > SCRYPT_MAX_MEMORY) {
                throw new UnsupportedEncryption("its scrypt parameters need more than 32 MiB, which OpenSSL refuses");
            }
            return SCrypt.generate(password, salt, n, r, parallel, keyBytes);
        }
        throw new UnsupportedEncryption(
                "its key is derived with " + kdf.getAlgorithm() + ", a function OpenSSH does not know");
    }

    private static Digest prf(ASN1ObjectIdentifier oid) throws UnsupportedEncryption {
        if (oid.equals(PKCSObjectIdentifiers.id_hmacWithSHA1)) {
            return new SHA1Digest();
        } else if (oid.equals(PKCSObjectIdentifiers.id_hmacWithSHA224)) {
            return new SHA224Digest();
        } else if (oid.equals(PKCSObjectIdentifiers.id_hmacWithSHA256)) {
            return new SHA256Digest();
        } else if (oid.equals(PKCSObjectIdentifiers.id_hmacWithSHA384)) {
            return new SHA384Digest();
        } else if (oid.equals(PKCSObjectIdentifiers.id_hmacWithSHA512)) {
            return new SHA512Digest();
        } else if (oid.equals(PKCSObjectIdentifiers.id_hmacWithSHA512_224)) {
            return new SHA512tDigest(224);
        } else if (oid.equals(PKCSObjectIdentifiers.id_hmacWithSHA512_256)) {
            return new SHA512tDigest(256);
        } else if (oid.equals(HMAC_WITH_MD5)) {
            return new MD5Digest();
        }
        throw new UnsupportedEncryption("its key is derived with HMAC " + oid + ", which OpenSSH does not know");
    }

    private static byte[] pkcs12TripleDes(PKCS12PBEParams p, int keyBytes, byte[] encrypted, char[] passphrase)
            throws UnsupportedEncryption, InvalidCipherTextException {
        byte[] password = passphrase.length == 0
                ? new byte[2] // OpenSSL turns "" into a lone UTF-16 terminator, BouncyCastle into nothing
                : PBEParametersGenerator.PKCS12PasswordToBytes(passphrase);
        try {
            PKCS12ParametersGenerator g = new PKCS12ParametersGenerator(new SHA1Digest());
            g.init(password, p.getIV(), iterations(p.getIterations()));
            ParametersWithIV keyAndIv = (ParametersWithIV) g.generateDerivedParameters(keyBytes * 8, 64);
            KeyFileCiphers.Cipher cipher = KeyFileCiphers.named(keyBytes == 24 ? "DES-EDE3-CBC" : "DES-EDE-CBC");
            return cipher.decrypt(((KeyParameter) keyAndIv.getParameters()).getKey(), keyAndIv.getIV(), encrypted);
        } finally {
            Arrays.fill(password, (byte) 0);
        }
    }

    private static int iterations(BigInteger count) throws UnsupportedEncryption {
        if (count.signum() <= 0 || count.bitLength() > 31) {
            throw new UnsupportedEncryption("its key derivation count " + count + " is out of range");
        }
        return count.intValue();
    }

    /** The passphrase as the bytes a UTF-8 terminal hands {@code ssh-keygen} and {@code openssl}. */
    static byte[] utf8(char[] passphrase) {
        try {
            ByteBuffer b = StandardCharsets.UTF_8
                    .newEncoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .encode(CharBuffer.wrap(passphrase));
            byte[] out = new byte[b.remaining()];
            b.get(out);
            if (b.hasArray()) {
                Arrays.fill(b.array(), (byte) 0);
            }
            return out;
        } catch (CharacterCodingException cannotHappenWithReplace) {
            throw new IllegalStateException(cannotHappenWithReplace);
        }
    }

    private static byte[] hex(String s) {
        if (s.length() % 2 != 0) {
            return null;
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(s.charAt(2 * i), 16);
            int lo = Character.digit(s.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                return null;
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }
}
