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

/** The JDK's own providers (intrinsified AES and SHA-2), whatever else is registered; the default chain if absent. */
final class JdkProviders {

    private JdkProviders() {}

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
