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

import dev.recyclable.buffers.ssh.internal.SigningKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Arrays;
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

    /** Public-key login with an unencrypted private key file (OpenSSH, PKCS#8 or PuTTY format). */
    public static SshCredentials privateKey(String user, Path keyFile) {
        Objects.requireNonNull(keyFile, "keyFile");
        return new SshCredentials(user, "publickey (key file " + keyFile + ")") {
            @Override
            public void authenticate(SSHClient client) throws IOException {
                client.authPublickey(user(), client.loadKeys(keyFile.toString()));
            }
        };
    }

    /** Public-key login with a passphrase-protected private key file. The passphrase is copied. */
    public static SshCredentials privateKey(String user, Path keyFile, char[] passphrase) {
        Objects.requireNonNull(keyFile, "keyFile");
        char[] copy = passphrase.clone();
        return new SshCredentials(user, "publickey (key file " + keyFile + ", with passphrase)") {
            @Override
            public void authenticate(SSHClient client) throws IOException {
                client.authPublickey(user(), client.loadKeys(keyFile.toString(), copy.clone()));
            }
        };
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
                KeyProvider provider = client.loadKeys(pair);
                client.authPublickey(user(), provider);
            }
        };
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
