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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/** Test data: pseudo-random files of any size, checksums, and a directory both test servers' users can write. */
final class TestFiles {

    private TestFiles() {}

    /**
     * A directory every user may write: OpenSSH runs the commands as the test user, the embedded server as the
     * JVM's user, and both read and write here.
     */
    static Path sharedDir() throws IOException {
        Path dir = Files.createTempDirectory("rb-transfer-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        return dir;
    }

    static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Writes {@code size} pseudo-random bytes (xorshift, so no period a transfer bug could hide in). */
    static Path randomFile(Path dir, String name, long size, long seed) throws IOException {
        Path file = dir.resolve(name);
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        long x = seed | 1;
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long left = size;
            while (left > 0) {
                block.clear();
                while (block.remaining() >= 8) {
                    x ^= x << 13;
                    x ^= x >>> 7;
                    x ^= x << 17;
                    block.putLong(x);
                }
                block.flip();
                block.limit((int) Math.min(block.limit(), left));
                while (block.hasRemaining()) {
                    left -= out.write(block);
                }
            }
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        return file;
    }

    static byte[] randomBytes(int size, long seed) {
        byte[] b = new byte[size];
        new java.util.SplittableRandom(seed).nextBytes(b);
        return b;
    }

    static long crc(Path file) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer block = ByteBuffer.allocateDirect(1 << 20);
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            while (in.read(block) >= 0) {
                block.flip();
                crc.update(block);
                block.clear();
            }
        }
        return crc.getValue();
    }

    static long crc(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return crc.getValue();
    }

    /** Names in {@code dir} other than {@code expected}: leftovers such as part files. */
    static java.util.List<String> othersIn(Path dir, String... expected) throws IOException {
        java.util.Set<String> allowed = java.util.Set.of(expected);
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString())
                    .filter(n -> !allowed.contains(n))
                    .sorted()
                    .toList();
        }
    }
}
