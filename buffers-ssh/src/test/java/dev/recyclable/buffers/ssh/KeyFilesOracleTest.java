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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.internal.keys.HostKeys;
import dev.recyclable.buffers.ssh.internal.keys.KeyFileException;
import dev.recyclable.buffers.ssh.internal.keys.PrivateKeyFile;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Private key files with OpenSSH as the oracle: several hundred files written by {@code ssh-keygen} and
 * {@code openssl} (every key type, every format, every cipher each tool writes, plain, ASCII and non-ASCII
 * passphrases, and files OpenSSH refuses), each asked of {@code ssh-keygen -y} and of {@link PrivateKeyFile}: where
 * OpenSSH reads the public key we read the same, where it refuses we refuse, naming the file. The one exception,
 * asserted as such: DSA keys in OpenSSH's own format, which we refuse (sshj does not read them, and OpenSSH no
 * longer offers DSA keys by default). A sample of them logs in to OpenSSH's sshd, with the key and with a
 * certificate beside it.
 */
class KeyFilesOracleTest {

    private static final String ASCII = "open sesame 17";
    /** Non-ASCII, with a character outside the BMP: UTF-8 bytes to the tools, UTF-16 to PKCS#12. */
    private static final String NON_ASCII = "pässwörd €\uD83D\uDD11 ñ";

    @TempDir
    static Path dir;

    /** name -> passphrase kind ("" none, "ascii", "utf8"), for every file the tools wrote. */
    private static final Map<String, String> files = new LinkedHashMap<>();
    /** name -> ssh-keygen -y's public key ("type base64"), or its refusal prefixed with "REFUSED: ". */
    private static final Map<String, String> openSsh = new LinkedHashMap<>();

    private static long generationMillis;

    @BeforeAll
    static void generate() throws Exception {
        long started = System.nanoTime();
        OpenSshServer.requireInstalled();
        if (!Files.isExecutable(Path.of("/usr/bin/openssl"))) {
            throw new IllegalStateException(
                    "/usr/bin/openssl not found: install openssl (run .ci/setup-ssh.sh as root)");
        }
        Files.write(dir.resolve("pw-ascii"), ASCII.getBytes(StandardCharsets.UTF_8));
        Files.write(dir.resolve("pw-utf8"), NON_ASCII.getBytes(StandardCharsets.UTF_8));
        Files.write(dir.resolve("pw-empty"), new byte[0]);
        List<String[]> recipes = recipes();
        StringBuilder script = new StringBuilder("set -u\ncd '" + dir + "'\numask 077\n" + BASE_KEYS);
        for (String[] r : recipes) {
            // each recipe writes the file named r[0]; it counts only if the tool succeeded
            script.append("if ( ")
                    .append(r[2])
                    .append(" ) >/dev/null 2>&1 && [ -e '")
                    .append(r[0])
                    .append("' ]; then echo '")
                    .append(r[0])
                    .append(' ')
                    .append(r[1])
                    .append("' >> made.txt; else rm -f '")
                    .append(r[0])
                    .append("'; fi\n");
        }
        // then ask OpenSSH for the public key of each, with its passphrase (or none)
        script.append("""
                chmod 600 f-* 2>/dev/null
                while read -r name kind; do
                  case "$kind" in
                    ascii) pw="$(cat pw-ascii)" ;;
                    utf8) pw="$(cat pw-utf8)" ;;
                    *) pw="" ;;
                  esac
                  if ssh-keygen -y -P "$pw" -f "$name" > "$name.ssh" 2> "$name.err"; then :; else echo "REFUSED: $(head -c 200 "$name.err")" > "$name.ssh"; fi
                done < made.txt
                """);
        run(script.toString(), 300);
        for (String line : Files.readAllLines(dir.resolve("made.txt"))) {
            String[] f = line.split(" ");
            files.put(f[0], f.length > 1 ? f[1] : "");
            String[] pub = Files.readString(dir.resolve(f[0] + ".ssh")).trim().split(" ");
            openSsh.put(
                    f[0],
                    pub[0].equals("REFUSED:")
                            ? Files.readString(dir.resolve(f[0] + ".ssh")).trim()
                            : pub[0] + " " + pub[1]);
        }
        generationMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }

    private static final String BASE_KEYS = """
            openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out base-rsa 2>/dev/null
            for c in 256 384 521; do openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-$c -pkeyopt ec_param_enc:named_curve -out base-ec$c; done
            openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024 -out dsaparam 2>/dev/null
            openssl genpkey -paramfile dsaparam -out base-dsa
            ssh-keygen -q -t rsa -b 2048 -N '' -C '' -f ssh-rsa
            for c in 256 384 521; do ssh-keygen -q -t ecdsa -b $c -N '' -C '' -f ssh-ec$c; done
            ssh-keygen -q -t ed25519 -N '' -C '' -f ssh-ed25519
            ssh-keygen -q -t dsa -N '' -C '' -f ssh-dsa
            """;

    /**
     * With {@code -Drb.keyFilesMatrix=full}, every cipher of each list for every key; by default every third cipher
     * of the long lists (each scheme, mode family, key type and passphrase kind still present), which keeps the
     * test command's run short.
     */
    private static final boolean FULL = "full".equals(System.getProperty("rb.keyFilesMatrix"));

    private static String[] sample(String[] values) {
        if (FULL) {
            return values;
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (i % 3 == 0
                    || values[i].contains("cfb1")
                    || values[i].contains("chacha")
                    || values[i].contains("wrap")) {
                kept.add(values[i]);
            }
        }
        return kept.toArray(String[]::new);
    }

    /** Each file: name, passphrase kind, the shell command that writes it. */
    private static List<String[]> recipes() {
        List<String[]> r = new ArrayList<>();
        String[] keys = {"rsa", "ec256", "ec384", "ec521", "dsa"};
        String[] traditional = {
            "aes-128-cbc",
            "aes-192-cbc",
            "aes-256-cbc",
            "aes-128-cfb",
            "aes-192-cfb",
            "aes-256-cfb",
            "aes-128-cfb1",
            "aes-256-cfb1",
            "aes-128-cfb8",
            "aes-256-cfb8",
            "aes-128-ofb",
            "aes-256-ofb",
            "aes-128-ctr",
            "aes-192-ctr",
            "aes-256-ctr",
            "aria-128-cbc",
            "aria-192-cbc",
            "aria-256-cbc",
            "aria-128-cfb",
            "aria-256-cfb1",
            "aria-256-cfb8",
            "aria-128-ofb",
            "aria-256-ctr",
            "camellia-128-cbc",
            "camellia-192-cbc",
            "camellia-256-cbc",
            "camellia-128-cfb",
            "camellia-256-cfb1",
            "camellia-192-cfb8",
            "camellia-256-ofb",
            "camellia-128-ctr",
            "sm4-cbc",
            "sm4-cfb",
            "sm4-ofb",
            "sm4-ctr",
            "des-ede3-cbc",
            "des-ede3-cfb",
            "des-ede3-cfb1",
            "des-ede3-cfb8",
            "des-ede3-ofb",
            "des-ede-cbc",
            "des-ede-cfb",
            "des-ede-ofb",
            "chacha20"
            // not AES-*-WRAP-PAD: its 4-byte IV is shorter than the 8-byte salt OpenSSL's PEM key derivation reads
            // from it, so whether OpenSSH decrypts such a file depends on memory beyond the IV (1 run in 6 here)
        };
        String[] pbes2 = {
            "aes-128-cbc",
            "aes-192-cbc",
            "aes-256-cbc",
            "aes-128-cfb",
            "aes-192-cfb8",
            "aes-256-cfb1",
            "aes-128-ofb",
            "aes-256-ofb",
            "aes-128-ecb",
            "aes-192-ecb",
            "aes-256-ecb",
            "id-aes128-wrap-pad",
            "id-aes192-wrap-pad",
            "id-aes256-wrap-pad",
            "aria-128-cbc",
            "aria-192-cbc",
            "aria-256-cbc",
            "aria-128-cfb",
            "aria-192-ofb",
            "aria-256-ctr",
            "aria-128-ecb",
            "aria-192-ecb",
            "aria-256-ecb",
            "aria-128-ctr",
            "aria-192-ctr",
            "camellia-128-cbc",
            "camellia-192-cbc",
            "camellia-256-cbc",
            "camellia-128-cfb",
            "camellia-192-cfb",
            "camellia-256-ofb",
            "camellia-128-ctr",
            "camellia-256-ctr",
            "camellia-128-ecb",
            "camellia-256-ecb",
            "sm4-cbc",
            "sm4-cfb",
            "sm4-ofb",
            "sm4-ctr",
            "sm4-ecb",
            "des-ede3-cbc",
            "des-ede",
            "des-ede-ecb"
        };
        String[] prfs = {
            "hmacWithSHA1",
            "hmacWithSHA224",
            "hmacWithSHA256",
            "hmacWithSHA384",
            "hmacWithSHA512",
            "hmacWithSHA512-224",
            "hmacWithSHA512-256",
            "hmacWithMD5"
        };
        for (String k : keys) {
            r.add(recipe("f-openssl-pkcs8-" + k, "", "cp base-" + k + " f-openssl-pkcs8-" + k));
            r.add(recipe(
                    "f-openssl-traditional-" + k,
                    "",
                    "openssl pkey -in base-" + k + " -traditional -out f-openssl-traditional-" + k));
            for (String c :
                    k.equals("ec256") ? traditional : new String[] {"aes-256-cbc", "des-ede3-cbc", "chacha20"}) {
                String name = "f-openssl-traditional-" + c + "-" + k;
                r.add(recipe(
                        name,
                        "ascii",
                        "openssl pkey -in base-" + k + " -traditional -" + c + " -passout file:pw-ascii -out " + name));
            }
            for (String c :
                    k.equals("ec256") ? sample(pbes2) : new String[] {"aes-256-cbc", "des-ede3-cbc", "aria-128-ctr"}) {
                String name = "f-openssl-pbes2-" + c + "-" + k;
                r.add(recipe(
                        name,
                        "ascii",
                        "openssl pkcs8 -topk8 -in base-" + k + " -v2 " + c + " -passout file:pw-ascii -out " + name));
            }
            for (String v1 : new String[] {"PBE-SHA1-3DES", "PBE-SHA1-2DES"}) {
                String name = "f-openssl-pbes1-" + v1 + "-" + k;
                r.add(recipe(
                        name,
                        "ascii",
                        "openssl pkcs8 -topk8 -in base-" + k + " -v1 " + v1 + " -passout file:pw-ascii -out " + name));
            }
            if (FULL || k.equals("ec256") || k.equals("rsa")) {
                r.add(recipe(
                        "f-openssl-scrypt-" + k,
                        "ascii",
                        "openssl pkcs8 -topk8 -in base-" + k + " -scrypt -passout file:pw-ascii -out f-openssl-scrypt-"
                                + k));
            }
        }
        for (String prf : prfs) {
            for (String k : FULL ? new String[] {"ec256", "rsa"} : new String[] {"ec256"}) {
                String name = "f-openssl-pbes2-prf-" + prf + "-" + k;
                r.add(recipe(
                        name,
                        "ascii",
                        "openssl pkcs8 -topk8 -in base-" + k + " -v2 aes-256-cbc -v2prf " + prf
                                + " -passout file:pw-ascii -out " + name));
            }
        }
        // the legacy provider's ciphers, which OpenSSH does not load: written, and refused by both
        for (String v1 : new String[] {"PBE-SHA1-RC2-40", "PBE-SHA1-RC4-128", "PBE-MD5-DES", "PBE-SHA1-DES"}) {
            String name = "f-openssl-legacy-" + v1;
            r.add(recipe(
                    name,
                    "ascii",
                    "openssl pkcs8 -topk8 -provider legacy -provider default -in base-ec256 -v1 " + v1
                            + " -passout file:pw-ascii -out " + name));
        }
        for (String c : new String[] {"bf-cbc", "des-cbc", "seed-cbc", "cast5-cbc"}) {
            String name = "f-openssl-legacy-pbes2-" + c;
            r.add(recipe(
                    name,
                    "ascii",
                    "openssl pkcs8 -topk8 -provider legacy -provider default -in base-ec256 -v2 " + c
                            + " -passout file:pw-ascii -out " + name));
            String trad = "f-openssl-legacy-traditional-" + c;
            r.add(recipe(
                    trad,
                    "ascii",
                    "openssl pkey -provider legacy -provider default -in base-ec256 -traditional -" + c
                            + " -passout file:pw-ascii -out " + trad));
        }
        // non-ASCII passphrases, every scheme
        for (String k : new String[] {"ec256", "rsa"}) {
            for (String c : new String[] {"aes-256-cbc", "chacha20", "camellia-128-cfb1"}) {
                String name = "f-utf8-traditional-" + c + "-" + k;
                r.add(recipe(
                        name,
                        "utf8",
                        "openssl pkey -in base-" + k + " -traditional -" + c + " -passout file:pw-utf8 -out " + name));
            }
            r.add(recipe(
                    "f-utf8-pbes2-" + k,
                    "utf8",
                    "openssl pkcs8 -topk8 -in base-" + k + " -v2 aes-256-cbc -passout file:pw-utf8 -out f-utf8-pbes2-"
                            + k));
            r.add(recipe(
                    "f-utf8-scrypt-" + k,
                    "utf8",
                    "openssl pkcs8 -topk8 -in base-" + k + " -scrypt -passout file:pw-utf8 -out f-utf8-scrypt-" + k));
            for (String v1 : new String[] {"PBE-SHA1-3DES", "PBE-SHA1-2DES"}) {
                r.add(recipe(
                        "f-utf8-pbes1-" + v1 + "-" + k,
                        "utf8",
                        "openssl pkcs8 -topk8 -in base-" + k + " -v1 " + v1
                                + " -passout file:pw-utf8 -out f-utf8-pbes1-" + v1 + "-" + k));
            }
        }
        // an empty passphrase: ssh tries one before it asks
        r.add(recipe(
                "f-empty-pbes2",
                "",
                "openssl pkcs8 -topk8 -in base-ec256 -v2 aes-256-cbc -passout file:pw-empty -out f-empty-pbes2"));
        r.add(recipe(
                "f-empty-pbes1",
                "",
                "openssl pkcs8 -topk8 -in base-ec256 -v1 PBE-SHA1-3DES -passout file:pw-empty -out f-empty-pbes1"));
        r.add(
                recipe(
                        "f-empty-traditional",
                        "",
                        "openssl pkey -in base-ec256 -traditional -aes-256-cbc -passout file:pw-empty -out f-empty-traditional"));
        // ssh-keygen: its own format with every cipher it writes, PEM and PKCS#8
        String[] sshKeys = {"rsa", "ec256", "ec384", "ec521", "ed25519", "dsa"};
        String[] sshCiphers = {
            "aes256-ctr",
            "aes192-ctr",
            "aes128-ctr",
            "aes128-cbc",
            "aes192-cbc",
            "aes256-cbc",
            "3des-cbc",
            "aes128-gcm@openssh.com",
            "aes256-gcm@openssh.com",
            "chacha20-poly1305@openssh.com"
        };
        for (String k : sshKeys) {
            r.add(recipe("f-ssh-openssh-" + k, "", "cp ssh-" + k + " f-ssh-openssh-" + k));
            for (String c :
                    k.equals("ed25519") || (FULL && k.equals("ec256")) ? sshCiphers : new String[] {"aes256-ctr"}) {
                String name = "f-ssh-openssh-" + c.replace('@', '_') + "-" + k;
                r.add(recipe(
                        name,
                        "ascii",
                        "cp ssh-" + k + " " + name + " && ssh-keygen -q -p -a 2 -Z " + c
                                + " -P '' -N \"$(cat pw-ascii)\" -f " + name));
            }
            for (String m : new String[] {"PEM", "PKCS8"}) {
                String plain = "f-ssh-" + m + "-" + k;
                r.add(recipe(
                        plain,
                        "",
                        "cp ssh-" + k + " " + plain + " && ssh-keygen -q -p -a 2 -m " + m + " -P '' -N '' -f "
                                + plain));
                String enc = "f-ssh-" + m + "-encrypted-" + k;
                r.add(recipe(
                        enc,
                        "ascii",
                        "cp ssh-" + k + " " + enc + " && ssh-keygen -q -p -a 2 -m " + m
                                + " -P '' -N \"$(cat pw-ascii)\" -f " + enc));
                String utf8 = "f-ssh-" + m + "-utf8-" + k;
                r.add(recipe(
                        utf8,
                        "utf8",
                        "cp ssh-" + k + " " + utf8 + " && ssh-keygen -q -p -a 2 -m " + m
                                + " -P '' -N \"$(cat pw-utf8)\" -f " + utf8));
            }
            r.add(recipe(
                    "f-ssh-openssh-utf8-" + k,
                    "utf8",
                    "cp ssh-" + k + " f-ssh-openssh-utf8-" + k
                            + " && ssh-keygen -q -p -a 2 -P '' -N \"$(cat pw-utf8)\" -f f-ssh-openssh-utf8-" + k));
        }
        r.add(recipe(
                "f-ssh-openssh-default-rounds-ed25519",
                "ascii",
                "cp ssh-ed25519 f-ssh-openssh-default-rounds-ed25519"
                        + " && ssh-keygen -q -p -P '' -N \"$(cat pw-ascii)\" -f f-ssh-openssh-default-rounds-ed25519"));
        // layouts around the key: other PEM blocks, text, two keys, explicit curve parameters
        r.add(recipe(
                "f-ecparam-with-parameters",
                "",
                "openssl ecparam -genkey -name prime256v1 -out f-ecparam-with-parameters"));
        r.add(recipe(
                "f-ec-explicit-parameters",
                "",
                "openssl ec -in base-ec256 -param_enc explicit -out f-ec-explicit-parameters"));
        r.add(recipe(
                "f-pkcs8-explicit-parameters",
                "",
                "openssl pkcs8 -topk8 -nocrypt -in f-ec-explicit-parameters -out f-pkcs8-explicit-parameters"));
        r.add(recipe("f-dsa-with-parameters", "", "cat dsaparam f-openssl-traditional-dsa > f-dsa-with-parameters"));
        r.add(
                recipe(
                        "f-bag-attributes",
                        "",
                        "printf 'Bag Attributes\\n    localKeyID: 01 02\\nsubject=/CN=x\\n' > f-bag-attributes && cat base-ec256 >> f-bag-attributes"));
        r.add(recipe("f-two-keys-rsa-first", "", "cat f-openssl-traditional-rsa base-ec256 > f-two-keys-rsa-first"));
        r.add(recipe("f-two-keys-ec-first", "", "cat base-ec256 f-openssl-traditional-rsa > f-two-keys-ec-first"));
        r.add(recipe("f-crlf", "", "sed 's/$/\\r/' base-ec256 > f-crlf"));
        r.add(recipe("f-openssh-crlf", "", "sed 's/$/\\r/' ssh-ed25519 > f-openssh-crlf"));
        // files OpenSSH refuses
        r.add(recipe("f-ed25519-pkcs8", "", "openssl genpkey -algorithm ed25519 -out f-ed25519-pkcs8"));
        r.add(
                recipe(
                        "f-ed25519-pkcs8-encrypted",
                        "ascii",
                        "openssl pkcs8 -topk8 -in f-ed25519-pkcs8 -v2 aes-256-cbc -passout file:pw-ascii -out f-ed25519-pkcs8-encrypted"));
        r.add(recipe("f-ed448", "", "openssl genpkey -algorithm ed448 -out f-ed448"));
        r.add(recipe("f-x25519", "", "openssl genpkey -algorithm x25519 -out f-x25519"));
        r.add(recipe("f-secp256k1", "", "openssl ecparam -genkey -noout -name secp256k1 -out f-secp256k1"));
        r.add(recipe(
                "f-brainpool",
                "",
                "openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:brainpoolP256r1 -out f-brainpool"));
        r.add(recipe("f-rsa-512", "", "openssl genrsa -traditional -out f-rsa-512 512"));
        r.add(recipe("f-rsa-1024", "", "openssl genrsa -traditional -out f-rsa-1024 1024"));
        r.add(recipe(
                "f-rsa-pss", "", "openssl genpkey -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:2048 -out f-rsa-pss"));
        r.add(recipe("f-empty", "", ": > f-empty"));
        r.add(recipe("f-garbage", "", "head -c 3000 /dev/urandom > f-garbage"));
        r.add(recipe("f-text", "", "echo 'not a key' > f-text"));
        r.add(recipe("f-public-key", "", "cp ssh-ed25519.pub f-public-key"));
        r.add(recipe("f-truncated-pem", "", "head -c 150 base-ec256 > f-truncated-pem"));
        r.add(recipe("f-truncated-openssh", "", "head -c 300 ssh-ed25519 > f-truncated-openssh"));
        r.add(recipe("f-pem-bad-base64", "", "sed '2s/^./!/' base-ec256 > f-pem-bad-base64"));
        r.add(recipe("f-pem-no-end", "", "grep -v END base-ec256 > f-pem-no-end"));
        r.add(recipe(
                "f-mislabelled",
                "",
                "sed 's/ EC PRIVATE KEY/ PRIVATE KEY/' f-openssl-traditional-ec256 > f-mislabelled"));
        r.add(recipe(
                "f-encrypted-without-dek-info",
                "ascii",
                "grep -v DEK-Info f-openssl-traditional-aes-256-cbc-ec256 > f-encrypted-without-dek-info"));
        r.add(recipe(
                "f-unknown-dek-cipher",
                "ascii",
                "sed 's/AES-256-CBC/FOO-256-CBC/' f-openssl-traditional-aes-256-cbc-ec256 > f-unknown-dek-cipher"));
        return r;
    }

    private static String[] recipe(String name, String passphrase, String command) {
        return new String[] {name, passphrase.isEmpty() ? "none" : passphrase, command};
    }

    /**
     * Every file: OpenSSH's public key equals ours, or both refuse (ours a {@link KeyFileException} naming the file);
     * an encrypted file we read is refused without and with a wrong passphrase.
     */
    @Test
    void readsEveryKeyFileOpenSshReadsAndRefusesTheOthers() throws Exception {
        long started = System.nanoTime();
        List<String> differences = new ArrayList<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        StringBuilder table = new StringBuilder();
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path path = dir.resolve(f.getKey());
            char[] passphrase = passphrase(f.getValue());
            String ours = ours(path, passphrase);
            String theirs = openSsh.get(f.getKey());
            boolean agree = theirs.startsWith("REFUSED") ? ours.startsWith("REFUSED") : theirs.equals(ours);
            if (f.getKey().startsWith("f-ssh-openssh-") && f.getKey().endsWith("-dsa")) {
                // the one kind we refuse on purpose: DSA in OpenSSH's format (PEM DSA is read)
                agree = ours.startsWith("REFUSED") && ours.contains("a DSA key in OpenSSH's format");
            }
            outcomes.merge(theirs.startsWith("REFUSED") ? "refused" : theirs.split(" ")[0], 1, Integer::sum);
            table.append(String.format("%-60s ssh: %-40.40s ours: %.60s%n", f.getKey(), theirs, ours));
            if (!agree) {
                differences.add(f.getKey() + ": ssh " + theirs + ", ours " + ours);
            }
            // a wrong and no passphrase for each encrypted file, bar the slow KDFs' (scrypt, bcrypt's 16 rounds) but
            // one
            boolean slow = (f.getKey().contains("scrypt") && !f.getKey().equals("f-openssl-scrypt-ec256"))
                    || f.getKey().contains("default-rounds");
            if (passphrase != null && !theirs.startsWith("REFUSED") && !slow) {
                String wrong = ours(path, "not the passphrase".toCharArray());
                String none = ours(path, null);
                if (!wrong.startsWith("REFUSED") || !wrong.contains("wrong passphrase")) {
                    differences.add(f.getKey() + ": a wrong passphrase gave " + wrong);
                }
                if (!none.startsWith("REFUSED") || !none.contains("no passphrase")) {
                    differences.add(f.getKey() + ": no passphrase gave " + none);
                }
            }
        }
        long ourMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertEquals(List.of(), differences, differences.size() + " differences\n" + table);
        assertTrue(files.size() >= (FULL ? 250 : 150), "files: " + files.size());
        assertTrue(outcomes.getOrDefault("refused", 0) >= 20 && outcomes.size() >= 6, outcomes::toString);
        System.out.println("key files differential: " + files.size() + " files, OpenSSH: " + outcomes
                + "; written and asked of ssh-keygen in " + generationMillis + " ms, read by us in " + ourMillis
                + " ms");
    }

    /** Key files larger than 1 MiB are refused, naming the file; /dev/zero too, without reading it all. */
    @Test
    void aKeyFileOverOneMebibyteIsRefusedNamingTheFile() throws Exception {
        Path big = dir.resolve("big-key");
        byte[] key = Files.readAllBytes(dir.resolve("f-openssl-traditional-ec256"));
        byte[] padded = new byte[1024 * 1024 + 1];
        System.arraycopy(key, 0, padded, 0, key.length);
        java.util.Arrays.fill(padded, key.length, padded.length, (byte) '\n');
        Files.write(big, padded);
        assertTrue(ours(big, null).contains("larger than 1 MiB"), ours(big, null));
        Files.write(big, java.util.Arrays.copyOf(padded, padded.length - 1));
        assertEquals(openSsh.get("f-openssl-traditional-ec256"), ours(big, null), "exactly 1 MiB is read");
        String zero = ours(Path.of("/dev/zero"), null);
        assertTrue(zero.contains("/dev/zero") && zero.contains("larger than 1 MiB"), zero);
        String directory = ours(dir, null);
        assertTrue(directory.contains(dir.toString()) && directory.contains("cannot be read"), directory);
    }

    /**
     * A sample of formats logs in to sshd: with the key authorised, and with only a certificate of it (signed by a
     * CA sshd trusts) in {@code <file>-cert.pub}, whatever the key file's format.
     */
    @Test
    void aSampleOfFormatsLogsInWithTheKeyAndWithACertificateBesideIt() throws Exception {
        Path ca = dir.resolve("user-ca");
        run("ssh-keygen -q -t ed25519 -N '' -C '' -f '" + ca + "'", 30);
        String[] sample = {
            "f-ssh-openssh-aes256-ctr-ed25519",
            "f-ssh-openssh-chacha20-poly1305_openssh.com-ed25519",
            "f-ssh-openssh-utf8-rsa",
            "f-openssl-traditional-aes-256-cbc-rsa",
            "f-openssl-traditional-chacha20-ec384",
            "f-openssl-pbes2-aes-256-cbc-ec521",
            "f-openssl-pbes1-PBE-SHA1-3DES-ec256",
            "f-utf8-scrypt-ec256",
            "f-utf8-pbes1-PBE-SHA1-2DES-rsa",
            "f-ssh-PKCS8-utf8-ec256",
            "f-openssl-pkcs8-rsa"
        };
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        try (OpenSshServer sshd = OpenSshServer.builder()
                .extraConfig("TrustedUserCAKeys " + ca + ".pub")
                // sshj signs an RSA certificate only as ssh-rsa-cert-v01 (SHA-1), which sshd no longer takes unasked
                .extraConfig("PubkeyAcceptedAlgorithms +ssh-rsa-cert-v01@openssh.com")
                .start()) {
            for (String name : sample) {
                Path key = dir.resolve(name);
                char[] passphrase = passphrase(files.get(name));
                String pub = openSsh.get(name);
                assertTrue(!pub.startsWith("REFUSED"), name + ": " + pub);
                // a certificate only: the key itself is not authorised yet
                Path copy = dir.resolve("login-" + name);
                Files.copy(key, copy);
                Files.writeString(Path.of(copy + ".pub"), pub + "\n");
                run("ssh-keygen -q -s '" + ca + "' -I rb-login -n " + sshd.user() + " '" + copy + ".pub'", 30);
                assertEquals("ok\n", login(sshd, copy, passphrase, pool), name + " with its certificate");
                // the key itself
                sshd.authorize(pub);
                assertEquals("ok\n", login(sshd, key, passphrase, pool), name);
            }
            sshd.awaitNoSessionProcesses(java.time.Duration.ofSeconds(5));
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    private static String login(OpenSshServer sshd, Path key, char[] passphrase, BufferPool pool) throws IOException {
        SshCredentials credentials = passphrase == null
                ? SshCredentials.privateKey(sshd.user(), key)
                : SshCredentials.privateKey(sshd.user(), key, passphrase);
        try (SshRunner ssh = SshRunner.builder(sshd.host())
                        .port(sshd.port())
                        .credentials(credentials)
                        .hostKeys(sshd.hostKeys())
                        .pool(pool)
                        .connect();
                CommandResult r = ssh.run("echo ok", CommandOptions.defaults())) {
            return r.stdoutText();
        }
    }

    /** Our reading of a file: the public key as {@code "type base64"}, or "REFUSED: " and the message. */
    private static String ours(Path path, char[] passphrase) {
        try {
            KeyPair pair = new PrivateKeyFile(path, passphrase).keyPair();
            byte[] blob = HostKeys.blob(pair.getPublic());
            return KnownHostsLayouts.blobType(blob) + " " + Base64.getEncoder().encodeToString(blob);
        } catch (KeyFileException e) {
            if (!e.getMessage().contains(path.toString())) {
                return "UNNAMED: " + e.getMessage();
            }
            return "REFUSED: " + e.getMessage();
        } catch (RuntimeException | Error e) {
            return "THREW: " + e;
        }
    }

    private static char[] passphrase(String kind) {
        return switch (kind) {
            case "ascii" -> ASCII.toCharArray();
            case "utf8" -> NON_ASCII.toCharArray();
            default -> null;
        };
    }

    private static void run(String script, int timeoutSeconds) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", script)
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + out);
        }
        if (p.exitValue() != 0) {
            throw new AssertionError("exit " + p.exitValue() + ": " + out);
        }
    }
}
