package dev.recyclable.buffers.websocket.interop;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.SegmentVisitor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 of pooled content, read zero-copy segment by segment, so 16 MiB messages need no array. */
final class MessageDigests {
    private MessageDigests() {
    }

    static String sha256(RecyclableOutputStream content) {
        MessageDigest md = newDigest();
        try {
            content.forEachSegment(new SegmentVisitor() {
                @Override
                public void visit(byte[] array, int offset, int length) {
                    md.update(array, offset, length);
                }

                @Override
                public void visit(ByteBuffer segment) {
                    md.update(segment);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(newDigest().digest(bytes));
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
