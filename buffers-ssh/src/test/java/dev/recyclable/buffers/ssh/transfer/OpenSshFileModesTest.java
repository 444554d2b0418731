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
package dev.recyclable.buffers.ssh.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.ssh.CommandOptions;
import dev.recyclable.buffers.ssh.CommandResult;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.RunnerPerTest;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The permission bits a transfer leaves on its target, with OpenSSH's {@code scp} as the oracle: for generated pairs
 * of a source mode and an existing target's mode (or no target), both ways, the file we write must end with the
 * mode {@code scp -O} gives it (a replaced file keeps its mode; a new one gets the source's minus the receiving
 * side's umask). The legacy SCP protocol is the reference because it applies that rule both ways; in its SFTP mode
 * scp also adds owner write to a new downloaded file.
 */
class OpenSshFileModesTest {

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    @RegisterExtension
    final RunnerPerTest connection = RunnerPerTest.on(SERVER);

    private static final int CASES = 120;

    @RegisterExtension
    final SharedDirPerTest files = new SharedDirPerTest();

    private Path dir;
    private SshTransfer transfer;

    @BeforeEach
    void setUp() {
        dir = files.dir();
        transfer = SshTransfer.over(connection.ssh());
    }

    /** A source mode and the mode of the file already under the target name ({@code -1}: none). */
    private record Case(int source, int existing) {}

    @Test
    void aReplacedFileKeepsItsModeBothWays() throws Exception {
        // the plain case: a private file replaced by a world-readable one stays private
        Path local = Files.writeString(dir.resolve("local"), "old local");
        Files.setPosixFilePermissions(local, mode(0600));
        Path remoteSource = remoteFile("remote-source", "new content", 0644);
        transfer.download(RemoteSource.file(remoteSource.toString()), local);
        assertEquals("new content", Files.readString(local));
        assertEquals(mode(0600), Files.getPosixFilePermissions(local), "download over a 600 file");

        Path remote = remoteFile("remote", "old remote", 0600);
        Path localSource = Files.writeString(dir.resolve("local-source"), "uploaded");
        Files.setPosixFilePermissions(localSource, mode(0644));
        transfer.upload(localSource, RemoteTarget.file(remote.toString()));
        assertEquals("uploaded", Files.readString(remote));
        assertEquals(mode(0600), Files.getPosixFilePermissions(remote), "upload over a 600 file");
    }

    /**
     * A source without a mode (a stream, a pooled stream, a command's output) makes a new file as any program does:
     * {@code 0666} minus the umask, as a file the shell creates with a redirection (remote) or Java creates
     * (local) gets it.
     */
    @Test
    void aNewFileFromASourceWithoutAModeGetsWhatAnyNewFileGets() throws Exception {
        Path byShell = dir.resolve("by-shell");
        runAsLoginUser(new StringBuilder(": > '" + byShell + "'\n"));
        Path fromStream = dir.resolve("from-stream");
        transfer.upload(new ByteArrayInputStream(new byte[] {1, 2, 3}), 3, RemoteTarget.file(fromStream.toString()));
        assertEquals(Files.getPosixFilePermissions(byShell), Files.getPosixFilePermissions(fromStream));
        Path fromPooled = dir.resolve("from-pooled");
        try (RecyclableOutputStream content = connection.pool().newStream()) {
            content.write(new byte[] {4, 5});
            transfer.upload(content, RemoteTarget.file(fromPooled.toString()));
        }
        assertEquals(Files.getPosixFilePermissions(byShell), Files.getPosixFilePermissions(fromPooled));

        Path byJava = Files.createFile(dir.resolve("by-java"));
        Path fromCommand = dir.resolve("from-command");
        transfer.download(RemoteSource.commandOutput("echo hello"), fromCommand);
        assertEquals("hello\n", Files.readString(fromCommand));
        assertEquals(Files.getPosixFilePermissions(byJava), Files.getPosixFilePermissions(fromCommand));
    }

    @Test
    void modesMatchScpForGeneratedSourcesAndTargets() throws Exception {
        List<Case> cases = cases();

        // uploads: local sources; remote targets made by the login user, so that scp may write them in place
        Path sources = directory("up-sources");
        Path viaScp = directory("up-scp");
        Path viaUs = directory("up-us");
        StringBuilder script = new StringBuilder("set -e\n");
        List<String> scpArgs = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Path source = Files.writeString(sources.resolve("f" + i), "content " + i);
            Files.setPosixFilePermissions(source, mode(c.source()));
            scpArgs.add(source.toString());
            if (c.existing() >= 0) {
                for (Path d : List.of(viaScp, viaUs)) {
                    script.append(existing(d.resolve("f" + i), c.existing()));
                }
            }
        }
        runAsLoginUser(script);
        scpArgs.add(login() + viaScp + "/");
        scp(scpArgs);
        for (int i = 0; i < cases.size(); i++) {
            transfer.upload(
                    sources.resolve("f" + i),
                    RemoteTarget.file(viaUs.resolve("f" + i).toString()));
        }
        compare("upload", cases, viaScp, viaUs);

        // downloads: remote sources made by the login user (readable by it); local targets made by us
        Path remoteSources = directory("down-sources");
        Path toScp = directory("down-scp");
        Path toUs = directory("down-us");
        script = new StringBuilder("set -e\n");
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Path source = remoteSources.resolve("f" + i);
            script.append("printf 'content ")
                    .append(i)
                    .append("' > '")
                    .append(source)
                    .append("'; chmod ")
                    .append(Integer.toOctalString(c.source() | 0400))
                    .append(" '")
                    .append(source)
                    .append("'\n");
            if (c.existing() >= 0) {
                for (Path d : List.of(toScp, toUs)) {
                    Path target = Files.writeString(d.resolve("f" + i), "old");
                    Files.setPosixFilePermissions(target, mode(c.existing()));
                }
            }
        }
        runAsLoginUser(script);
        scp(List.of(login() + remoteSources + "/*", toScp + "/"));
        for (int i = 0; i < cases.size(); i++) {
            transfer.download(RemoteSource.file(remoteSources.resolve("f" + i).toString()), toUs.resolve("f" + i));
        }
        compare("download", cases, toScp, toUs);
    }

    // ------------------------------------------------------------------ helpers

    /** Generated pairs, plus the plain ones: private over public and back, new files of common modes. */
    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>(List.of(
                new Case(0644, 0600),
                new Case(0600, 0644),
                new Case(0755, 0700),
                new Case(0644, -1),
                new Case(0600, -1),
                new Case(0755, -1),
                new Case(0666, -1),
                new Case(0777, -1),
                new Case(0444, -1),
                new Case(0400, 0666)));
        SplittableRandom random = new SplittableRandom(39);
        while (cases.size() < CASES) {
            // the owner can read a source (the login user reads the remote ones) and write an existing target (scp
            // writes it in place)
            int source = random.nextInt(01000) | 0400;
            int existing = random.nextInt(3) == 0 ? -1 : random.nextInt(01000) | 0200;
            cases.add(new Case(source, existing));
        }
        return cases;
    }

    private static void compare(String direction, List<Case> cases, Path byScp, Path byUs) throws IOException {
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            String what = direction + " of a " + Integer.toOctalString(c.source()) + " file "
                    + (c.existing() < 0 ? "to a new name" : "over a " + Integer.toOctalString(c.existing()) + " file");
            Path expected = byScp.resolve("f" + i);
            Path actual = byUs.resolve("f" + i);
            assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(actual), what);
            assertEquals(
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(expected)),
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(actual)),
                    what);
        }
        assertEquals(List.of(), partFilesIn(byUs), direction + ": no part files left");
    }

    private static List<String> partFilesIn(Path d) throws IOException {
        return TestFiles.othersIn(d).stream().filter(n -> n.contains(".part-")).toList();
    }

    /** A file the login user owns, with {@code content} and {@code mode}. */
    private Path remoteFile(String name, String content, int mode) throws IOException {
        Path file = dir.resolve(name);
        runAsLoginUser(new StringBuilder("set -e\nprintf '" + content + "' > '" + file + "'\nchmod "
                + Integer.toOctalString(mode) + " '" + file + "'\n"));
        return file;
    }

    private static String existing(Path file, int mode) {
        return "printf old > '" + file + "'; chmod " + Integer.toOctalString(mode) + " '" + file + "'\n";
    }

    private Path directory(String name) throws IOException {
        Path d = Files.createDirectory(dir.resolve(name));
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxrwxrwx"));
        return d;
    }

    private void runAsLoginUser(StringBuilder script) throws IOException {
        Path file = Files.createTempFile(dir, "setup-", ".sh");
        Files.writeString(file, script);
        Files.setPosixFilePermissions(file, mode(0644));
        try (CommandResult r = connection.ssh().run("sh '" + file + "'", CommandOptions.defaults())) {
            assertEquals(Integer.valueOf(0), r.exitStatus(), r.stderrText());
        } finally {
            Files.delete(file);
        }
    }

    private static String login() {
        return SERVER.get().user() + "@" + SERVER.get().host() + ":";
    }

    private static void scp(List<String> args) throws IOException, InterruptedException {
        OpenSshServer sshd = SERVER.get();
        List<String> command = new ArrayList<>(List.of(
                "scp",
                "-O",
                "-q",
                "-B",
                "-P",
                Integer.toString(sshd.port()),
                "-i",
                sshd.clientKey().toString(),
                "-o",
                "UserKnownHostsFile=" + sshd.knownHosts(),
                "-o",
                "StrictHostKeyChecking=yes",
                "-o",
                "LogLevel=ERROR"));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "scp failed: " + out);
    }

    private static Set<PosixFilePermission> mode(int bits) {
        StringBuilder s = new StringBuilder();
        String letters = "rwxrwxrwx";
        for (int i = 0; i < 9; i++) {
            s.append((bits & (0400 >> i)) != 0 ? letters.charAt(i) : '-');
        }
        return PosixFilePermissions.fromString(s.toString());
    }
}
