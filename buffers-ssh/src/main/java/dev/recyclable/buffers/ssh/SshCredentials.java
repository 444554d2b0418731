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
package dev.recyclable.buffers.ssh;

import dev.recyclable.buffers.ssh.internal.keys.PrivateKeyFile;
import dev.recyclable.buffers.ssh.internal.keys.SigningKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.userauth.keyprovider.KeyProvider;

/** Who to log in as, and how: a private key or a password. */
public abstract class SshCredentials {

    private final String user;
    private final String method;

    private SshCredentials(String user, String method) {
        this.user = Objects.requireNonNull(user, "user");
        this.method = method;
    }

    public final String user() {
        return user;
    }

    /** The authentication method, as error messages name it ({@code "publickey (key file ...)"}, ...). */
    public final String method() {
        return method;
    }

    /** Authenticates a connected client; throws {@code UserAuthException} when the server refuses. */
    public abstract void authenticate(SSHClient client) throws IOException;

    /**
     * Public-key login with an unencrypted private key file, in any format OpenSSH reads: its own
     * ({@code ssh-keygen}'s default), or OpenSSL's PEM (PKCS#1 RSA, SEC1 EC, DSA, PKCS#8); PuTTY's format too. The
     * public key is the private key's own. When {@code <keyFile>-cert.pub} holds a certificate of that key, the
     * login offers the key and then the certificate, as {@code ssh} does. A key file larger than 1&nbsp;MiB (no key
     * file is) is refused unread, naming the file. DSA keys are read from PEM only.
     *
     * <p>The file is read and parsed once per credentials object, on first use, and held as a key pair (an ECDSA key
     * converted once, as {@link #keyPair} does); it is read again only when it (or its {@code -cert.pub} file)
     * changes on disk, which each login checks with a {@code stat} per file. A fleet of thousands of logins parses the
     * key once instead of per host. A replaced key file is used from the next login on; a missing, unreadable or
     * undecryptable one fails every login until it is fixed, with an {@code IOException} naming the file.
     */
    public static SshCredentials privateKey(String user, Path keyFile) {
        return privateKey(user, new PrivateKeyFile(Objects.requireNonNull(keyFile, "keyFile"), null), "");
    }

    /**
     * Public-key login with a passphrase-protected private key file, read once and again when it changes, as
     * {@link #privateKey(String, Path)}: OpenSSH's format with any cipher {@code ssh-keygen} writes, PEM encrypted
     * with a {@code DEK-Info} header or as PKCS#8 (PBES2 with PBKDF2 or scrypt, PBES1 with triple DES), with any
     * cipher OpenSSH decrypts. The passphrase is used as its UTF-8 bytes, as {@code ssh-keygen} and {@code openssl}
     * took it from a terminal, so any characters work. It is copied; a wrong one fails each login, naming the
     * file.
     */
    public static SshCredentials privateKey(String user, Path keyFile, char[] passphrase) {
        Objects.requireNonNull(keyFile, "keyFile");
        return privateKey(user, new PrivateKeyFile(keyFile, passphrase.clone()), ", with passphrase");
    }

    private static SshCredentials privateKey(String user, PrivateKeyFile keyFile, String note) {
        return new KeyFileCredentials(user, keyFile, "publickey (key file " + keyFile.path() + note + ")");
    }

    /** Public-key login from a key file; package-private for the tests of the "read once" promise. */
    static final class KeyFileCredentials extends SshCredentials {

        private final PrivateKeyFile keyFile;

        private KeyFileCredentials(String user, PrivateKeyFile keyFile, String method) {
            super(user, method);
            this.keyFile = keyFile;
        }

        @Override
        public void authenticate(SSHClient client) throws IOException {
            authPublickey(client, user(), keyFile.keyPairs());
        }

        /** How many times the key file was parsed. */
        int loads() {
            return keyFile.loads();
        }
    }

    /**
     * Public-key login with a key pair held in memory. An EC private key is converted once, on first use, to the
     * form sshj's signature provider signs with cheaply (the same key: see {@code SigningKeys}), so a fleet of logins
     * costs about 0.1&nbsp;ms of CPU per ECDSA signature instead of 1.1&nbsp;ms. For many logins prefer Ed25519 or
     * ECDSA keys: an RSA-3072 signature costs about 3.6&nbsp;ms.
     */
    public static SshCredentials keyPair(String user, KeyPair keyPair) {
        Objects.requireNonNull(keyPair, "keyPair");
        return new SshCredentials(user, "publickey (" + keyPair.getPublic().getAlgorithm() + " key pair in memory)") {
            private volatile KeyPair signing; // converted lazily: sshj registers its provider on first use

            @Override
            public void authenticate(SSHClient client) throws IOException {
                KeyPair pair = signing;
                if (pair == null) {
                    pair = SigningKeys.forSigning(keyPair);
                    signing = pair; // racing threads convert the same key to equal results: either one serves
                }
                authPublickey(client, user(), List.of(pair));
            }
        };
    }

    /** Logs in with the first of {@code signing} the server takes (key pairs in {@code SigningKeys.forSigning} form). */
    private static void authPublickey(SSHClient client, String user, List<KeyPair> signing) throws IOException {
        List<KeyProvider> providers = new ArrayList<>(signing.size());
        for (KeyPair pair : signing) {
            providers.add(client.loadKeys(pair));
        }
        client.authPublickey(user, providers);
    }

    /** Password login. The password is copied; sshj is handed a fresh copy per attempt, wiped afterwards. */
    public static SshCredentials password(String user, char[] password) {
        char[] copy = password.clone();
        return new SshCredentials(user, "password") {
            @Override
            public void authenticate(SSHClient client) throws IOException {
                char[] attempt = copy.clone();
                try {
                    client.authPassword(user(), attempt);
                } finally {
                    Arrays.fill(attempt, '\0');
                }
            }
        };
    }

    @Override
    public String toString() {
        return "SshCredentials[" + user + "]"; // never the secret
    }
}
