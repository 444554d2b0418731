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
 * interpreted by the remote shell; only {@code cat}, {@code wc}, {@code ls}, {@code sed}, {@code chmod}, {@code mv},
 * {@code rm} and {@code printf} are needed on the remote side.
 */
public final class ShellCommands {

    /** Prefix of the stderr line that carries a remote file's size before its bytes follow on stdout. */
    public static final String SIZE_LINE = "rb-transfer-size:";
    /** Prefix of the stderr line that carries a remote file's mode as {@code ls -l} shows it. */
    public static final String MODE_LINE = "rb-transfer-mode:";
    /** Exit status of an upload whose received length differs from the announced one. */
    public static final int EXIT_LENGTH_MISMATCH = 86;
    /** Exit status of an upload whose target is a directory (or a link to one). */
    public static final int EXIT_TARGET_IS_DIRECTORY = 87;
    /** Exit status of an upload whose target exists and is not a regular file: a FIFO, a device, a socket. */
    public static final int EXIT_TARGET_NOT_REGULAR = 88;

    private ShellCommands() {}

    /** {@code 'it'\''s'}: safe for any string without NUL. */
    public static String quote(String s) {
        if (s.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("NUL in remote path");
        }
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /**
     * Prints the file's size on stderr (and, with {@code withMode}, its mode as {@code ls -l} shows it), then
     * streams it on stdout. {@code wc -c} of a regular file takes its size from {@code stat}, not by reading it.
     */
    public static String catFile(String remotePath, boolean withMode) {
        String head = "f=" + quote(remotePath) + "; n=$(wc -c < \"$f\") || exit 66; ";
        if (!withMode) {
            return head + "printf '" + SIZE_LINE + "%s\\n' \"$n\" >&2; exec cat < \"$f\"";
        }
        return head + "m=$(ls -ldnL -- \"$f\" 2>/dev/null) || m=; printf '" + SIZE_LINE + "%s\\n" + MODE_LINE
                + "%s\\n' \"$n\" \"${m%% *}\" >&2; exec cat < \"$f\"";
    }

    /**
     * Writes stdin to a temporary name next to the target, checks the received length, and only then renames
     * it over the target.
     *
     * <ul>
     *   <li>A target that is a directory (or a link to one) is refused with {@link #EXIT_TARGET_IS_DIRECTORY}, a
     *       FIFO, a device or a socket with {@link #EXIT_TARGET_NOT_REGULAR}: before anything is read, and again
     *       just before the rename (a directory that appeared meanwhile would otherwise receive the file).</li>
     *   <li>The part file is created with noclobber ({@code set -C}: {@code O_EXCL}), so a file or symlink planted
     *       under that name in a shared directory is refused, not followed; and private ({@code umask 077}), so
     *       no one else can open it while it is incomplete.</li>
     *   <li>Before the rename it gets its final mode: an existing target's permission bits (as {@code ls -l} shows
     *       them), or {@code newFileMode} minus the login umask for a new file, as scp gives them.</li>
     *   <li>Any end other than the rename removes the part file: an end of input before the announced length
     *       (the client went away or stopped), and {@code TERM}, {@code HUP}, {@code INT} or {@code PIPE}, which
     *       end the shell through its traps (a {@code KILL} would leave the part file). Once the length is
     *       verified those signals are ignored, so a stop that arrives during the rename cannot leave it half
     *       done: the exit status says whether the target was replaced.</li>
     * </ul>
     *
     * @param newFileMode permission bits ({@code 0} to {@code 0777}) a new file gets before the umask
     */
    public static String receiveFile(String remotePath, long length, int newFileMode) {
        if (newFileMode < 0 || newFileMode > 0777) {
            throw new IllegalArgumentException("newFileMode must be 0..0777: " + Integer.toOctalString(newFileMode));
        }
        String part = remotePath + ".part-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong());
        return "f=" + quote(remotePath) + "; t=" + quote(part) + "; "
                + "trap 'rm -f -- \"$t\"' EXIT; trap 'exit 1' HUP INT TERM PIPE; "
                + "check_target() { if [ -d \"$f\" ]; then exit " + EXIT_TARGET_IS_DIRECTORY + "; fi; "
                + "if [ -e \"$f\" ] && [ ! -f \"$f\" ]; then exit " + EXIT_TARGET_NOT_REGULAR + "; fi; }; "
                + "check_target; u=$(umask); umask 077; "
                + "set -C; cat > \"$t\" || exit 1; "
                + "n=$(wc -c < \"$t\") || exit 1; "
                + "if [ \"$n\" -ne " + length + " ]; then "
                + "echo \"received $n bytes, expected " + length + "\" >&2; exit " + EXIT_LENGTH_MISMATCH + "; fi; "
                + "trap '' HUP INT TERM PIPE; check_target; "
                + "if [ -e \"$f\" ]; then m=$(ls -ldnL -- \"$f\" | sed -e "
                + "'s/^.\\(...\\)\\(...\\)\\(...\\).*/u=\\1,g=\\2,o=\\3/' -e 's/[-ST]//g' -e 's/[st]/x/g' -e q); "
                + "else m=$(printf %o $((0" + Integer.toOctalString(newFileMode) + " & ~0$u))); fi; "
                + "chmod -- \"$m\" \"$t\" || exit 1; "
                + "mv -f -- \"$t\" \"$f\"";
    }
}
