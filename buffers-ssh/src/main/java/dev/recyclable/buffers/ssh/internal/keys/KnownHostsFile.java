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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A {@code known_hosts} file read once and again only when it changes on disk ({@link ReloadingFile}): every
 * connection of a policy shares the one immutable {@link KnownHostsIndex}, and none keeps a copy. A check costs
 * one {@code stat}. Thread-safe.
 */
public final class KnownHostsFile {

    private final ReloadingFile<KnownHostsIndex> file;

    public KnownHostsFile(Path path) {
        this.file = new ReloadingFile<>(path);
    }

    public Path path() {
        return file.path();
    }

    /**
     * The file's current content, parsed. A file that does not exist reads as empty (every host unknown, as
     * {@code ssh} treats it).
     *
     * @throws UncheckedIOException if the file exists but cannot be read
     */
    public KnownHostsIndex index() {
        try {
            return file.get(KnownHostsFile::read);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read known_hosts file " + path(), e);
        }
    }

    /** Whether the file exists (for messages). */
    public boolean exists() {
        return Files.exists(path());
    }

    /** How many times the file was parsed (for tests of the "read once" promise). */
    public int loads() {
        return file.loads();
    }

    private static KnownHostsIndex read(Path path) throws IOException {
        try {
            return KnownHostsIndex.parse(Files.readAllBytes(path));
        } catch (NoSuchFileException e) {
            return KnownHostsIndex.EMPTY;
        }
    }
}
