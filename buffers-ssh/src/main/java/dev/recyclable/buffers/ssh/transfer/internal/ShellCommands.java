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

import java.util.concurrent.ThreadLocalRandom;

/**
 * The POSIX {@code sh} commands behind file transfers. Paths are single-quoted, so no character in them is
 * interpreted by the remote shell; only {@code cat}, {@code wc}, {@code mv}, {@code rm} and {@code printf} are
 * needed on the remote side.
 */
public final class ShellCommands {

    /** Prefix of the stderr line that carries a remote file's size before its bytes follow on stdout. */
    public static final String SIZE_LINE = "rb-transfer-size:";
    /** Exit status of an upload whose received length differs from the announced one. */
    public static final int EXIT_LENGTH_MISMATCH = 86;

    private ShellCommands() {}

    /** {@code 'it'\''s'}: safe for any string without NUL. */
    public static String quote(String s) {
        if (s.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("NUL in remote path");
        }
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /**
     * Prints the file's size on stderr, then streams it on stdout. {@code wc -c} of a regular file takes its
     * size from {@code stat}, not by reading it.
     */
    public static String catFile(String remotePath) {
        return "f=" + quote(remotePath) + "; n=$(wc -c < \"$f\") || exit 66; " + "printf '" + SIZE_LINE
                + "%s\\n' \"$n\" >&2; exec cat < \"$f\"";
    }

    /**
     * Writes stdin to a temporary name next to the target, checks the received length, and only then renames
     * it over the target. The part file is created with noclobber ({@code set -C}: {@code O_EXCL}), so a file or
     * symlink planted under that name in a shared directory is refused, not followed. If the client goes away mid-transfer, {@code cat} sees end of input early, the length
     * check fails and the part file is removed: the target name never holds a partial upload.
     */
    public static String receiveFile(String remotePath, long length) {
        String part = remotePath + ".part-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong());
        return "f=" + quote(remotePath) + "; t=" + quote(part) + "; "
                + "trap 'rm -f -- \"$t\"' EXIT; trap 'exit 1' HUP INT TERM PIPE; "
                + "set -C; cat > \"$t\" || exit 1; "
                + "n=$(wc -c < \"$t\") || exit 1; "
                + "if [ \"$n\" -ne " + length + " ]; then "
                + "echo \"received $n bytes, expected " + length + "\" >&2; exit " + EXIT_LENGTH_MISMATCH + "; fi; "
                + "mv -f -- \"$t\" \"$f\"";
    }
}
