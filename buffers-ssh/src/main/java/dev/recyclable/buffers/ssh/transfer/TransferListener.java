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
 * it holds up the transfer.
 *
 * <p>The final report (for a transfer shorter than the interval, the only one) comes once every byte has moved and
 * before the transfer commits: a download has been verified (size, exit status) but its file is not yet renamed to
 * the target; an upload's bytes have all been read, but the server has not been sent the last of them (a remote
 * file, which therefore has not replaced the target) or the end of input (a command, which is then killed). So a
 * listener may stop a transfer by throwing, on any report including the final one,
 * and the target is always left as it was: the transfer fails with a {@link TransferException} whose cause is what
 * the listener threw, or, if that is an {@link Error}, with that {@code Error} itself, once the transfer has been
 * stopped and its part files removed. After the final report returns, the transfer may still fail (a rename, the
 * server's length check): only the transfer method's return says it completed.
 */
@FunctionalInterface
public interface TransferListener {

    /**
     * @param bytesMoved    bytes written to the sink (download) or read from the source for the connection (upload)
     *                      so far
     * @param expectedBytes the announced total, or {@code -1} if unknown (a command's output)
     */
    void onProgress(long bytesMoved, long expectedBytes);
}
