package dev.recyclable.buffers.ssh.transport;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
import java.security.GeneralSecurityException;

/** The JDK's own providers (intrinsified AES and SHA-2), whatever else is registered; the default chain if absent. */
final class JdkProviders {

    private JdkProviders() {
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
