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
import java.nio.file.Path;

/**
 * A private key file could not be used: missing, unreadable, of an unknown format, or not decrypted by the
 * passphrase. The login was not attempted. The message names the file, never the passphrase.
 */
public final class KeyFileException extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient Path path;

    public KeyFileException(Path path, String problem, Throwable cause) {
        super("cannot use private key file " + path + ": " + problem, cause);
        this.path = path;
    }

    public Path path() {
        return path;
    }
}
