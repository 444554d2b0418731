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

import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * known_hosts lines as {@code ssh} reads them, one rule a row, without a server (the same rules against the real
 * client: {@code KnownHostsOracleTest}). In each row {@code H} stands for the host field
 * ({@code [db1.example.org]:2222}), {@code T} for the key's type, {@code K} for its base64 (an ECDSA P-256 key:
 * 104 bytes, so one {@code =} of padding), and {@code \r}, {@code \t}, {@code \f}, {@code \v}, {@code \n},
 * {@code \0} for those bytes.
 */
class KnownHostsLinesTest {

    private static PublicKey key;
    private static String type;
    private static String base64;

    @BeforeAll
    static void key() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        key = g.generateKeyPair().getPublic();
        type = "ecdsa-sha2-nistp256";
        base64 = Base64.getEncoder().encodeToString(HostKeys.blob(key));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "plain                                   | H T K\\n                 | ACCEPTED",
                "tabs                                    | H\\tT\\tK\\n             | ACCEPTED",
                "CRLF: a CR after the key is base64 space | H T K\\r\\n             | ACCEPTED",
                "a CR inside the key                     | H T K5\\rK6\\n          | ACCEPTED",
                "a CR before the host is part of it      | \\rH T K\\n              | UNKNOWN_HOST",
                "a FF before the host is part of it      | \\fH T K\\n              | UNKNOWN_HOST",
                "a VT after the host is part of it       | H\\vT K\\n               | UNKNOWN_HOST",
                "a CR between host and type              | H\\rT K\\n               | UNKNOWN_HOST",
                "key without its padding                 | H T KU\\n                | UNKNOWN_HOST",
                "key with a pad too many                 | H T K=\\n                | UNKNOWN_HOST",
                "marker, all tabs                        | @revoked\\tH\\tT\\tK\\nH T K\\n | REVOKED_KEY",
                "marker, a tab then spaces: invalid      | @revoked\\tH T K\\nH T K\\n | ACCEPTED",
                "NUL after the host separates it          | H\\0T K\\n               | ACCEPTED",
                "last line without LF takes an earlier key | X T K\\nH                | ACCEPTED",
                "comment                                 | #H T K\\n                | UNKNOWN_HOST",
                "type of another kind                    | H ssh-ed25519 K\\n       | UNKNOWN_HOST",
            })
    void readsEachLineAsSshDoes(String rule, String layout, HostKeyVerdict expected) {
        String hostField = "[db1.example.org]:2222";
        String text = java.util.regex.Pattern.compile("KU|K5\\\\rK6|[HTKX]|\\\\[nrtfv0]")
                .matcher(layout.strip())
                .replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
                        switch (m.group()) {
                            case "H" -> hostField;
                            case "T" -> type;
                            case "K" -> base64;
                            case "KU" -> base64.replace("=", "");
                            case "K5\\rK6" -> base64.substring(0, 5) + "\r" + base64.substring(5);
                            case "X" -> "x".repeat(hostField.length());
                            case "\\n" -> "\n";
                            case "\\r" -> "\r";
                            case "\\t" -> "\t";
                            case "\\f" -> "\f";
                            case "\\v" -> "\u000b";
                            default -> "\0";
                        }));
        assertEquals(expected, KnownHostsIndex.parse(text).decide("db1.example.org", 2222, key), rule);
    }
}
