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

import dev.recyclable.buffers.ByteBufferView;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A complete WebSocket data message whose payload lives in pooled chunks.
 *
 * <p><b>Ownership.</b> A message handed to {@link WebSocketListener#onMessage} (always by a
 * {@link MessageLender}) belongs to the lender: its chunks go back to the pool as soon as the listener returns, and the object may
 * be reused for the next message. A listener that needs it longer calls {@link #retain()}
 * during the call; it then owns the message and must {@link #close()} it (the equivalent of
 * .NET's {@code IsStreamDisposedAutomatically = false}). A view taken during the call
 * ({@link #byteBuffers()}, or a Netty {@code ByteBuf} of {@link #content()}) holds the chunks
 * it shows, whether or not the message is retained: they are frozen, so the view keeps the
 * message's bytes until it is closed, however many messages the decoder assembles after it. A message built with
 * {@link #text(RecyclableOutputStream)} or {@link #binary(RecyclableOutputStream)} owns the
 * given stream; writing it to an encoder hands that ownership on.
 *
 * <p>Not thread-safe. Text messages keep the UTF-8 bytes exactly as received (already
 * validated): {@link #content()}, {@link #newInputStream()} and {@link #byteBuffers()} give
 * the raw bytes without decoding; {@link #text()} decodes.
 *
 * <p><b>Text that arrived decoded.</b> A transport that delivers text already decoded to UTF-16
 * (the JDK client: {@code JdkWebSocketAdapter}) lends it as {@link DecodedText}
 * ({@link MessageLender#lendText}). Then {@link #text()} builds the {@code String} from that
 * UTF-16, and the UTF-8 bytes are encoded into a pooled stream the first time {@link #content()},
 * {@link #newInputStream()}, {@link #byteBuffers()} or {@link #toByteArray()} asks for them
 * ({@link #length()} counts them without encoding); that stream belongs to the message like any
 * other content. Either way each payload is converted once, and only into the form the
 * listener reads.
 */
public final class WebSocketMessage implements AutoCloseable {
    private MessageType type;
    private RecyclableOutputStream content;
    /** Text lent decoded; {@link #content} stays null until its UTF-8 is asked for. */
    private DecodedText decoded;
    /** Where the UTF-8 of {@link #decoded} gets its stream while the message is lent. */
    private MessageLender lender;

    private boolean retained;

    WebSocketMessage() {}

    private WebSocketMessage(MessageType type, RecyclableOutputStream content) {
        assign(type, content);
    }

    /** A text message of the UTF-8 bytes in {@code utf8}; the message takes ownership of the stream. */
    public static WebSocketMessage text(RecyclableOutputStream utf8) {
        return new WebSocketMessage(MessageType.TEXT, Objects.requireNonNull(utf8, "utf8")).retain();
    }

    /** A binary message of the bytes in {@code bytes}; the message takes ownership of the stream. */
    public static WebSocketMessage binary(RecyclableOutputStream bytes) {
        return new WebSocketMessage(MessageType.BINARY, Objects.requireNonNull(bytes, "bytes")).retain();
    }

    /** Rebinds a recycled instance to the next message ({@link MessageLender} use). */
    void assign(MessageType type, RecyclableOutputStream content) {
        this.type = type;
        this.content = content;
        this.decoded = null;
        this.lender = null;
        this.retained = false;
    }

    /** Rebinds a recycled instance to a text message lent as decoded text ({@link MessageLender} use). */
    void assignDecoded(DecodedText text, MessageLender lender) {
        this.type = MessageType.TEXT;
        this.content = null;
        this.decoded = text;
        this.lender = lender;
        this.retained = false;
    }

    /**
     * Takes the content back without releasing it and releases any decoded text
     * ({@link MessageLender} use, to recycle an unretained message's stream); the content is
     * null when none was made.
     */
    RecyclableOutputStream detach() {
        RecyclableOutputStream c = content;
        content = null;
        DecodedText d = decoded;
        decoded = null;
        lender = null;
        if (d != null) {
            d.release();
        }
        return c;
    }

    public MessageType type() {
        return type;
    }

    public boolean isText() {
        return type == MessageType.TEXT;
    }

    /** Payload size in bytes (UTF-8 bytes for text). */
    public long length() {
        ensureOpen();
        return content == null ? decoded.utf8Length() : content.length();
    }

    /**
     * The pooled stream holding the payload, for zero-copy access ({@code forEachSegment},
     * {@code writeTo}). Read-only by contract; owned by this message. For text lent decoded, the
     * first call of this or of the other byte accessors encodes the UTF-8 into it.
     *
     * @throws UncheckedIOException if that encoding fails (the pool's stream size cap, which
     *                              the JDK adapter's message limit never lets a message reach)
     */
    public RecyclableOutputStream content() {
        return open();
    }

    /** A fresh stream over the payload; valid while this message is open. */
    public InputStream newInputStream() {
        return open().newInputStream();
    }

    /**
     * Zero-copy {@code ByteBuffer} views of the payload. The view holds the chunks it shows, so
     * it stays valid after this message is closed or reused for the next message, until the view
     * is closed.
     */
    public ByteBufferView byteBuffers() {
        return open().byteBuffers();
    }

    /** A copy of the payload (the raw UTF-8 for text). */
    public byte[] toByteArray() {
        return open().toByteArray();
    }

    /** The text, decoded from UTF-8 (or built from the UTF-16 a transport decoded it to). */
    public String text() {
        if (type != MessageType.TEXT) {
            throw new IllegalStateException("binary message has no text");
        }
        ensureOpen();
        return decoded != null ? decoded.text() : content.toString(StandardCharsets.UTF_8);
    }

    /** The decoded text for a text message; a short description for a binary message or a closed one. */
    @Override
    public String toString() {
        if (isClosed()) {
            return "WebSocketMessage[" + type + ", closed]";
        }
        return type == MessageType.TEXT ? text() : "WebSocketMessage[BINARY, " + content.length() + " bytes]";
    }

    /**
     * Takes ownership: the message is no longer released when the listener returns, and the
     * caller must {@link #close()} it.
     */
    public WebSocketMessage retain() {
        ensureOpen();
        retained = true;
        return this;
    }

    /** Whether {@link #retain()} was called. */
    public boolean isRetained() {
        return retained;
    }

    public boolean isClosed() {
        return content == null && decoded == null;
    }

    /** Returns the payload's chunks to the pool (and releases text lent decoded). Idempotent. */
    @Override
    public void close() {
        RecyclableOutputStream c = detach();
        if (c != null) {
            c.close();
        }
    }

    private void ensureOpen() {
        if (isClosed()) {
            throw new IllegalStateException("message already released; retain() it to keep it past the listener call");
        }
    }

    /** The stream of the payload's bytes; for text lent decoded, made and filled on the first call. */
    private RecyclableOutputStream open() {
        RecyclableOutputStream c = content;
        if (c != null) {
            return c;
        }
        ensureOpen();
        // while lent, the lender's kept stream serves (the transport's thread); a retained message
        // may be read on any thread, so it takes a stream of its own
        c = retained ? lender.newStream() : lender.newContent();
        try {
            decoded.encodeUtf8(c);
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
        content = c;
        return c;
    }
}
