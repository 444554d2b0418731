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
package dev.recyclable.buffers.ssh.transfer;

import java.io.IOException;

/**
 * A transfer that did not complete: the connection failed, the remote side failed, refused the target or reported
 * the wrong length, the local sink, source or progress listener failed (the cause says how), or the transfer was
 * interrupted or stalled. Nothing partial is left under the target name; how far it got is in
 * {@link #bytesMoved()}. An {@link Error} thrown during a transfer reaches the caller as itself instead.
 */
public class TransferException extends IOException {

    private final long bytesMoved;
    private final Integer exitStatus;

    public TransferException(String message, long bytesMoved, Integer exitStatus, Throwable cause) {
        super(message, cause);
        this.bytesMoved = bytesMoved;
        this.exitStatus = exitStatus;
    }

    /** Bytes moved before the transfer stopped. */
    public long bytesMoved() {
        return bytesMoved;
    }

    /** The remote command's exit status, if it reported one. */
    public Integer exitStatus() {
        return exitStatus;
    }
}
