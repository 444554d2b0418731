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

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import net.schmizz.sshj.common.SecurityUtils;

/**
 * A client key pair in the form that sshj's signature provider signs with cheaply: the same key, re-encoded once.
 *
 * <p>Why: sshj signs the login with BouncyCastle whenever BouncyCastle is registered (it registers it itself by
 * default). BouncyCastle's ECDSA precomputes a table for the curve's base point and keeps it on the key's own
 * domain parameters; for an EC key from another provider (the JDK's {@code KeyPairGenerator} or
 * {@code KeyFactory}) it converts the parameters anew on every signature, so the table is rebuilt every time:
 * about 1.1&nbsp;ms of CPU per ECDSA P-256 login instead of 0.1&nbsp;ms (measured on JDK 17, BouncyCastle 1.80;
 * the fleet benchmark spends it once per host). The key's bytes and the signatures it makes are unchanged.
 */
public final class SigningKeys {

    private SigningKeys() {}

    /**
     * {@code pair} with its private key converted to the provider sshj signs with, when that is BouncyCastle and the
     * key is an EC key of another provider; otherwise {@code pair} itself. The public key is kept as it is (it is
     * only encoded, never used for arithmetic). A key the provider cannot re-encode (no PKCS#8 encoding, say a key
     * held in a hardware token) is kept as well.
     */
    public static KeyPair forSigning(KeyPair pair) {
        PrivateKey key = pair.getPrivate();
        String provider = SecurityUtils.getSecurityProvider();
        if (!(key instanceof ECPrivateKey)
                || !SecurityUtils.BOUNCY_CASTLE.equals(provider)
                || key.getClass().getName().startsWith("org.bouncycastle.")
                || !"PKCS#8".equals(key.getFormat())
                || key.getEncoded() == null) {
            return pair;
        }
        try {
            PrivateKey converted =
                    KeyFactory.getInstance("EC", provider).generatePrivate(new PKCS8EncodedKeySpec(key.getEncoded()));
            return new KeyPair(pair.getPublic(), converted);
        } catch (GeneralSecurityException | RuntimeException e) {
            return pair; // signs as before, only slower
        }
    }
}
