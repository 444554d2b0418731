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

import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.cipher.Cipher;

/**
 * {@code aes128-ctr} / {@code aes256-ctr} backed by the JDK's own provider, initialised once per key and then
 * streamed: no allocation per packet.
 *
 * <p>Two things sshj's own {@code BlockCiphers.AES128CTR()} gets wrong for bulk transfer: it takes the cipher from
 * BouncyCastle whenever that is on the class path (sshj depends on it), and it encrypts in place, which the JDK's
 * {@code CipherCore} answers by copying the whole input first (measured: 32&nbsp;KB of garbage per 32&nbsp;KiB
 * packet). This one runs the keystream through a fixed scratch array and copies back, which costs one
 * {@code memcpy} and allocates nothing.
 */
public final class JdkCtrCipherFactory extends JdkAlgorithmFactory<Cipher> {

    private JdkCtrCipherFactory(String name, int keyBytes) {
        super(name, "JDK provider", () -> new JdkCtrCipher(keyBytes));
    }

    /** {@code aes128-ctr}: 16-byte key. */
    public static JdkCtrCipherFactory aes128Ctr() {
        return new JdkCtrCipherFactory("aes128-ctr", 16);
    }

    /** {@code aes256-ctr}: 32-byte key. */
    public static JdkCtrCipherFactory aes256Ctr() {
        return new JdkCtrCipherFactory("aes256-ctr", 32);
    }

    static final class JdkCtrCipher implements Cipher {
        private static final int BLOCK = 16;
        /** A multiple of the AES block, so every piece but the last keeps the counter block-aligned. */
        private static final int SCRATCH = 16 * 1024;

        private final int keyBytes;
        private final byte[] scratch = new byte[SCRATCH];
        private javax.crypto.Cipher cipher;

        JdkCtrCipher(int keyBytes) {
            this.keyBytes = keyBytes;
        }

        @Override
        public int getBlockSize() {
            return keyBytes; // sshj asks for this many key bytes
        }

        @Override
        public int getIVSize() {
            return BLOCK;
        }

        @Override
        public int getAuthenticationTagSize() {
            return 0;
        }

        @Override
        public void init(Mode mode, byte[] key, byte[] iv) {
            cipher = null; // unusable until keyed again, should this fail
            cipher = JdkProviders.initCipher(
                    "AES/CTR/NoPadding",
                    c -> c.init(
                            mode == Mode.Encrypt ? javax.crypto.Cipher.ENCRYPT_MODE : javax.crypto.Cipher.DECRYPT_MODE,
                            new SecretKeySpec(JdkProviders.prefix(key, keyBytes), "AES"),
                            new IvParameterSpec(JdkProviders.prefix(iv, BLOCK))));
        }

        @Override
        public void update(byte[] input, int inputOffset, int inputLen) {
            try {
                int off = inputOffset;
                int left = inputLen;
                while (left > 0) {
                    int n = Math.min(left, SCRATCH);
                    int out = cipher.update(input, off, n, scratch, 0);
                    System.arraycopy(scratch, 0, input, off, out);
                    off += n;
                    left -= n;
                }
            } catch (ShortBufferException e) {
                throw new SSHRuntimeException(e);
            }
        }

        @Override
        public void updateAAD(byte[] data, int offset, int length) {
            throw new UnsupportedOperationException("aes-ctr has no AAD");
        }

        @Override
        public void updateAAD(byte[] data) {
            throw new UnsupportedOperationException("aes-ctr has no AAD");
        }

        @Override
        public void updateWithAAD(byte[] input, int offset, int aadLen, int inputLen) {
            throw new UnsupportedOperationException("aes-ctr has no AAD");
        }

        @Override
        public void setSequenceNumber(long seq) {}

        String providerName() {
            return JdkProviders.providerName(cipher);
        }
    }
}
