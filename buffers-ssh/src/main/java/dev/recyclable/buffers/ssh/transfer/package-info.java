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
/**
 * Bulk transfer over SSH at line rate, without garbage per packet and with memory that does not grow with size.
 *
 * <p>Entry point: {@link dev.recyclable.buffers.ssh.transfer.SshTransfer} (downloads of a
 * {@link dev.recyclable.buffers.ssh.transfer.RemoteSource} into streams, channels, files and pooled streams;
 * uploads into a {@link dev.recyclable.buffers.ssh.transfer.RemoteTarget}), tuned by
 * {@link dev.recyclable.buffers.ssh.transfer.TransferOptions}, reporting a
 * {@link dev.recyclable.buffers.ssh.transfer.TransferResult} or failing with a
 * {@link dev.recyclable.buffers.ssh.transfer.TransferException}.
 *
 * <p>Inside ({@code internal}, not API): each transfer opens its own
 * {@code CaptureChannel}; a download's
 * {@code DownloadChannelSink} copies packets on sshj's reader thread into a {@code ChunkRing} of pooled chunks,
 * which the calling thread drains into a {@code LocalSink} before granting the window back; {@code PartFile}
 * and {@code ShellCommands} give the local and the remote side their write-then-rename, with the permission bits
 * {@code FileModes} carries; an upload's bytes go through an {@code UploadFeed}, which holds back the last one
 * until the final progress report.
 */
package dev.recyclable.buffers.ssh.transfer;
