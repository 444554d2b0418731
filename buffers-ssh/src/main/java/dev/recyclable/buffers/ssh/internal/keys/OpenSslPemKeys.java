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
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcePEMDecryptorProviderBuilder;

/**
 * Key pairs in OpenSSL's traditional PEM files ({@code BEGIN RSA/EC/DSA PRIVATE KEY}, plain or
 * encrypted with a {@code DEK-Info} header), read with BouncyCastle's parser. sshj's reader of
 * these files decodes what a wrong passphrase decrypts to with a decoder that allocates whatever
 * length those bytes claim, so about one wrong passphrase in 1,700 ended in an
 * {@link OutOfMemoryError} instead of "wrong passphrase"; BouncyCastle never reads a length past
 * the bytes it was given.
 */
final class OpenSslPemKeys {
    private OpenSslPemKeys() {}

    /**
     * The key pair in {@code path}, or {@code null} when the file holds another kind of PEM object
     * (a PKCS#8 key, which sshj reads with BouncyCastle itself).
     *
     * @throws KeyFileException naming the file, for an encrypted key without or with a wrong passphrase
     * @throws IOException      if the file cannot be read
     */
    static KeyPair read(Path path, char[] passphrase) throws IOException {
        Object pem;
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.US_ASCII);
                PEMParser parser = new PEMParser(in)) {
            pem = parser.readObject();
        }
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        if (pem instanceof PEMKeyPair plain) {
            return converter.getKeyPair(plain);
        }
        if (!(pem instanceof PEMEncryptedKeyPair encrypted)) {
            return null;
        }
        if (passphrase == null) {
            throw new KeyFileException(path, "it is encrypted and no passphrase was given", null);
        }
        try {
            return converter.getKeyPair(
                    encrypted.decryptKeyPair(new JcePEMDecryptorProviderBuilder().build(passphrase)));
        } catch (IOException | RuntimeException e) {
            // a wrong passphrase decrypts to bad padding or, now and then, to bytes that parse as no key
            throw new KeyFileException(path, "wrong passphrase (" + Causes.describe(e) + ")", e);
        }
    }
}
