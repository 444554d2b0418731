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

import com.hierynomus.sshj.common.KeyDecryptionFailedException;
import com.hierynomus.sshj.userauth.certificate.Certificate;
import com.hierynomus.sshj.userauth.keyprovider.OpenSSHKeyV1KeyFile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.userauth.keyprovider.FileKeyProvider;
import net.schmizz.sshj.userauth.keyprovider.PuTTYKeyFile;
import net.schmizz.sshj.userauth.password.PasswordUtils;

/**
 * A private key file, read as OpenSSH reads it: its own format ({@code BEGIN OPENSSH PRIVATE KEY}, read with sshj,
 * every cipher {@code ssh-keygen} writes), OpenSSL's PEM files (PKCS#1, SEC1, DSA, PKCS#8, plain or encrypted:
 * {@link PemPrivateKeys}), and PuTTY's format, which sshj reads and OpenSSH does not. Not DSA keys in OpenSSH's
 * format (PEM ones are read). At most 1 MiB of it: a key file holds a few KB, and a larger one (or
 * {@code /dev/zero}) is refused rather than read into memory (OpenSSH 9.2 reads larger ones). The public key
 * comes from the private key, never from a {@code .pub} file. A
 * certificate in {@code <file>-cert.pub} for that key is used too, as {@code ssh} uses it, whatever the key file's
 * format. Held as key pairs in the form {@link SigningKeys} signs with cheaply. Read once and again only when the
 * file or its certificate change on disk ({@link ReloadingFile}): a fleet of logins with one key then costs one
 * {@code stat} per file and login instead of a parse (and, for an encrypted key, a key derivation). Thread-safe.
 */
public final class PrivateKeyFile {

    /** The most read of a key file. */
    static final int MAX_BYTES = 1024 * 1024;

    private static final String OPENSSH_BEGIN = "-----BEGIN OPENSSH PRIVATE KEY-----";
    private static final String OPENSSH_END = "-----END OPENSSH PRIVATE KEY-----";
    private static final String PUTTY_BEGIN = "PuTTY-User-Key-File-";

    /** The key pair, and the same key with its certificate as public key when one is beside it. */
    private record Keys(KeyPair plain, KeyPair certified) {}

    private final ReloadingFile<Keys> file;
    private final Path certificate;
    private final char[] passphrase; // null: not encrypted. Never logged, never in a message

    /**
     * @param passphrase the key's passphrase, or {@code null}; kept as given (not copied): the caller hands over
     *                   its own copy
     */
    public PrivateKeyFile(Path path, char[] passphrase) {
        this.certificate = Path.of(path + "-cert.pub"); // as ssh names it
        this.file = new ReloadingFile<>(path, certificate);
        this.passphrase = passphrase;
    }

    public Path path() {
        return file.path();
    }

    /**
     * The key pair, parsed when the file is new or changed.
     *
     * @throws KeyFileException naming the file, if it is missing, cannot be read, is larger than 1 MiB, holds no
     *                          key OpenSSH reads, or the passphrase does not decrypt it (read again on the next call)
     */
    public KeyPair keyPair() throws KeyFileException {
        return keys().plain();
    }

    /**
     * The key pairs to offer a server, in the order {@code ssh} offers them: the key, then (when
     * {@code <file>-cert.pub} holds a certificate of this key) the key with its certificate.
     *
     * @throws KeyFileException as {@link #keyPair()}
     */
    public List<KeyPair> keyPairs() throws KeyFileException {
        Keys k = keys();
        return k.certified() == null ? List.of(k.plain()) : List.of(k.plain(), k.certified());
    }

    private Keys keys() throws KeyFileException {
        try {
            return file.get(this::read);
        } catch (KeyFileException e) {
            throw e;
        } catch (IOException e) {
            throw new KeyFileException(path(), Causes.describe(e), e);
        }
    }

    /** How many times the file was parsed (for tests of the "read once" promise). */
    public int loads() {
        return file.loads();
    }

    private Keys read(Path path) throws KeyFileException {
        byte[] bytes;
        try {
            bytes = readAtMostMax(path);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new KeyFileException(path, "missing (" + Causes.describe(e) + ")", e);
        } catch (AccessDeniedException e) {
            throw new KeyFileException(path, "not readable (" + Causes.describe(e) + ")", e);
        } catch (IOException e) {
            throw new KeyFileException(path, "cannot be read (" + Causes.describe(e) + ")", e);
        }
        if (bytes == null) {
            throw new KeyFileException(path, "larger than 1 MiB, which no key file is: not read", null);
        }
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        KeyPair plain = SigningKeys.forSigning(parse(path, text));
        KeyPair certified = certified(plain);
        return new Keys(plain, certified == null ? null : new KeyPair(certified.getPublic(), plain.getPrivate()));
    }

    /** The file's bytes, or {@code null} if it has more than {@link #MAX_BYTES} (say {@code /dev/zero}). */
    private static byte[] readAtMostMax(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            return bytes.length > MAX_BYTES ? null : bytes;
        }
    }

    private KeyPair parse(Path path, String text) throws KeyFileException {
        byte[] openSsh = openSshBlob(text);
        if (openSsh != null) {
            return openSsh(path, openSsh);
        }
        if (text.startsWith(PUTTY_BEGIN)) {
            return withSshj(path, new PuTTYKeyFile(), text);
        }
        if (text.contains("-----BEGIN ")) {
            return PemPrivateKeys.read(path, text, passphrase);
        }
        throw new KeyFileException(
                path,
                "not a private key file OpenSSH reads (neither its own format nor PEM"
                        + (text.isEmpty() ? ": the file is empty)" : ")"),
                null);
    }

    /**
     * The binary key of OpenSSH's own format as {@code ssh} finds it ({@code sshkey.c private2_uudecode}): the
     * file must begin with the BEGIN line and LF, a later line must be the END line ended by LF, and what lies
     * between is base64 once CRs and LFs are dropped. {@code null} where {@code ssh} finds none (it then reads the
     * file as PEM, which holds no key of this kind either).
     */
    private static byte[] openSshBlob(String text) {
        if (!text.startsWith(OPENSSH_BEGIN + "\n")) {
            return null;
        }
        StringBuilder base64 = new StringBuilder(text.length());
        for (int i = OPENSSH_BEGIN.length() + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\n' && c != '\r') {
                base64.append(c);
            } else if (c == '\n' && text.startsWith(OPENSSH_END + "\n", i + 1)) {
                byte[] chars = base64.toString().getBytes(StandardCharsets.ISO_8859_1);
                return OpenSshBase64.decode(chars, 0, chars.length);
            }
        }
        return null;
    }

    /**
     * A key in OpenSSH's format, read by sshj (every cipher {@code ssh-keygen} writes), handed over as the
     * canonical file. Not DSA keys: sshj does not read them from this format, and OpenSSH no longer offers DSA
     * keys unless told to (PEM DSA keys are read).
     */
    private KeyPair openSsh(Path path, byte[] blob) throws KeyFileException {
        String canonical = OPENSSH_BEGIN + "\n"
                + Base64.getMimeEncoder(70, new byte[] {'\n'}).encodeToString(blob) + "\n" + OPENSSH_END + "\n";
        try {
            return withSshj(path, new OpenSSHKeyV1KeyFile(), canonical);
        } catch (KeyFileException e) {
            if (e.getCause() != null
                    && String.valueOf(e.getCause().getMessage()).contains("ssh-dss")) {
                throw new KeyFileException(
                        path,
                        "a DSA key in OpenSSH's format, which is not read (OpenSSH no longer offers DSA keys unless "
                                + "told to; ssh-keygen -p -m PEM -f <file> converts it to PEM, which is read)",
                        e);
            }
            throw e;
        }
    }

    private KeyPair withSshj(Path path, FileKeyProvider provider, String text) throws KeyFileException {
        try {
            provider.init(text, null, passphrase == null ? null : PasswordUtils.createOneOff(passphrase.clone()));
            return new KeyPair(provider.getPublic(), provider.getPrivate());
        } catch (KeyDecryptionFailedException e) {
            throw new KeyFileException(
                    path,
                    (passphrase == null ? "it is encrypted and no passphrase was given" : "wrong passphrase") + " ("
                            + Causes.describe(e) + ")",
                    e);
        } catch (IOException | RuntimeException e) {
            throw new KeyFileException(path, "not a valid private key (" + Causes.describe(e) + ")", e);
        }
    }

    /**
     * The certificate in {@code <file>-cert.pub}, with the private key, if the file holds a certificate of this
     * key; else {@code null}. As {@code ssh}: an unreadable file, a plain key or another key's certificate there
     * is no certificate (and the key is still used).
     */
    private KeyPair certified(KeyPair plain) {
        byte[] bytes;
        try {
            bytes = Files.exists(certificate) ? readAtMostMax(certificate) : null;
        } catch (IOException unreadable) {
            return null;
        }
        if (bytes == null) {
            return null;
        }
        for (String line : new String(bytes, StandardCharsets.ISO_8859_1).split("\n")) {
            String[] fields = line.trim().split("[ \t]+");
            if (fields.length < 2 || fields[0].isEmpty() || fields[0].startsWith("#")) {
                continue;
            }
            try {
                PublicKey key = new Buffer.PlainBuffer(Base64.getDecoder().decode(fields[1])).readPublicKey();
                if (key instanceof Certificate<?> cert
                        && Arrays.equals(HostKeys.blob(cert.getKey()), HostKeys.blob(plain.getPublic()))) {
                    return new KeyPair(cert, plain.getPrivate());
                }
            } catch (Buffer.BufferException
                    | IllegalArgumentException
                    | net.schmizz.sshj.common.SSHRuntimeException e) {
                // not a key ssh reads
            }
            return null; // ssh reads the first key line only
        }
        return null;
    }
}
