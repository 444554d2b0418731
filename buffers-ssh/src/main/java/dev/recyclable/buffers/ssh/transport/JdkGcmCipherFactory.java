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
import java.security.GeneralSecurityException;
import java.util.Arrays;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.cipher.Cipher;

/**
 * {@code aes128-gcm@openssh.com} / {@code aes256-gcm@openssh.com} always backed by the JDK's own provider.
 *
 * <p>sshj creates ciphers through {@code SecurityUtils}, which prefers BouncyCastle whenever it is on the class
 * path (sshj depends on it). The JDK's AES-GCM is intrinsified and decrypts in place (about 0.04 bytes of garbage
 * per byte against BouncyCastle's ~1). Switching sshj's global provider would change every sshj user in the
 * process, so this factory picks the provider for our connections only.
 */
public final class JdkGcmCipherFactory implements Factory.Named<Cipher> {

    private static final int IV_SIZE = 12;
    private static final int TAG_SIZE = 16;

    private final String name;
    private final int keyBytes;

    private JdkGcmCipherFactory(String name, int keyBytes) {
        this.name = name;
        this.keyBytes = keyBytes;
    }

    public static JdkGcmCipherFactory aes128Gcm() {
        return new JdkGcmCipherFactory("aes128-gcm@openssh.com", 16);
    }

    public static JdkGcmCipherFactory aes256Gcm() {
        return new JdkGcmCipherFactory("aes256-gcm@openssh.com", 32);
    }

    @Override
    public Cipher create() {
        return new JdkGcmCipher(keyBytes);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String toString() {
        return name + " (JDK provider)";
    }

    /** sshj's GCM cipher with the JCE instance taken from the JDK's own provider ({@link JdkProviders}). */
    static final class JdkGcmCipher extends GcmCipher {
        JdkGcmCipher(int keyBytes) {
            super(IV_SIZE, TAG_SIZE, keyBytes, "AES", "AES/GCM/NoPadding");
        }

        @Override
        public void init(Mode mode, byte[] key, byte[] iv) {
            byte[] k = key.length > getBlockSize() ? Arrays.copyOf(key, getBlockSize()) : key;
            byte[] v = iv.length > getIVSize() ? Arrays.copyOf(iv, getIVSize()) : iv;
            try {
                cipher = JdkProviders.cipher("AES/GCM/NoPadding");
                initCipher(cipher, mode, k, v);
            } catch (GeneralSecurityException e) {
                cipher = null;
                throw new SSHRuntimeException(e);
            }
        }

        /** The JCE provider in use, for tests and diagnostics. */
        String providerName() {
            return cipher == null ? null : cipher.getProvider().getName();
        }
    }
}
