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
package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates compressed WebSocket messages (RFC 7692) straight into a message's pooled chunks, one
 * reused raw-DEFLATE {@link Inflater} per connection.
 *
 * <p>The decoder stages each run of compressed payload (unmasked) in {@link #input()} and calls
 * {@link #inflate}; at the message's last frame it calls {@link #finishMessage}, which feeds the
 * {@code 00 00 ff ff} the sender stripped. The inflater writes into
 * {@link RecyclableOutputStream#writableBuffer(int)} windows (heap or direct, through the
 * {@code ByteBuffer} API: no intermediate array) and never offers more than the message limit
 * plus one byte of room, so a decompression bomb fails with 1009 once the stream holds
 * {@code maxLength + 1} bytes: at most the limit plus one chunk of memory. Once warm, a message
 * allocates nothing here.
 *
 * <p>Owned by one decoder, which {@link #close() ends} it (freeing zlib's native memory) when it
 * is closed. Not thread-safe.
 */
public final class MessageInflater extends NativeZlib {
    /** Compressed bytes staged per {@link #inflate} call. */
    private static final int INPUT_SIZE = 8 * 1024;
    /** What the sender removed from every message's end (RFC 7692 section 7.2.2). */
    private static final byte[] TAIL = {0, 0, (byte) 0xff, (byte) 0xff};

    /** Sees every inflated run in its chunk before it joins the message (the decoder validates UTF-8 there). */
    @FunctionalInterface
    public interface InflatedBytes {
        /** {@code length} new bytes at absolute {@code index} of {@code window}; throw to fail the message. */
        void check(ByteBuffer window, int index, int length) throws WebSocketProtocolException;
    }

    private final Inflater inflater = new Inflater(true);
    private final boolean resetPerMessage;
    private final byte[] input = new byte[INPUT_SIZE];
    /** Whether the current message had any compressed byte. */
    private boolean fed;

    MessageInflater(boolean resetPerMessage, Runnable onEnd) {
        super(onEnd);
        this.resetPerMessage = resetPerMessage;
    }

    /** The reused array to stage compressed bytes in before {@link #inflate}; never shared. */
    public byte[] input() {
        return input;
    }

    /**
     * Inflates the first {@code length} bytes of {@link #input()} onto the end of {@code message}.
     *
     * @param maxLength the message limit; the message's inflated length may not exceed it
     * @throws WebSocketProtocolException 1009 when the inflated message outgrows {@code maxLength}
     *                                    or the pool's stream cap, 1007 for invalid DEFLATE data,
     *                                    or whatever {@code check} throws
     */
    public void inflate(int length, RecyclableOutputStream message, long maxLength, InflatedBytes check)
            throws WebSocketProtocolException {
        if (length > 0) {
            fed = true;
            feed(input, length, message, maxLength, check);
        }
    }

    /** Ends a message: inflates the stripped tail, then resets when the peer has no context takeover. */
    public void finishMessage(RecyclableOutputStream message, long maxLength, InflatedBytes check)
            throws WebSocketProtocolException {
        // an empty payload plus the tail would leave zlib inside a stored block header: it is
        // simply the empty message (senders use the single byte 00 for that, RFC 7692 7.2.3.6)
        if (fed && !inflater.finished()) {
            feed(TAIL, TAIL.length, message, maxLength, check);
        }
        fed = false;
        if (resetPerMessage || inflater.finished()) {
            // a final block (BFINAL) ends the DEFLATE stream: the next message starts a new one
            inflater.reset();
        }
    }

    private void feed(byte[] in, int length, RecyclableOutputStream message, long maxLength, InflatedBytes check)
            throws WebSocketProtocolException {
        if (inflater.finished()) {
            if (length > 0) {
                throw new WebSocketProtocolException(
                        CloseCodes.INVALID_PAYLOAD, "compressed data after the final DEFLATE block");
            }
            return;
        }
        inflater.setInput(in, 0, length);
        while (true) {
            long room = maxLength - message.length();
            ByteBuffer window = writable(message);
            int at = window.position();
            int end = window.limit();
            // one byte more than the limit allows: enough to tell "exactly at the limit" from "over"
            if (end - at > room + 1) {
                window.limit(at + (int) (room + 1));
            }
            int offered = window.remaining();
            int n;
            try {
                n = inflater.inflate(window);
            } catch (DataFormatException e) {
                throw new WebSocketProtocolException(
                        CloseCodes.INVALID_PAYLOAD, "invalid DEFLATE data: " + e.getMessage());
            } finally {
                // the window is the chunk's own buffer: the pool's zeroing relies on its limit
                window.limit(end);
            }
            if (n > 0) {
                if (n > room) {
                    throw new WebSocketProtocolException(
                            CloseCodes.MESSAGE_TOO_BIG,
                            "inflated message exceeds the limit of " + maxLength + " bytes");
                }
                check.check(window, at, n);
                commit(message, n);
            }
            if (inflater.needsInput() && n < offered) {
                return; // all input consumed and zlib had no more to give
            }
            if (inflater.finished()) {
                if (inflater.getRemaining() > 0) {
                    throw new WebSocketProtocolException(
                            CloseCodes.INVALID_PAYLOAD, "compressed data after the final DEFLATE block");
                }
                return;
            }
            if (n == 0 && !inflater.needsInput()) {
                // raw DEFLATE has no dictionary id; anything else that makes no progress is corrupt data
                throw new WebSocketProtocolException(CloseCodes.INVALID_PAYLOAD, "DEFLATE data makes no progress");
            }
        }
    }

    private static ByteBuffer writable(RecyclableOutputStream message) throws WebSocketProtocolException {
        try {
            // 1 byte wanted: the tail chunk's last free bytes are used before a new chunk is taken
            return message.writableBuffer(1);
        } catch (BufferLimitExceededException e) {
            throw new WebSocketProtocolException(CloseCodes.MESSAGE_TOO_BIG, e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("message stream closed under the inflater", e);
        }
    }

    private static void commit(RecyclableOutputStream message, int n) {
        try {
            message.commit(n);
        } catch (IOException e) {
            throw new UncheckedIOException("message stream closed under the inflater", e);
        }
    }

    @Override
    void endNative() {
        inflater.end();
    }
}
