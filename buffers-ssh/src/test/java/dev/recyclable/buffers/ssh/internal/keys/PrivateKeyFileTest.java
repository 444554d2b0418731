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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Base64;
import net.schmizz.sshj.common.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A traditional OpenSSL PEM key ({@code ssh-keygen -m PEM}), encrypted: the right passphrase gives
 * the key whose public half is in the {@code .pub} file, and every wrong one is "wrong passphrase".
 * The wrong passphrases below each decrypt this file to bytes that pass the padding check; sshj's
 * own reader then allocated the length those bytes claim and threw {@link OutOfMemoryError}, or
 * called the file "not a valid private key".
 */
class PrivateKeyFileTest {
    private static final String PASSPHRASE = "secretpass";

    private static Path key() throws URISyntaxException {
        return Path.of(
                PrivateKeyFileTest.class.getResource("ec-pem-encrypted.key").toURI());
    }

    @Test
    void theRightPassphraseGivesTheKeyOfThePublicFile() throws Exception {
        KeyPair pair = new PrivateKeyFile(key(), PASSPHRASE.toCharArray()).keyPair();
        String publicLine = Files.readString(Path.of(key() + ".pub")).trim();
        byte[] expected = Base64.getDecoder().decode(publicLine.split(" ")[1]);
        assertArrayEquals(
                expected,
                new Buffer.PlainBuffer().putPublicKey(pair.getPublic()).getCompactData());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1n1f45uud9pae",
                "-183dmrose9k7l",
                "-do085557kk1k",
                "-qgmzm9y67j1b", // sshj: OutOfMemoryError
                "-1ef4148brqtzj",
                "yu91p2rv5q7s",
                "1fgvetsclyqry", // sshj: "not a valid private key"
                "-11r6hmigdn3uw",
                "not it",
                "" // bad padding
            })
    void aWrongPassphraseIsSaidToBeWrong(String wrong) throws Exception {
        PrivateKeyFile file = new PrivateKeyFile(key(), wrong.toCharArray());
        KeyFileException e = assertThrows(KeyFileException.class, () -> file.keyPair());
        assertTrue(e.getMessage().contains("wrong passphrase"), e::getMessage);
        assertTrue(e.getMessage().contains(key().toString()), e::getMessage);
    }

    @Test
    void noPassphraseForAnEncryptedKeyIsSaid() throws Exception {
        PrivateKeyFile file = new PrivateKeyFile(key(), null);
        KeyFileException e = assertThrows(KeyFileException.class, () -> file.keyPair());
        assertTrue(e.getMessage().contains("encrypted and no passphrase"), e::getMessage);
    }
}
