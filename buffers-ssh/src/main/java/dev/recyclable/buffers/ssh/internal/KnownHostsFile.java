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
package dev.recyclable.buffers.ssh.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

/**
 * A {@code known_hosts} file read once and again only when it changes on disk (modification time or size
 * differ): every connection of a policy shares the one immutable {@link KnownHostsIndex}, and none keeps a copy.
 * A check costs one {@code stat}. Thread-safe.
 */
public final class KnownHostsFile {

    private record Snapshot(FileTime modified, long size, Object fileKey, KnownHostsIndex index) {}

    private static final Snapshot MISSING = new Snapshot(null, -1, null, KnownHostsIndex.EMPTY);

    private final Path path;
    private volatile Snapshot current;
    private volatile int loads;

    public KnownHostsFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /**
     * The file's current content, parsed. A file that does not exist reads as empty (every host unknown, as
     * {@code ssh} treats it).
     *
     * @throws UncheckedIOException if the file exists but cannot be read
     */
    public KnownHostsIndex index() {
        Snapshot s = current;
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            current = MISSING;
            return KnownHostsIndex.EMPTY;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read known_hosts file " + path, e);
        }
        if (s != null
                && s != MISSING
                && attrs.lastModifiedTime().equals(s.modified())
                && attrs.size() == s.size()
                && java.util.Objects.equals(attrs.fileKey(), s.fileKey())) {
            return s.index();
        }
        return reload();
    }

    /** Whether the file exists (for messages). */
    public boolean exists() {
        return Files.exists(path);
    }

    /** How many times the file was parsed (for tests of the "read once" promise). */
    public int loads() {
        return loads;
    }

    private synchronized KnownHostsIndex reload() {
        try {
            // attributes before content: a write racing us makes the next check see a change and read again
            BasicFileAttributes attrs = Files.readAttributes(path, BasicFileAttributes.class);
            Snapshot s = current;
            if (s != null
                    && s != MISSING
                    && attrs.lastModifiedTime().equals(s.modified())
                    && attrs.size() == s.size()
                    && java.util.Objects.equals(attrs.fileKey(), s.fileKey())) {
                return s.index(); // another thread reloaded it meanwhile
            }
            KnownHostsIndex index = KnownHostsIndex.parse(new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
            loads++;
            current = new Snapshot(attrs.lastModifiedTime(), attrs.size(), attrs.fileKey(), index);
            return index;
        } catch (NoSuchFileException e) {
            current = MISSING;
            return KnownHostsIndex.EMPTY;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read known_hosts file " + path, e);
        }
    }
}
