package dev.recyclable.buffers.websocket;

/** The two kinds of WebSocket data message. */
public enum MessageType {
    /** UTF-8 text; the bytes are kept as received (already validated), never re-encoded. */
    TEXT(Opcodes.TEXT),
    /** Arbitrary bytes. */
    BINARY(Opcodes.BINARY);

    private final int opcode;

    MessageType(int opcode) {
        this.opcode = opcode;
    }

    /** The opcode of the first frame of such a message. */
    public int opcode() {
        return opcode;
    }
}
