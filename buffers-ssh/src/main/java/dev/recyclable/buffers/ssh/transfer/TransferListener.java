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

/**
 * Hears how far a transfer got. Called on the transferring thread, about once per
 * {@link TransferOptions.Builder#progressInterval progress interval} of bytes and once at the end; keep it quick,
 * it holds up the transfer. Throwing stops the transfer (it fails with a {@link TransferException}).
 */
@FunctionalInterface
public interface TransferListener {

    /**
     * @param bytesMoved    bytes written to the sink (download) or handed to the connection (upload) so far
     * @param expectedBytes the announced total, or {@code -1} if unknown (a command's output)
     */
    void onProgress(long bytesMoved, long expectedBytes);
}
