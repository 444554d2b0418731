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
package dev.recyclable.buffers.websocket.jdk;

import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.DecodedText;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One text message as the JDK client delivered it: the {@code CharSequence}s handed to
 * {@code onText}, kept as they are (no copy) until the message is released.
 *
 * <p>Keeping them is what the {@code WebSocket.Listener} contract allows: a listener may use a
 * delivered {@code CharSequence} until the {@code CompletionStage} it returned for it completes.
 * The adapter returns {@link #reclaimed()} while it holds pieces, which completes when the
 * message is released. (JDK 17 to 25 decode every delivery into a new heap {@code CharBuffer}
 * and never look at the stage, so nothing waits on it; the stage is the contract kept.)
 *
 * <p>{@link #text()} joins the pieces into a {@code String} (the JDK's concatenation: one copy
 * of each piece, compressed to Latin-1 where it fits); {@link #encodeUtf8} encodes them with
 * {@link Utf16ToUtf8}. Used by one thread at a time: the adapter's while it assembles, then the
 * message's holder's; {@link #isHeld()} and {@link #reclaimed()} may run on the adapter's thread
 * while a retained message is released on another.
 */
final class DeliveredText implements DecodedText {
    private CharSequence[] pieces = new CharSequence[8];
    private int count;
    private long chars;
    /** The exact UTF-8 length of {@code pieces[0, counted)}; counted only when a limit needs it. */
    private long countedBytes;

    private int counted;
    /** Whether the last char counted was a high surrogate, which a low one at the next piece's start pairs with. */
    private boolean countedEndsInHighSurrogate;

    /** The stage returned to the JDK for kept pieces; guarded by this object's lock (a retained message may be released on any thread). */
    private CompletableFuture<Void> reclaimed;

    private Utf16ToUtf8 encoder;
    /** From the first piece until {@link #release()}; read across threads by {@link #isHeld()}. */
    private volatile boolean held;

    /** Adds a delivered piece, kept until {@link #release()}. */
    void append(CharSequence piece) {
        if (!held) {
            held = true; // also for an empty message, whose one piece is not kept
        }
        int n = piece.length();
        if (n == 0) {
            return;
        }
        if (count == pieces.length) {
            pieces = Arrays.copyOf(pieces, 2 * count);
        }
        pieces[count++] = piece;
        chars += n;
    }

    /** Whether a message has begun and not been released: the adapter must not reuse this object. */
    boolean isHeld() {
        return held;
    }

    /** Whether the UTF-8 of the text so far is longer than {@code max} bytes. */
    boolean utf8LengthExceeds(long max) {
        if (chars > max) {
            return true; // a char is at least one byte
        }
        // and at most three: count only when that bound does not decide
        return chars > max / 3 && utf8Length() > max;
    }

    /**
     * The stage to return to the JDK for a piece this text keeps, completed when it is
     * released; null when it has been released already.
     */
    synchronized CompletionStage<?> reclaimed() {
        if (!held) {
            return null;
        }
        if (reclaimed == null) {
            reclaimed = new CompletableFuture<>();
        }
        return reclaimed;
    }

    @Override
    public String text() {
        if (count == 1) {
            return pieces[0].toString(); // a heap CharBuffer's is one copy of its chars
        }
        return String.join("", Arrays.asList(pieces).subList(0, count));
    }

    @Override
    public long utf8Length() {
        long bytes = countedBytes;
        boolean high = countedEndsInHighSurrogate;
        for (int k = counted; k < count; k++) {
            CharSequence piece = pieces[k];
            int n = piece.length();
            for (int i = 0; i < n; i++) {
                char c = piece.charAt(i);
                // a pair is two surrogates of three bytes each here, four bytes in UTF-8
                bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : high && Character.isLowSurrogate(c) ? 1 : 3;
                high = Character.isHighSurrogate(c);
            }
        }
        countedBytes = bytes;
        counted = count;
        countedEndsInHighSurrogate = high;
        return bytes;
    }

    @Override
    public void encodeUtf8(RecyclableOutputStream out) throws IOException {
        if (encoder == null) {
            encoder = new Utf16ToUtf8();
        }
        encoder.reset();
        for (int k = 0; k < count; k++) {
            encoder.append(pieces[k], k == count - 1, out);
        }
    }

    /** Drops the pieces and completes {@link #reclaimed()}; the adapter may then reuse this object. */
    @Override
    public void release() {
        Arrays.fill(pieces, 0, count, null);
        count = 0;
        chars = 0;
        countedBytes = 0;
        counted = 0;
        countedEndsInHighSurrogate = false;
        CompletableFuture<Void> stage;
        synchronized (this) {
            stage = reclaimed;
            reclaimed = null;
            held = false;
        }
        if (stage != null) {
            stage.complete(null);
        }
    }
}
