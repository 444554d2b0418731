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

import java.io.IOException;
import java.io.StringReader;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.Provider;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.pkcs.RSAPrivateKey;
import org.bouncycastle.asn1.pkcs.RSAPublicKey;
import org.bouncycastle.asn1.sec.ECPrivateKey;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.DSAParameter;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.bouncycastle.asn1.x9.X962Parameters;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.io.pem.PemHeader;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemReader;

/**
 * Private keys in OpenSSL's PEM files, read as OpenSSH reads them ({@code PEM_read_bio_PrivateKey}, then
 * {@code sshkey_parse_private_pem_fileblob}): the first private key block of the file, other blocks ({@code EC
 * PARAMETERS}, certificates) and text around them skipped; PKCS#1 RSA, SEC1 EC and DSA keys, plain or encrypted
 * with a {@code DEK-Info} header, and PKCS#8 keys, plain or encrypted ({@link KeyFileDecryption}). Of the keys, the
 * kinds OpenSSH uses: RSA of 1024 bits or more, ECDSA on P-256, P-384 or P-521, DSA. (OpenSSH 9.2 reads Ed25519
 * keys only in its own format, not from PEM.) Parsed with BouncyCastle's ASN.1 classes, which never read a length
 * past the bytes they were given, whatever a wrong passphrase decrypts to.
 */
final class PemPrivateKeys {

    private static final Provider BC = new BouncyCastleProvider();
    /** OpenSSH's curves: NIST P-256, P-384, P-521. */
    private static final List<ASN1ObjectIdentifier> CURVES = List.of(
            ECNamedCurveTable.getOID("secp256r1"),
            ECNamedCurveTable.getOID("secp384r1"),
            ECNamedCurveTable.getOID("secp521r1"));

    private static final int RSA_MINIMUM_BITS = 1024;

    private PemPrivateKeys() {}

    /**
     * The key pair of the first private key block in {@code text}.
     *
     * @param passphrase the passphrase, or {@code null} (an encrypted key is then tried with an empty one, as
     *                   {@code ssh} tries it before it asks)
     * @throws KeyFileException naming the file: no private key block, an encryption or key OpenSSH does not use,
     *                          no or a wrong passphrase, a damaged key
     */
    static KeyPair read(Path path, String text, char[] passphrase) throws KeyFileException {
        PemObject pem = firstPrivateKey(path, text);
        PrivateKeyInfo info = decode(path, pem, passphrase);
        try {
            return keyPair(path, info);
        } catch (GeneralSecurityException | IllegalArgumentException | IllegalStateException | ClassCastException e) {
            throw new KeyFileException(path, "not a valid private key (" + Causes.describe(e) + ")", e);
        }
    }

    private static PemObject firstPrivateKey(Path path, String text) throws KeyFileException {
        try (PemReader reader = new PemReader(new StringReader(text))) {
            for (PemObject pem = reader.readPemObject(); pem != null; pem = reader.readPemObject()) {
                switch (pem.getType()) {
                    case "RSA PRIVATE KEY",
                            "EC PRIVATE KEY",
                            "DSA PRIVATE KEY",
                            "PRIVATE KEY",
                            "ENCRYPTED PRIVATE KEY" -> {
                        return pem;
                    }
                    default -> {
                        // EC PARAMETERS, DSA PARAMETERS, CERTIFICATE ...: OpenSSL reads on
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new KeyFileException(path, "not a valid PEM file (" + Causes.describe(e) + ")", e);
        }
        throw new KeyFileException(path, "it holds no private key (no PEM private key block)", null);
    }

    /** The block's key as PKCS#8, decrypted if need be. */
    private static PrivateKeyInfo decode(Path path, PemObject pem, char[] passphrase) throws KeyFileException {
        String dekInfo = null;
        boolean encrypted = false;
        for (Object h : pem.getHeaders()) {
            PemHeader header = (PemHeader) h;
            if (header.getName().equals("Proc-Type")
                    && header.getValue().replace(" ", "").equals("4,ENCRYPTED")) {
                encrypted = true;
            } else if (header.getName().equals("DEK-Info")) {
                dekInfo = header.getValue();
            }
        }
        byte[] der = pem.getContent();
        char[] secret = passphrase == null ? new char[0] : passphrase;
        try {
            if (encrypted) {
                if (dekInfo == null) {
                    throw new KeyFileException(path, "it is marked encrypted but has no DEK-Info header", null);
                }
                der = KeyFileDecryption.pem(dekInfo, der, secret);
            }
            if (pem.getType().equals("ENCRYPTED PRIVATE KEY")) {
                der = KeyFileDecryption.pkcs8(der, secret);
                encrypted = true;
            }
        } catch (KeyFileDecryption.UnsupportedEncryption e) {
            throw new KeyFileException(path, e.getMessage(), e);
        } catch (InvalidCipherTextException | RuntimeException e) {
            throw wrongPassphrase(path, passphrase, e);
        }
        try {
            return switch (pem.getType()) {
                case "RSA PRIVATE KEY" ->
                    new PrivateKeyInfo(
                            new AlgorithmIdentifier(PKCSObjectIdentifiers.rsaEncryption, DERNull.INSTANCE),
                            RSAPrivateKey.getInstance(der));
                case "EC PRIVATE KEY" -> sec1(ECPrivateKey.getInstance(der));
                case "DSA PRIVATE KEY" -> dsa(ASN1Sequence.getInstance(der));
                default -> PrivateKeyInfo.getInstance(der);
            };
        } catch (IOException | RuntimeException e) {
            if (encrypted) {
                throw wrongPassphrase(path, passphrase, e); // what it decrypted to is no key: a wrong passphrase
            }
            throw new KeyFileException(path, "not a valid private key (" + Causes.describe(e) + ")", e);
        }
    }

    private static KeyFileException wrongPassphrase(Path path, char[] passphrase, Exception e) {
        return new KeyFileException(
                path,
                (passphrase == null ? "it is encrypted and no passphrase was given" : "wrong passphrase") + " ("
                        + Causes.describe(e) + ")",
                e);
    }

    /** A SEC1 key as PKCS#8 (OpenSSL keeps its curve inside, where PKCS#8 keeps it beside). */
    private static PrivateKeyInfo sec1(ECPrivateKey key) throws IOException {
        ASN1Encodable curve = key.getParametersObject();
        if (curve == null) {
            throw new IOException("the EC key names no curve");
        }
        return new PrivateKeyInfo(new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, curve), key);
    }

    /** OpenSSL's DSA key (version, p, q, g, y, x) as PKCS#8. */
    private static PrivateKeyInfo dsa(ASN1Sequence s) throws IOException {
        if (s.size() != 6) {
            throw new IOException("a DSA key has six numbers, this one " + s.size());
        }
        BigInteger p = ASN1Integer.getInstance(s.getObjectAt(1)).getValue();
        BigInteger q = ASN1Integer.getInstance(s.getObjectAt(2)).getValue();
        BigInteger g = ASN1Integer.getInstance(s.getObjectAt(3)).getValue();
        return new PrivateKeyInfo(
                new AlgorithmIdentifier(X9ObjectIdentifiers.id_dsa, new DSAParameter(p, q, g)), s.getObjectAt(5));
    }

    /** The key and its public half, which OpenSSL computes when the file does not hold it. */
    private static KeyPair keyPair(Path path, PrivateKeyInfo info) throws GeneralSecurityException, KeyFileException {
        ASN1ObjectIdentifier algorithm = info.getPrivateKeyAlgorithm().getAlgorithm();
        SubjectPublicKeyInfo pub;
        String jcaName;
        PrivateKeyInfo privateInfo = info;
        try {
            if (algorithm.equals(PKCSObjectIdentifiers.rsaEncryption)) {
                RSAPrivateKey rsa = RSAPrivateKey.getInstance(info.parsePrivateKey());
                if (rsa.getModulus().bitLength() < RSA_MINIMUM_BITS) {
                    throw new KeyFileException(
                            path,
                            "its RSA key has " + rsa.getModulus().bitLength() + " bits; OpenSSH takes 1024 or more",
                            null);
                }
                pub = new SubjectPublicKeyInfo(
                        info.getPrivateKeyAlgorithm(), new RSAPublicKey(rsa.getModulus(), rsa.getPublicExponent()));
                jcaName = "RSA";
            } else if (algorithm.equals(X9ObjectIdentifiers.id_ecPublicKey)) {
                pub = ecPublicKey(path, info);
                // the curve by name (a file may give it by its parameters), as sshj and the SSH key names know it
                privateInfo = new PrivateKeyInfo(pub.getAlgorithm(), info.parsePrivateKey());
                jcaName = "EC";
            } else if (algorithm.equals(X9ObjectIdentifiers.id_dsa)) {
                DSAParameter params =
                        DSAParameter.getInstance(info.getPrivateKeyAlgorithm().getParameters());
                BigInteger x = ASN1Integer.getInstance(info.parsePrivateKey()).getValue();
                BigInteger y = params.getG().modPow(x, params.getP());
                pub = new SubjectPublicKeyInfo(info.getPrivateKeyAlgorithm(), new ASN1Integer(y));
                jcaName = "DSA";
            } else {
                throw new KeyFileException(
                        path,
                        "its key is of a kind OpenSSH does not read from PEM (" + algorithm
                                + "; OpenSSH 9.2 reads RSA, ECDSA and DSA keys from PEM, Ed25519 keys only in its own format)",
                        null);
            }
        } catch (KeyFileException e) {
            throw e;
        } catch (IOException e) {
            throw new KeyFileException(path, "not a valid private key (" + Causes.describe(e) + ")", e);
        }
        KeyFactory factory = KeyFactory.getInstance(jcaName, BC);
        try {
            return new KeyPair(
                    factory.generatePublic(new X509EncodedKeySpec(pub.getEncoded())),
                    factory.generatePrivate(new PKCS8EncodedKeySpec(privateInfo.getEncoded())));
        } catch (IOException e) {
            throw new GeneralSecurityException(e);
        }
    }

    /**
     * An EC key's public point: the one the file holds, or the private scalar times the generator. Its curve, named
     * or given by its parameters, must be one of OpenSSH's three, and the scalar within the range
     * {@code sshkey_ec_validate_private} allows.
     */
    private static SubjectPublicKeyInfo ecPublicKey(Path path, PrivateKeyInfo info)
            throws IOException, KeyFileException {
        X962Parameters params =
                X962Parameters.getInstance(info.getPrivateKeyAlgorithm().getParameters());
        X9ECParameters curve = null;
        ASN1ObjectIdentifier named = null;
        if (params.isNamedCurve()) {
            named = ASN1ObjectIdentifier.getInstance(params.getParameters());
            curve = ECNamedCurveTable.getByOID(named);
        } else if (!params.isImplicitlyCA()) {
            X9ECParameters explicit = X9ECParameters.getInstance(params.getParameters());
            for (ASN1ObjectIdentifier oid : CURVES) {
                X9ECParameters known = ECNamedCurveTable.getByOID(oid);
                if (known.getCurve().equals(explicit.getCurve()) && known.getG().equals(explicit.getG())) {
                    curve = known;
                    named = oid;
                }
            }
        }
        if (curve == null || !CURVES.contains(named)) {
            throw new KeyFileException(
                    path,
                    "its EC key is on a curve OpenSSH does not use (it uses NIST P-256, " + "P-384 and P-521)",
                    null);
        }
        ECPrivateKey key = ECPrivateKey.getInstance(info.parsePrivateKey());
        BigInteger d = key.getKey();
        BigInteger order = curve.getN();
        if (d.bitLength() <= order.bitLength() / 2 || d.compareTo(order.subtract(BigInteger.ONE)) >= 0) {
            throw new KeyFileException(path, "its EC private key is out of the range OpenSSH accepts", null);
        }
        ECPoint q = key.getPublicKey() != null
                ? curve.getCurve().decodePoint(key.getPublicKey().getOctets())
                : curve.getG().multiply(d).normalize();
        AlgorithmIdentifier id = new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, named);
        return new SubjectPublicKeyInfo(id, q.getEncoded(false));
    }
}
