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
 * {@link dev.recyclable.buffers.ssh.channel.CaptureChannel}; a download's
 * {@code DownloadChannelSink} copies packets on sshj's reader thread into a {@code ChunkRing} of pooled chunks,
 * which the calling thread drains into a {@code LocalSink} before granting the window back; {@code PartFile}
 * and {@code ShellCommands} give the local and the remote side their write-then-rename.
 */
package dev.recyclable.buffers.ssh.transfer;
