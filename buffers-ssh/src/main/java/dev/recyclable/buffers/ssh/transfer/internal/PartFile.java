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
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A download's local file while it is incomplete: {@code .<name>.part-<random>} next to the target, created new
 * (never following an existing file), renamed over the target only once complete and verified. A failed
 * transfer deletes it, so the target name only ever holds a complete file (the old one, or the new one).
 *
 * <p>Permissions (where the file system has POSIX ones): the part file is private (owner read and write) while
 * it is incomplete; just before the rename it gets the permission bits of the file it replaces, or, for a new
 * name, the source's bits minus the process's umask, as scp gives a new file.
 */
public final class PartFile implements AutoCloseable {

    private final Path target;
    private final Path part;
    private final FileChannel channel;
    private final boolean posix;
    private boolean done;

    /**
     * @throws IOException if {@code target} exists and is not a regular file ({@code /dev/null}, a FIFO, a device,
     *                     a directory): renaming over it would replace it with a regular file
     */
    public PartFile(Path target) throws IOException {
        this.target = regularTarget(target);
        Path dir = this.target.getParent();
        String name = this.target.getFileName().toString();
        this.part = dir.resolve("." + name + ".part-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        this.posix = FileModes.supported(part);
        Set<OpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.channel = posix
                ? FileChannel.open(part, options, PosixFilePermissions.asFileAttribute(FileModes.permissions(0600)))
                : FileChannel.open(part, options);
    }

    public FileChannel channel() {
        return channel;
    }

    public Path partPath() {
        return part;
    }

    /**
     * Flushes (to disk when {@code sync}), closes, gives the part file its final permissions and renames it to the
     * target, atomically.
     *
     * @param newFileMode permission bits a new file gets before the umask: the source's, or
     *                    {@link FileModes#NEW_FILE_DEFAULT}
     */
    public void commit(boolean sync, int newFileMode) throws IOException {
        if (sync) {
            channel.force(true);
        }
        channel.close();
        regularTarget(target); // again: it may have been replaced while we downloaded
        if (posix) {
            Files.setPosixFilePermissions(
                    part, Files.exists(target) ? Files.getPosixFilePermissions(target) : asNewFile(newFileMode));
        }
        try {
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // same directory, so this only happens on exotic file systems: a plain replace is the best left
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        }
        done = true;
    }

    /**
     * The permissions a file created with {@code bits} gets here. Java cannot read the umask, so the operating system
     * applies it, as it does to any new file, to an empty file of ours next to the part file.
     */
    private Set<PosixFilePermission> asNewFile(int bits) throws IOException {
        Path probe = part.resolveSibling(part.getFileName() + ".mode");
        Files.createFile(probe, PosixFilePermissions.asFileAttribute(FileModes.permissions(bits)));
        try {
            return Files.getPosixFilePermissions(probe);
        } finally {
            Files.delete(probe);
        }
    }

    /**
     * The file to rename over: {@code target} itself, or the file a symbolic link points to (so the link stays a
     * link). Refuses anything that exists but is not a regular file.
     */
    private static Path regularTarget(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            return absolute;
        }
        Path real = Files.isSymbolicLink(absolute) && Files.exists(absolute) ? absolute.toRealPath() : absolute;
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
            String what = Files.isDirectory(real)
                    ? "a directory"
                    : Files.isSymbolicLink(real)
                            ? "a dangling symbolic link"
                            : "not a regular file (a device, FIFO or socket)";
            throw new IOException(
                    "refusing to download into " + target + (real.equals(absolute) ? "" : " (" + real + ")")
                            + ": it is " + what + ", and a download replaces its target by renaming a complete file "
                            + "over it. Download to a regular file path, or to an OutputStream/WritableByteChannel to "
                            + "write into it in place");
        }
        return real;
    }

    /** Deletes the part file unless committed. */
    @Override
    public void close() throws IOException {
        if (!done) {
            done = true;
            try {
                channel.close();
            } finally {
                Files.deleteIfExists(part);
            }
        }
    }
}
