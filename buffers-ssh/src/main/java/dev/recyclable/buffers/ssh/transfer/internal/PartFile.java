package dev.recyclable.buffers.ssh.transfer.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
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

    public PartFile(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        String name = this.target.getFileName().toString();
        this.part = dir.resolve("." + name + ".part-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
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
        try {
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // same directory, so this only happens on exotic file systems: a plain replace is the best left
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        }
        done = true;
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
