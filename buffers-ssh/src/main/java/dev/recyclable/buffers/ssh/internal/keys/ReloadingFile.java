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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A file parsed once and again only when it changes on disk: its modification time, size or file key (inode)
 * differ, or it appeared or vanished. Companion files (a private key's {@code .pub}, say) count as part of it. A
 * check costs one {@code stat} per file and no lock; a reload is serialised, so racing callers parse once.
 * Thread-safe.
 *
 * <p>A failed read is not kept: the previous value is never served for a file that no longer matches it, and the
 * next call reads again.
 */
public final class ReloadingFile<T> {

    /** Parses the file; may read its companions too. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(Path file) throws IOException;
    }

    private record Stamp(FileTime modified, long size, Object fileKey) {

        private static final Stamp MISSING = new Stamp(null, -1, null);

        /**
         * One {@code stat} for a file that is usually there; for one that is usually missing (a companion such as
         * the absent {@code -cert.pub}) an existence check first, which spares a NoSuchFileException (~5 us here)
         * on every check.
         */
        static Stamp of(Path file, boolean usuallyMissing) throws IOException {
            if (usuallyMissing && !file.toFile().exists()) {
                return MISSING;
            }
            try {
                BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
                return new Stamp(attrs.lastModifiedTime(), attrs.size(), attrs.fileKey());
            } catch (NoSuchFileException e) {
                return MISSING;
            }
        }
    }

    private record Snapshot<T>(List<Stamp> stamps, T value) {}

    private final List<Path> files;
    private volatile Snapshot<T> current;
    private volatile int loads;

    /**
     * @param file       the file to parse
     * @param companions files its reader reads too, when they exist
     */
    public ReloadingFile(Path file, Path... companions) {
        List<Path> all = new ArrayList<>(1 + companions.length);
        all.add(Objects.requireNonNull(file, "file"));
        all.addAll(List.of(companions));
        this.files = List.copyOf(all);
    }

    public Path path() {
        return files.get(0);
    }

    /**
     * The file's content as {@code reader} parsed it, read again only if the file changed since. The reader is
     * passed per call so that it may use the caller's context (an sshj config, say); every reader passed for one
     * file must parse it to equivalent values.
     *
     * @throws IOException as the reader threw it, or if a file cannot be {@code stat}ed
     */
    public T get(Reader<? extends T> reader) throws IOException {
        Snapshot<T> s = current;
        if (s != null && s.stamps().equals(stamps())) {
            return s.value();
        }
        return reload(reader);
    }

    /** How many times the file was parsed (for tests of the "read once" promise). */
    public int loads() {
        return loads;
    }

    private List<Stamp> stamps() throws IOException {
        Stamp main = Stamp.of(files.get(0), false);
        if (files.size() == 1) {
            return List.of(main);
        }
        List<Stamp> stamps = new ArrayList<>(files.size());
        stamps.add(main);
        for (Path companion : files.subList(1, files.size())) {
            stamps.add(Stamp.of(companion, true));
        }
        return stamps;
    }

    private synchronized T reload(Reader<? extends T> reader) throws IOException {
        // stamps before content: a write racing the read makes the next check see a change and read again
        List<Stamp> stamps = stamps();
        Snapshot<T> s = current;
        if (s != null && s.stamps().equals(stamps)) {
            return s.value(); // another thread reloaded it meanwhile
        }
        T value = reader.read(path());
        loads++;
        current = new Snapshot<>(stamps, value);
        return value;
    }
}
