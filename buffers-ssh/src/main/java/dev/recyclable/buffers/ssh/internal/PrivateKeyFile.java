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
package dev.recyclable.buffers.ssh.internal;

import com.hierynomus.sshj.common.KeyDecryptionFailedException;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.KeyPair;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.userauth.keyprovider.FileKeyProvider;
import net.schmizz.sshj.userauth.keyprovider.KeyFormat;
import net.schmizz.sshj.userauth.keyprovider.KeyProviderUtil;
import net.schmizz.sshj.userauth.password.PasswordUtils;

/**
 * A private key file, parsed as {@code SSHClient.loadKeys} parses it (OpenSSH, PKCS#8 or PuTTY format, with the
 * public key or certificate from a {@code -cert.pub} or {@code .pub} file beside it when there is one, as sshj
 * takes it), and held as a {@link KeyPair} in the form {@link SigningKeys} signs with cheaply. Read once and again
 * only when the file or its companions change on disk ({@link ReloadingFile}): a fleet of logins with one key then
 * costs one {@code stat} per file and login instead of a parse (and, for an encrypted key, a key derivation).
 * Thread-safe.
 */
public final class PrivateKeyFile {

    private final ReloadingFile<KeyPair> file;
    private final char[] passphrase; // null: not encrypted. Never logged, never in a message

    /**
     * @param passphrase the key's passphrase, or {@code null}; kept as given (not copied): the caller hands over
     *                   its own copy
     */
    public PrivateKeyFile(Path path, char[] passphrase) {
        // the companions sshj reads the public key from, in its order of preference
        this.file = new ReloadingFile<>(path, companion(path, "-cert.pub"), companion(path, ".pub"));
        this.passphrase = passphrase;
    }

    public Path path() {
        return file.path();
    }

    /**
     * The key pair, parsed with the key file formats of {@code config} when the file is new or changed.
     *
     * @throws KeyFileException naming the file, if it is missing, cannot be read or parsed, or the passphrase does
     *                          not decrypt it (read again on the next call)
     */
    public KeyPair keyPair(Config config) throws KeyFileException {
        try {
            return file.get(path -> read(path, config));
        } catch (KeyFileException e) {
            throw e;
        } catch (IOException e) {
            throw new KeyFileException(path(), SshErrors.describe(e), e);
        }
    }

    /** How many times the file was parsed (for tests of the "read once" promise). */
    public int loads() {
        return file.loads();
    }

    private KeyPair read(Path path, Config config) throws KeyFileException {
        File location = path.toFile();
        try {
            KeyFormat format = KeyProviderUtil.detectKeyFileFormat(location);
            FileKeyProvider provider =
                    Factory.Named.Util.create(config.getFileKeyProviderFactories(), format.toString());
            if (provider == null) {
                throw new KeyFileException(path, "not a private key sshj reads (format " + format + ")", null);
            }
            provider.init(location, passphrase == null ? null : PasswordUtils.createOneOff(passphrase.clone()));
            return SigningKeys.forSigning(new KeyPair(provider.getPublic(), provider.getPrivate()));
        } catch (KeyFileException e) {
            throw e;
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new KeyFileException(path, "missing or not readable (" + SshErrors.describe(e) + ")", e);
        } catch (KeyDecryptionFailedException e) {
            throw new KeyFileException(
                    path,
                    (passphrase == null ? "it is encrypted and no passphrase was given" : "wrong passphrase") + " ("
                            + SshErrors.describe(e) + ")",
                    e);
        } catch (IOException | RuntimeException e) {
            throw new KeyFileException(path, "not a valid private key (" + SshErrors.describe(e) + ")", e);
        } catch (OutOfMemoryError e) {
            // sshj's ASN.1 decoder allocates the length a (PKCS#8) key file declares, in one array: a corrupt
            // 56-byte file asks for gigabytes. That one allocation failed and nothing else was taken.
            throw new KeyFileException(path, "not a valid private key (it declares a larger size than memory)", e);
        }
    }

    private static Path companion(Path path, String suffix) {
        return Path.of(path + suffix); // as sshj names them
    }
}
