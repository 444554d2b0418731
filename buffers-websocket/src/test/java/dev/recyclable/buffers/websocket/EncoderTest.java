package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.testing.PoolAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.random.RandomGenerator;

import static dev.recyclable.buffers.websocket.Frames.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The encoder against RFC 6455 section 5.7's examples and against the decoder. */
class EncoderTest {
    /** Always the RFC's example key 0x37fa213d. */
    private static final RandomGenerator RFC_KEY = () -> 0x37fa213dL << 32;
    private final BufferPool pool = DecoderHarness.smallChunkPool();

    @AfterEach
    void nothingLeaks() {
        PoolAssertions.assertNothingInUse(pool);
    }

    private byte[] encode(Role role, long fragmentSize, MessageType type, byte[] payload) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RecyclableOutputStream s = pool.newStream()) {
            s.write(payload);
            new WebSocketEncoder(role, fragmentSize, RFC_KEY).writeMessage(type, s, out);
        }
        return out.toByteArray();
    }

    @Test
    void rfcExamples() throws Exception {
        byte[] hello = Frames.utf8("Hello");
        assertArrayEquals(hex("810548656c6c6f"), encode(Role.SERVER, 0, MessageType.TEXT, hello));
        assertArrayEquals(hex("818537fa213d7f9f4d5158"), encode(Role.CLIENT, 0, MessageType.TEXT, hello));
        assertArrayEquals(hex("010348656c 80026c6f"), encode(Role.SERVER, 3, MessageType.TEXT, hello));
        byte[] b256 = encode(Role.SERVER, 0, MessageType.BINARY, new byte[256]);
        assertArrayEquals(hex("827e0100"), Arrays.copyOf(b256, 4));
        assertEquals(4 + 256, b256.length);
        byte[] b64k = encode(Role.SERVER, 0, MessageType.BINARY, new byte[65536]);
        assertArrayEquals(hex("827f0000000000010000"), Arrays.copyOf(b64k, 10));
        assertArrayEquals(hex("8100"), encode(Role.SERVER, 0, MessageType.TEXT, new byte[0]));
    }

    @Test
    void controlFrames() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WebSocketEncoder server = new WebSocketEncoder(Role.SERVER, 0, RFC_KEY);
        server.writeControl(Opcodes.PING, Frames.utf8("Hello"), 0, 5, out);
        assertArrayEquals(hex("890548656c6c6f"), out.toByteArray());
        out.reset();
        server.writeClose(1009, "too big", out);
        assertArrayEquals(hex("8809 03f1 746f6f20626967"), out.toByteArray());
        assertThrows(IllegalArgumentException.class, () -> WebSocketEncoder.closeBody(1006, "never on the wire"));
        byte[] longReason = WebSocketEncoder.closeBody(1000, "é".repeat(100));
        assertEquals(124, longReason.length); // 122 bytes of reason: the cut does not split a code point
        assertEquals(true, Utf8Validator.isValid(longReason, 2, longReason.length - 2));
    }

    @Test
    void gatheringWriteToAChannelMatchesTheStreamPath(@TempDir Path dir) throws Exception {
        byte[] payload = new byte[50_000];
        new java.util.Random(7).nextBytes(payload);
        Path file = dir.resolve("frames");
        try (RecyclableOutputStream s = pool.newStream();
             FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            s.write(payload);
            new WebSocketEncoder(Role.SERVER, 4096, RFC_KEY).writeMessage(MessageType.BINARY, s, ch);
        }
        assertArrayEquals(encode(Role.SERVER, 4096, MessageType.BINARY, payload), Files.readAllBytes(file));
    }

    @Test
    void clientFramesRoundTripThroughAServerDecoder() throws Exception {
        byte[] text = Frames.utf8("κόσμε ".repeat(3000));
        byte[] wire = encode(Role.CLIENT, 1000, MessageType.TEXT, text);
        Recorder r = DecoderHarness.decode(pool, Role.SERVER, WebSocketLimits.DEFAULT, wire,
                DecoderHarness.Chunking.RANDOM_SPLITS);
        assertArrayEquals(text, r.payloads.get(0));
        assertEquals(MessageType.TEXT, r.types.get(0));
    }
}
