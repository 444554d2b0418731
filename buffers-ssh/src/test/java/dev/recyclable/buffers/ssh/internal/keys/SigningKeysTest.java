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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import net.schmizz.sshj.common.SecurityUtils;
import org.junit.jupiter.api.Test;

/** The client key converted once for cheap signing is the same key: its signatures verify against the original. */
class SigningKeysTest {

    private static final byte[] DATA = "exchange hash and login request".getBytes(StandardCharsets.UTF_8);

    @Test
    void anEcKeyOfTheJdkBecomesTheSameKeyOfTheProviderSshjSignsWith() throws Exception {
        assertEquals(SecurityUtils.BOUNCY_CASTLE, SecurityUtils.getSecurityProvider()); // sshj's default
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", "SunEC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair jdk = generator.generateKeyPair();

        KeyPair converted = SigningKeys.forSigning(jdk);

        assertNotSame(jdk.getPrivate(), converted.getPrivate());
        assertTrue(converted.getPrivate().getClass().getName().startsWith("org.bouncycastle."));
        assertSame(jdk.getPublic(), converted.getPublic());
        assertEquals(((ECPrivateKey) jdk.getPrivate()).getS(), ((ECPrivateKey) converted.getPrivate()).getS());
        assertEquals(
                256,
                ((ECPrivateKey) converted.getPrivate())
                        .getParams()
                        .getCurve()
                        .getField()
                        .getFieldSize()); // sshj still types it ecdsa-sha2-nistp256
        // signed the way sshj signs (its provider), verified by the JDK against the untouched public key
        Signature sign = Signature.getInstance("SHA256withECDSA", SecurityUtils.getSecurityProvider());
        sign.initSign(converted.getPrivate());
        sign.update(DATA);
        byte[] signature = sign.sign();
        Signature verify = Signature.getInstance("SHA256withECDSA", "SunEC");
        verify.initVerify(jdk.getPublic());
        verify.update(DATA);
        assertTrue(verify.verify(signature));
        // converting again changes nothing
        assertSame(converted, SigningKeys.forSigning(converted));
    }

    @Test
    void otherKeysAreKeptAsTheyAre() throws Exception {
        KeyPair rsa = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        KeyPair ed25519 = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        assertSame(rsa, SigningKeys.forSigning(rsa));
        assertSame(ed25519, SigningKeys.forSigning(ed25519));
    }
}
