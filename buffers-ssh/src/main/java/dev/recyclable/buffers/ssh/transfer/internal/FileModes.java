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
package dev.recyclable.buffers.ssh.transfer.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Permission bits ({@code rwx} for user, group and others, {@code 0} to {@code 0777}) as the transfers carry them
 * between the two sides: read from a local file or from a remote {@code ls -l}, and turned into what
 * {@code java.nio.file} sets. Set-user-ID, set-group-ID and sticky bits are never carried, as scp does not carry
 * them either.
 */
public final class FileModes {

    /** What a new file gets (before the umask) when its source has no mode: a stream, a command's output. */
    public static final int NEW_FILE_DEFAULT = 0666;
    /** The mode of a source that has none. */
    public static final int UNKNOWN = -1;

    /** {@link PosixFilePermission}'s constants in the order of the bits, from {@code 0400} down to {@code 0001}. */
    private static final PosixFilePermission[] BY_BIT = PosixFilePermission.values();

    private FileModes() {}

    /** Whether {@code path}'s file system has POSIX permissions (not Windows, not every mounted file system). */
    public static boolean supported(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** The permission bits of the file {@code path} (following links), or {@link #UNKNOWN} without POSIX modes. */
    public static int of(Path path) throws IOException {
        return supported(path) ? bits(Files.getPosixFilePermissions(path)) : UNKNOWN;
    }

    /**
     * The permission bits of a mode as {@code ls -l} shows it ({@code -rw-r-----}, maybe followed by an ACL or
     * security-context mark), or {@link #UNKNOWN} if {@code shown} is not one.
     */
    public static int fromLs(String shown) {
        if (shown == null || shown.length() < 10) {
            return UNKNOWN;
        }
        int bits = 0;
        for (int i = 0; i < 9; i++) {
            char c = shown.charAt(1 + i);
            char granted = "rwx".charAt(i % 3);
            if (c == granted || (i % 3 == 2 && (c == 's' || c == 't'))) {
                bits |= 0400 >> i;
            } else if (c != '-' && !(i % 3 == 2 && (c == 'S' || c == 'T'))) {
                return UNKNOWN;
            }
        }
        return bits;
    }

    public static Set<PosixFilePermission> permissions(int bits) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        for (int i = 0; i < 9; i++) {
            if ((bits & (0400 >> i)) != 0) {
                set.add(BY_BIT[i]);
            }
        }
        return set;
    }

    public static int bits(Set<PosixFilePermission> permissions) {
        int bits = 0;
        for (PosixFilePermission p : permissions) {
            bits |= 0400 >> p.ordinal();
        }
        return bits;
    }
}
