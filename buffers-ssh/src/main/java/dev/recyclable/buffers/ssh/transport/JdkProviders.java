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
package dev.recyclable.buffers.ssh.transport;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
import java.util.Arrays;
import net.schmizz.sshj.common.SSHRuntimeException;

/** The JDK's own providers (intrinsified AES and SHA-2), whatever else is registered; the default chain if absent. */
final class JdkProviders {

    private JdkProviders() {}

    /** Keys a cipher: sshj's own {@code initCipher}, or {@code Cipher.init} with the specs of the mode. */
    @FunctionalInterface
    interface CipherInit {
        void init(javax.crypto.Cipher cipher) throws GeneralSecurityException;
    }

    /**
     * A new {@code transformation} cipher of the JDK's provider, keyed by {@code init}: what the JDK-backed
     * ciphers do in sshj's {@code init(mode, key, iv)}.
     *
     * @throws SSHRuntimeException as sshj's own ciphers do, if the JDK lacks the algorithm or refuses the key
     */
    static javax.crypto.Cipher initCipher(String transformation, CipherInit init) {
        try {
            javax.crypto.Cipher cipher = cipher(transformation);
            init.init(cipher);
            return cipher;
        } catch (GeneralSecurityException e) {
            throw new SSHRuntimeException(e);
        }
    }

    /**
     * The first {@code length} bytes of {@code bytes}: sshj derives more key and IV bytes than an algorithm uses
     * (RFC 4253 takes the first ones).
     */
    static byte[] prefix(byte[] bytes, int length) {
        return bytes.length > length ? Arrays.copyOf(bytes, length) : bytes;
    }

    /** The JCE provider {@code cipher} came from, or {@code null} before it is keyed: for tests and diagnostics. */
    static String providerName(javax.crypto.Cipher cipher) {
        return cipher == null ? null : cipher.getProvider().getName();
    }

    static javax.crypto.Cipher cipher(String transformation) throws GeneralSecurityException {
        try {
            return javax.crypto.Cipher.getInstance(transformation, "SunJCE");
        } catch (NoSuchProviderException e) {
            return javax.crypto.Cipher.getInstance(transformation);
        }
    }

    static MessageDigest digest(String algorithm) throws NoSuchAlgorithmException {
        try {
            return MessageDigest.getInstance(algorithm, "SUN");
        } catch (NoSuchProviderException e) {
            return MessageDigest.getInstance(algorithm);
        }
    }
}
