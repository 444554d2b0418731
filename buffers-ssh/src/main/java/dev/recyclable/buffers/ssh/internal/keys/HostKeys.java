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

import com.hierynomus.sshj.userauth.certificate.Certificate;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import net.schmizz.sshj.common.Buffer;

/** Key blobs and fingerprints exactly as OpenSSH prints them ({@code ssh-keygen -l}). */
public final class HostKeys {

    private HostKeys() {}

    /** The SSH wire encoding of {@code key} (what known_hosts holds in base64). */
    public static byte[] blob(PublicKey key) {
        return new Buffer.PlainBuffer().putPublicKey(key).getCompactData();
    }

    /** For a host certificate, the blob of the CA key that signed it; else {@code null}. */
    public static byte[] certificateAuthorityBlob(PublicKey key) {
        return key instanceof Certificate<?> cert ? cert.getSignatureKey() : null;
    }

    /** The key inside a certificate, or the key itself. */
    public static PublicKey plainKey(PublicKey key) {
        return key instanceof Certificate<?> cert ? cert.getKey() : key;
    }

    /** {@code SHA256:<base64 without padding>}, as OpenSSH prints it. */
    public static String sha256Fingerprint(byte[] blob) {
        return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest("SHA-256", blob));
    }

    /** {@code MD5:xx:xx:...}, as {@code ssh-keygen -l -E md5} prints it. */
    public static String md5Fingerprint(byte[] blob) {
        return "MD5:" + HexFormat.ofDelimiter(":").formatHex(digest("MD5", blob));
    }

    /**
     * Normalises a fingerprint as OpenSSH prints it: {@code SHA256:<43 base64 chars>} (padding optional) or
     * {@code MD5:<16 hex pairs separated by colons>} ({@code MD5:} prefix optional).
     *
     * @throws IllegalArgumentException with the expected forms, for anything else
     */
    public static String parseFingerprint(String fingerprint) {
        String f = fingerprint.trim();
        if (f.regionMatches(true, 0, "SHA256:", 0, 7)) {
            String b64 = f.substring(7);
            while (b64.endsWith("=")) {
                b64 = b64.substring(0, b64.length() - 1);
            }
            try {
                byte[] hash = Base64.getDecoder().decode(b64 + "=".repeat((4 - b64.length() % 4) % 4));
                if (hash.length == 32 && b64.length() == 43) {
                    return "SHA256:" + b64;
                }
            } catch (IllegalArgumentException notBase64) {
                // fall through to the message below
            }
        } else {
            String hex = f.regionMatches(true, 0, "MD5:", 0, 4) ? f.substring(4) : f;
            if (hex.matches("(?i)[0-9a-f]{2}(:[0-9a-f]{2}){15}")) {
                return "MD5:" + hex.toLowerCase(Locale.ROOT);
            }
        }
        throw new IllegalArgumentException("not a host key fingerprint: '" + fingerprint + "'. Expected the form "
                + "OpenSSH prints (ssh-keygen -l -f <host key>.pub, or ssh-keyscan <host> | ssh-keygen -lf -): "
                + "SHA256:<43 base64 characters>, e.g. SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s, or "
                + "MD5:<16 hex pairs>, e.g. MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48");
    }

    /** The fingerprint of {@code blob} in the same form as {@code like} ({@code SHA256:} or {@code MD5:}). */
    public static String fingerprintLike(String like, byte[] blob) {
        return like.startsWith("MD5:") ? md5Fingerprint(blob) : sha256Fingerprint(blob);
    }

    private static byte[] digest(String algorithm, byte[] data) {
        try {
            return MessageDigest.getInstance(algorithm).digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " missing from the JDK", e);
        }
    }
}
