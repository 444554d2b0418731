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
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A download's local file while it is incomplete: {@code .<name>.part-<random>} next to the target, created new
 * (never following an existing file), renamed over the target only once complete and verified. A failed
 * transfer deletes it, so the target name only ever holds a complete file (the old one, or the new one).
 */
public final class PartFile implements AutoCloseable {

    private final Path target;
    private final Path part;
    private final FileChannel channel;
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
        this.channel = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    public FileChannel channel() {
        return channel;
    }

    public Path partPath() {
        return part;
    }

    /** Flushes (to disk when {@code sync}), closes and renames the part file to the target, atomically. */
    public void commit(boolean sync) throws IOException {
        if (sync) {
            channel.force(true);
        }
        channel.close();
        regularTarget(target); // again: it may have been replaced while we downloaded
        try {
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // same directory, so this only happens on exotic file systems: a plain replace is the best left
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        }
        done = true;
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
