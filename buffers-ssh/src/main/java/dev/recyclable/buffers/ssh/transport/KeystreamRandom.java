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
import java.security.SecureRandom;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.random.Random;

/**
 * sshj's packet-padding randomness without allocation: AES-256-CTR keystream (a standard CSPRNG construction,
 * as in NIST's CTR_DRBG without its reseeding) from a key and counter drawn from {@link SecureRandom}, generated
 * 4&nbsp;KiB at a time into a fixed buffer and handed out from there; re-keyed from {@code SecureRandom} every
 * 64&nbsp;MiB.
 *
 * <p>sshj's default ({@code JCERandom}, {@code NativePRNG}) allocates about 64 bytes per padding fill, i.e. per
 * packet sent. One instance per connection (sshj asks its factory once per transport); calls are synchronized.
 * In sshj 0.40.0 a config's random factory feeds only packet padding and the KEXINIT cookie: the key exchanges
 * (DH, ECDH, Curve25519) ignore it and draw their keys from the JDK's own {@code SecureRandom}.
 */
final class KeystreamRandom implements Random {

    static final Factory<Random> FACTORY = KeystreamRandom::new;

    private static final int BUFFER = 4096;
    private static final long REKEY_BYTES = 64L << 20;

    private final SecureRandom seed = new SecureRandom();
    private final byte[] zeros = new byte[BUFFER];
    private final byte[] stream = new byte[BUFFER];
    private javax.crypto.Cipher cipher;
    private int pos = BUFFER;
    private long sinceKey;

    KeystreamRandom() {
        rekey();
    }

    private void rekey() {
        byte[] key = new byte[32];
        byte[] iv = new byte[16];
        seed.nextBytes(key);
        seed.nextBytes(iv);
        try {
            cipher = JdkProviders.cipher("AES/CTR/NoPadding");
            cipher.init(javax.crypto.Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
        } catch (GeneralSecurityException e) {
            throw new SSHRuntimeException(e);
        }
        sinceKey = 0;
        pos = BUFFER;
    }

    private void refill() {
        if (sinceKey >= REKEY_BYTES) {
            rekey();
        }
        try {
            cipher.update(zeros, 0, BUFFER, stream, 0);
        } catch (ShortBufferException e) {
            throw new SSHRuntimeException(e);
        }
        sinceKey += BUFFER;
        pos = 0;
    }

    @Override
    public synchronized void fill(byte[] bytes, int start, int len) {
        while (len > 0) {
            if (pos == BUFFER) {
                refill();
            }
            int n = Math.min(len, BUFFER - pos);
            System.arraycopy(stream, pos, bytes, start, n);
            // never hand out the same keystream twice
            java.util.Arrays.fill(stream, pos, pos + n, (byte) 0);
            pos += n;
            start += n;
            len -= n;
        }
    }

    @Override
    public void fill(byte[] bytes) {
        fill(bytes, 0, bytes.length);
    }
}
