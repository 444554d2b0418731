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
