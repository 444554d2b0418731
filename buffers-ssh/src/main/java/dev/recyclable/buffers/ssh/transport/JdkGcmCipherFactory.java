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

import com.hierynomus.sshj.transport.cipher.GcmCipher;
import net.schmizz.sshj.transport.cipher.Cipher;

/**
 * {@code aes128-gcm@openssh.com} / {@code aes256-gcm@openssh.com} always backed by the JDK's own provider.
 *
 * <p>sshj creates ciphers through {@code SecurityUtils}, which prefers BouncyCastle whenever it is on the class
 * path (sshj depends on it). The JDK's AES-GCM is intrinsified and decrypts in place (about 0.04 bytes of garbage
 * per byte against BouncyCastle's ~1). Switching sshj's global provider would change every sshj user in the
 * process, so this factory picks the provider for our connections only.
 */
public final class JdkGcmCipherFactory extends JdkAlgorithmFactory<Cipher> {

    private static final int IV_SIZE = 12;
    private static final int TAG_SIZE = 16;

    private JdkGcmCipherFactory(String name, int keyBytes) {
        super(name, "JDK provider", () -> new JdkGcmCipher(keyBytes));
    }

    /** {@code aes128-gcm@openssh.com}: 16-byte key. */
    public static JdkGcmCipherFactory aes128Gcm() {
        return new JdkGcmCipherFactory("aes128-gcm@openssh.com", 16);
    }

    /** {@code aes256-gcm@openssh.com}: 32-byte key. */
    public static JdkGcmCipherFactory aes256Gcm() {
        return new JdkGcmCipherFactory("aes256-gcm@openssh.com", 32);
    }

    /** sshj's GCM cipher with the JCE instance taken from the JDK's own provider ({@link JdkProviders}). */
    static final class JdkGcmCipher extends GcmCipher {
        JdkGcmCipher(int keyBytes) {
            super(IV_SIZE, TAG_SIZE, keyBytes, "AES", "AES/GCM/NoPadding");
        }

        @Override
        public void init(Mode mode, byte[] key, byte[] iv) {
            cipher = null; // unusable until keyed again, should this fail
            cipher = JdkProviders.initCipher(
                    "AES/GCM/NoPadding",
                    c -> initCipher(
                            c, mode, JdkProviders.prefix(key, getBlockSize()), JdkProviders.prefix(iv, getIVSize())));
        }

        /** The JCE provider in use, for tests and diagnostics. */
        String providerName() {
            return JdkProviders.providerName(cipher);
        }
    }
}
