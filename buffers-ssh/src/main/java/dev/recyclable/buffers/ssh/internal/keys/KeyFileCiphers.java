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

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.StreamCipher;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.engines.AESWrapPadEngine;
import org.bouncycastle.crypto.engines.ARIAEngine;
import org.bouncycastle.crypto.engines.CamelliaEngine;
import org.bouncycastle.crypto.engines.ChaCha7539Engine;
import org.bouncycastle.crypto.engines.DESedeEngine;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.bouncycastle.crypto.modes.OFBBlockCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.paddings.PKCS7Padding;
import org.bouncycastle.crypto.paddings.PaddedBufferedBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * The ciphers OpenSSL encrypts private key files with that OpenSSH (through OpenSSL's default provider) decrypts:
 * by {@code DEK-Info} name in a traditional PEM file, by object identifier in PKCS#8's PBES2. BouncyCastle's
 * engines and modes do the work; this table only says which ones a name means. Legacy-provider ciphers (DES,
 * Blowfish, CAST, RC2, RC4, SEED, IDEA) are absent: OpenSSH does not load that provider and refuses them too.
 */
final class KeyFileCiphers {

    enum Mode {
        CBC,
        ECB,
        /** CFB with the block size as feedback (OpenSSL's plain {@code CFB}). */
        CFB,
        CFB8,
        CFB1,
        OFB,
        CTR,
        /** AES key wrap with padding (RFC 5649), no IV. */
        WRAP_PAD,
        /** OpenSSL's ChaCha20: a 16-byte IV, a little-endian block counter then the 96-bit nonce. */
        CHACHA20
    }

    /** One cipher: its engine, key length and mode. */
    record Cipher(Supplier<BlockCipher> engine, int keyBytes, int blockBytes, Mode mode) {

        int ivBytes() {
            return switch (mode) {
                case ECB, WRAP_PAD -> 0;
                case CHACHA20 -> 16;
                default -> blockBytes;
            };
        }

        /**
         * {@code data} decrypted with {@code key} and {@code iv} (as many IV bytes as the mode takes).
         *
         * @throws InvalidCipherTextException on bad padding or a failed unwrap (a wrong passphrase, usually)
         */
        byte[] decrypt(byte[] key, byte[] iv, byte[] data) throws InvalidCipherTextException {
            KeyParameter k = new KeyParameter(key);
            switch (mode) {
                case CBC, ECB -> {
                    BlockCipher c = mode == Mode.CBC ? CBCBlockCipher.newInstance(engine.get()) : engine.get();
                    BufferedBlockCipher padded = new PaddedBufferedBlockCipher(c, new PKCS7Padding());
                    padded.init(false, mode == Mode.CBC ? new ParametersWithIV(k, iv, 0, blockBytes) : k);
                    byte[] out = new byte[padded.getOutputSize(data.length)];
                    int n = padded.processBytes(data, 0, data.length, out, 0);
                    n += padded.doFinal(out, n);
                    return java.util.Arrays.copyOf(out, n);
                }
                case WRAP_PAD -> {
                    AESWrapPadEngine wrap = new AESWrapPadEngine();
                    wrap.init(false, k);
                    return wrap.unwrap(data, 0, data.length);
                }
                case CFB1 -> {
                    return cfb1(k, iv, data);
                }
                case CHACHA20 -> {
                    StreamCipher chacha = new ChaCha7539Engine();
                    chacha.init(false, new ParametersWithIV(k, iv, 4, 12));
                    long counter =
                            (iv[0] & 0xffL) | (iv[1] & 0xffL) << 8 | (iv[2] & 0xffL) << 16 | (iv[3] & 0xffL) << 24;
                    ((ChaCha7539Engine) chacha).skip(counter * 64);
                    byte[] out = new byte[data.length];
                    chacha.processBytes(data, 0, data.length, out, 0);
                    return out;
                }
                default -> {
                    StreamCipher stream = switch (mode) {
                        case CFB -> CFBBlockCipher.newInstance(engine.get(), blockBytes * 8);
                        case CFB8 -> CFBBlockCipher.newInstance(engine.get(), 8);
                        case OFB -> new OFBBlockCipher(engine.get(), blockBytes * 8);
                        default -> SICBlockCipher.newInstance(engine.get());
                    };
                    stream.init(false, new ParametersWithIV(k, iv, 0, blockBytes));
                    byte[] out = new byte[data.length];
                    stream.processBytes(data, 0, data.length, out, 0);
                    return out;
                }
            }
        }

        /**
         * One-bit CFB, which BouncyCastle's CFB (whole bytes only) does not do: per bit, the engine encrypts the
         * shift register, the top bit of the result is XORed onto the ciphertext bit, and the ciphertext bit is
         * shifted into the register.
         */
        private byte[] cfb1(KeyParameter key, byte[] iv, byte[] data) {
            BlockCipher e = engine.get();
            e.init(true, key);
            byte[] register = java.util.Arrays.copyOf(iv, blockBytes);
            byte[] block = new byte[blockBytes];
            byte[] out = new byte[data.length];
            for (int i = 0; i < data.length * 8; i++) {
                e.processBlock(register, 0, block, 0);
                int in = (data[i >> 3] >> (7 - (i & 7))) & 1;
                int plain = in ^ ((block[0] >> 7) & 1);
                out[i >> 3] |= (byte) (plain << (7 - (i & 7)));
                for (int j = 0; j < blockBytes - 1; j++) {
                    register[j] = (byte) ((register[j] << 1) | ((register[j + 1] >> 7) & 1));
                }
                register[blockBytes - 1] = (byte) ((register[blockBytes - 1] << 1) | in);
            }
            return out;
        }
    }

    private static final Map<String, Cipher> BY_NAME = new HashMap<>();
    private static final Map<String, Cipher> BY_OID = new HashMap<>();

    static {
        for (int bits : new int[] {128, 192, 256}) {
            int key = bits / 8;
            family("AES", AESEngine::newInstance, key, 16);
            family("ARIA", ARIAEngine::new, key, 16);
            family("CAMELLIA", CamelliaEngine::new, key, 16);
            int i = bits == 128 ? 0 : bits == 192 ? 20 : 40;
            Supplier<BlockCipher> aes = AESEngine::newInstance;
            oid("2.16.840.1.101.3.4.1." + (i + 1), aes, key, Mode.ECB);
            oid("2.16.840.1.101.3.4.1." + (i + 2), aes, key, Mode.CBC);
            oid("2.16.840.1.101.3.4.1." + (i + 3), aes, key, Mode.OFB);
            oid("2.16.840.1.101.3.4.1." + (i + 4), aes, key, Mode.CFB);
            oid("2.16.840.1.101.3.4.1." + (i + 8), aes, key, Mode.WRAP_PAD);
            int a = bits == 128 ? 0 : bits == 192 ? 5 : 10;
            Mode[] ariaModes = {Mode.ECB, Mode.CBC, Mode.CFB, Mode.OFB, Mode.CTR};
            for (int m = 0; m < ariaModes.length; m++) {
                oid("1.2.410.200046.1.1." + (a + m + 1), ARIAEngine::new, key, ariaModes[m]);
            }
            Supplier<BlockCipher> camellia = CamelliaEngine::new;
            oid("1.2.392.200011.61.1.1.1." + (bits == 128 ? 2 : bits == 192 ? 3 : 4), camellia, key, Mode.CBC);
            oid("0.3.4401.5.3.1.9." + (i + 1), camellia, key, Mode.ECB);
            oid("0.3.4401.5.3.1.9." + (i + 3), camellia, key, Mode.OFB);
            oid("0.3.4401.5.3.1.9." + (i + 4), camellia, key, Mode.CFB);
            oid("0.3.4401.5.3.1.9." + (i + 9), camellia, key, Mode.CTR);
        }
        Supplier<BlockCipher> sm4 = SM4Engine::new;
        for (Mode m : new Mode[] {Mode.CBC, Mode.CFB, Mode.OFB, Mode.CTR}) {
            BY_NAME.put("SM4-" + m, new Cipher(sm4, 16, 16, m));
        }
        oid("1.2.156.10197.1.104.1", sm4, 16, Mode.ECB);
        oid("1.2.156.10197.1.104.2", sm4, 16, Mode.CBC);
        oid("1.2.156.10197.1.104.3", sm4, 16, Mode.OFB);
        oid("1.2.156.10197.1.104.4", sm4, 16, Mode.CFB);
        oid("1.2.156.10197.1.104.7", sm4, 16, Mode.CTR);
        Supplier<BlockCipher> des = DESedeEngine::new;
        for (Mode m : new Mode[] {Mode.CBC, Mode.CFB, Mode.CFB1, Mode.CFB8, Mode.OFB}) {
            BY_NAME.put("DES-EDE3-" + m, new Cipher(des, 24, 8, m));
        }
        for (Mode m : new Mode[] {Mode.CBC, Mode.CFB, Mode.OFB}) {
            BY_NAME.put("DES-EDE-" + m, new Cipher(des, 16, 8, m));
        }
        BY_OID.put("1.2.840.113549.3.7", new Cipher(des, 24, 8, Mode.CBC));
        BY_OID.put("1.3.14.3.2.17", new Cipher(des, 16, 8, Mode.ECB));
        BY_NAME.put("CHACHA20", new Cipher(null, 32, 64, Mode.CHACHA20));
    }

    private KeyFileCiphers() {}

    private static void family(String name, Supplier<BlockCipher> engine, int keyBytes, int blockBytes) {
        for (Mode m : new Mode[] {Mode.CBC, Mode.CFB, Mode.CFB1, Mode.CFB8, Mode.OFB, Mode.CTR}) {
            BY_NAME.put(name + "-" + keyBytes * 8 + "-" + m, new Cipher(engine, keyBytes, blockBytes, m));
        }
    }

    private static void oid(String oid, Supplier<BlockCipher> engine, int keyBytes, Mode mode) {
        BY_OID.put(oid, new Cipher(engine, keyBytes, 16, mode));
    }

    /** The cipher a traditional PEM file's {@code DEK-Info} names (any case), or {@code null}. */
    static Cipher named(String dekInfoName) {
        return BY_NAME.get(dekInfoName.toUpperCase(Locale.ROOT));
    }

    /** The cipher a PBES2 encryption scheme's object identifier names, or {@code null}. */
    static Cipher forOid(String oid) {
        return BY_OID.get(oid);
    }
}
