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

import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.mac.MAC;

/**
 * {@code hmac-sha2-256} and {@code hmac-sha2-256-etm@openssh.com} on the JDK's intrinsified SHA-256, without
 * allocation per packet.
 *
 * <p>sshj's {@code BaseMAC} takes {@code javax.crypto.Mac} from BouncyCastle when it is present, and even the JDK's
 * {@code Mac.doFinal(byte[], int)} allocates its result (measured: 48 bytes per packet). This is HMAC (RFC 2104)
 * written over two {@link MessageDigest}s that digest into caller arrays: nothing is allocated after
 * {@link MAC#init}.
 */
public final class JdkHmacFactory extends JdkAlgorithmFactory<MAC> {

    private JdkHmacFactory(String name, boolean etm) {
        super(name, "JDK SHA-256", () -> new HmacSha256(etm));
    }

    /** {@code hmac-sha2-256}: the MAC over the plain packet. */
    public static JdkHmacFactory hmacSha256() {
        return new JdkHmacFactory("hmac-sha2-256", false);
    }

    /** {@code hmac-sha2-256-etm@openssh.com}: encrypt-then-MAC, over the encrypted packet. */
    public static JdkHmacFactory hmacSha256Etm() {
        return new JdkHmacFactory("hmac-sha2-256-etm@openssh.com", true);
    }

    static final class HmacSha256 implements MAC {
        private static final int BLOCK = 64;
        private static final int SIZE = 32;

        private final boolean etm;
        private final byte[] ipad = new byte[BLOCK];
        private final byte[] opad = new byte[BLOCK];
        private final byte[] inner = new byte[SIZE];
        private final byte[] seq = new byte[4];
        private MessageDigest in;
        private MessageDigest out;

        HmacSha256(boolean etm) {
            this.etm = etm;
        }

        @Override
        public void init(byte[] key) {
            try {
                in = JdkProviders.digest("SHA-256");
                out = JdkProviders.digest("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new SSHRuntimeException(e);
            }
            // sshj hands over as many key bytes as the hash is long (or more: RFC 4253 takes the first SIZE)
            int len = Math.min(key.length, SIZE);
            for (int i = 0; i < BLOCK; i++) {
                byte b = i < len ? key[i] : 0;
                ipad[i] = (byte) (b ^ 0x36);
                opad[i] = (byte) (b ^ 0x5c);
            }
            in.update(ipad);
        }

        @Override
        public void update(byte[] data, int start, int len) {
            in.update(data, start, len);
        }

        @Override
        public void update(byte[] data) {
            in.update(data, 0, data.length);
        }

        @Override
        public void update(long i) {
            seq[0] = (byte) (i >>> 24);
            seq[1] = (byte) (i >>> 16);
            seq[2] = (byte) (i >>> 8);
            seq[3] = (byte) i;
            in.update(seq, 0, 4);
        }

        @Override
        public void doFinal(byte[] buf, int offset) {
            try {
                in.digest(inner, 0, SIZE);
                out.update(opad);
                out.update(inner);
                out.digest(buf, offset, SIZE);
                in.update(ipad); // ready for the next packet
            } catch (DigestException e) {
                throw new SSHRuntimeException(e);
            }
        }

        @Override
        public byte[] doFinal() {
            byte[] result = new byte[SIZE];
            doFinal(result, 0);
            return result;
        }

        @Override
        public byte[] doFinal(byte[] input) {
            update(input);
            return doFinal();
        }

        @Override
        public int getBlockSize() {
            return SIZE;
        }

        @Override
        public boolean isEtm() {
            return etm;
        }
    }
}
