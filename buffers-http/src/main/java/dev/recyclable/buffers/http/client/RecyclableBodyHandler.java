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
package dev.recyclable.buffers.http.client;

import dev.recyclable.buffers.BufferLimitExceededException;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.internal.ContentCoding;
import dev.recyclable.buffers.http.internal.ContentDecoder;
import dev.recyclable.buffers.http.internal.TextDecoding;
import java.io.IOException;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link BodyHandler} for {@link java.net.http.HttpClient} that receives a response body into
 * a pooled {@link RecyclableOutputStream}, in place of {@code BodyHandlers.ofByteArray()}:
 *
 * <pre>{@code
 * RecyclableBodyHandler bodies = RecyclableBodyHandler.of(pool, 16 << 20);   // 16 MiB at most
 * HttpResponse<RecyclableOutputStream> response = client.send(request, bodies);
 * try (RecyclableOutputStream body = response.body()) {
 *     Order order = json.readValue(body.newInputStream(), Order.class);
 * }                                                                           // chunks go back here
 * }</pre>
 *
 * <p><b>Ownership.</b> The stream a response carries belongs to the caller, who closes it (see
 * {@link RecyclableOutputStream}'s Ownership); its views ({@code newInputStream()},
 * {@code byteBuffers()}, {@code writeTo}, {@code toString(charset)}) are the core's. Until the
 * response is handed over, every chunk is the handler's, and it gives every chunk back on every
 * path that ends the body early: the limit, a failing server (an error mid-body, a truncated body,
 * a reset connection, an HTTP/2 stream reset), the {@linkplain #withTimeout timeout}, a cancelled
 * {@code sendAsync} future, a client shut down, a decoding error, a mapper that throws. One
 * window is not the handler's to close: a future cancelled (or a thread in {@code send}
 * interrupted) after the whole body arrived but before the response reached the caller; the
 * client then drops the response, stream included, and tells no one. Where futures are
 * cancelled, prefer {@link #mapping} or {@link #text}, whose streams never leave the handler.
 *
 * <p><b>Limit.</b> {@code maxBytes} bounds the body as received and, when
 * {@linkplain #withDecoding decoding}, the decoded content too. A {@code Content-Length} over it
 * fails the body before any byte of it is read; a body that grows past it (chunked, HTTP/2, or
 * inflating) fails as soon as it does, holding at most the limit plus one chunk. Either way the
 * failure is a {@link BufferLimitExceededException}, the cause of the {@code IOException} that
 * {@code send} throws (or of the {@code sendAsync} future's failure), and the subscription is
 * cancelled, so the client stops reading and drops the connection or resets the stream. The pool's
 * {@link BufferPool#maxStreamSize()} caps the stream as well. A HEAD response carries the
 * {@code Content-Length} of the body a GET would get, and a handler only sees status and headers:
 * use {@code BodyHandlers.discarding()} for HEAD.
 *
 * <p>Handlers are immutable and thread-safe; one serves any number of requests at once.
 */
public final class RecyclableBodyHandler implements BodyHandler<RecyclableOutputStream> {
    /** The timeout meaning none (longer than {@code Duration.toNanos()} can count). */
    private static final Duration NO_TIMEOUT = ChronoUnit.FOREVER.getDuration();

    private final BufferPool pool;
    private final long maxBytes;
    private final boolean decoding;
    private final Duration timeout;
    /** {@code timeout} in nanoseconds, 0 for none. */
    private final long timeoutNanos;

    private RecyclableBodyHandler(BufferPool pool, long maxBytes, boolean decoding, Duration timeout) {
        this.pool = pool;
        this.maxBytes = maxBytes;
        this.decoding = decoding;
        this.timeout = timeout;
        this.timeoutNanos = toNanosOrZero(timeout);
    }

    /**
     * A handler receiving bodies of at most {@code maxBytes} into streams of {@code pool}, as they
     * arrive (no decoding), with no timeout of its own.
     *
     * @param maxBytes 0 or more; {@code Long.MAX_VALUE} leaves only the pool's stream cap
     */
    public static RecyclableBodyHandler of(BufferPool pool, long maxBytes) {
        Objects.requireNonNull(pool, "pool");
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative: " + maxBytes);
        }
        return new RecyclableBodyHandler(pool, maxBytes, false, NO_TIMEOUT);
    }

    /**
     * This handler, decoding {@code Content-Encoding: gzip} and {@code deflate} into the pooled
     * chunks when {@code decode} is true. The JDK client neither asks for compressed bodies nor
     * decodes them: send {@code Accept-Encoding: gzip} yourself. A body in another coding (or in
     * several) fails before it is read, naming the coding; one whose encoding is malformed fails
     * with a {@link java.util.zip.ZipException}, one that ends inside it with an
     * {@link java.io.EOFException}. Decoding is where a decompression bomb would strike: it stops
     * once the decoded content passes the limit, holding at most the limit plus one chunk.
     * Without decoding the body is stored as received, whatever its {@code Content-Encoding}.
     */
    public RecyclableBodyHandler withDecoding(boolean decode) {
        return new RecyclableBodyHandler(pool, maxBytes, decode, timeout);
    }

    /**
     * This handler, failing a body that has not completed {@code timeout} after its response
     * headers arrived, with an {@link java.net.http.HttpTimeoutException} (the JDK's
     * {@code HttpRequest.timeout} ends once the headers are in, so a server that stalls mid-body
     * would hold the exchange, and the chunks, forever). The subscription is cancelled, which
     * closes the HTTP/1.1 connection or resets the HTTP/2 stream. {@code ChronoUnit.FOREVER}'s
     * duration, or anything longer than about 292 years, means no timeout (the default).
     *
     * @throws IllegalArgumentException if {@code timeout} is zero or negative
     */
    public RecyclableBodyHandler withTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        return new RecyclableBodyHandler(pool, maxBytes, decoding, timeout);
    }

    /** The pool the bodies' streams come from. */
    public BufferPool pool() {
        return pool;
    }

    /** The limit on a body, as received and as decoded. */
    public long maxBytes() {
        return maxBytes;
    }

    /** Whether {@code Content-Encoding} is decoded. */
    public boolean decoding() {
        return decoding;
    }

    /** The body timeout, if there is one. */
    public Optional<Duration> timeout() {
        return timeoutNanos == 0 ? Optional.empty() : Optional.of(timeout);
    }

    /** The subscriber for one response: its body as a stream the caller owns. */
    @Override
    public BodySubscriber<RecyclableOutputStream> apply(ResponseInfo response) {
        return receiver(response, body -> body);
    }

    /**
     * A handler whose body value is what {@code mapper} makes of the pooled body (parse JSON from
     * {@code body.newInputStream()}, say). The stream is closed as soon as {@code mapper} returns or
     * throws; whatever it throws (an {@code Error} too) fails the response with it as the cause.
     * The limit, decoding and timeout are this handler's.
     */
    public <T> BodyHandler<T> mapping(BodyMapper<T> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return response -> receiver(response, body -> {
            try (body) {
                return mapper.map(response, body);
            }
        });
    }

    /**
     * A handler whose body value is the text of the body, in place of
     * {@code BodyHandlers.ofString()}: the charset is the {@code charset} parameter of the
     * response's {@code Content-Type}, else {@code defaultCharset}, and the pooled bytes are decoded
     * straight into the {@code String}, which is the one object allocated for it (bytes that span
     * several chunks are first copied into one array leased from the pool).
     *
     * @param malformed {@link CodingErrorAction#REPORT} fails the body on malformed or unmappable
     *                  input (a {@link java.nio.charset.CharacterCodingException}) and on a
     *                  charset this JVM does not know, before reading;
     *                  {@link CodingErrorAction#REPLACE} replaces such input as
     *                  {@code new String(bytes, charset)} does and takes {@code defaultCharset}
     *                  for an unknown one, as {@code ofString()} does; {@link CodingErrorAction#IGNORE}
     *                  drops such input
     */
    public BodyHandler<String> text(Charset defaultCharset, CodingErrorAction malformed) {
        Objects.requireNonNull(defaultCharset, "defaultCharset");
        Objects.requireNonNull(malformed, "malformed");
        return response -> {
            Charset charset;
            try {
                charset = TextDecoding.charset(
                        response.headers().firstValue("content-type"),
                        defaultCharset,
                        malformed == CodingErrorAction.REPORT);
            } catch (IOException e) {
                return BodyReceiver.refusing(e);
            }
            return receiver(response, body -> {
                try (body) {
                    return TextDecoding.decode(body, charset, malformed);
                }
            });
        };
    }

    private <T> BodySubscriber<T> receiver(ResponseInfo response, BodyFinisher<T> finisher) {
        ContentDecoder decoder;
        try {
            checkContentLength(response);
            decoder = decoding
                    ? ContentCoding.of(response.headers().allValues("content-encoding"))
                            .newDecoder()
                    : null;
        } catch (IOException | BufferLimitExceededException e) {
            return BodyReceiver.refusing(e);
        }
        return BodyReceiver.receiving(pool, maxBytes, decoder, finisher, timeout, timeoutNanos);
    }

    /** A declared body over the limit is refused before a byte of it is read. */
    private void checkContentLength(ResponseInfo response) {
        int status = response.statusCode();
        if ((status >= 100 && status < 200) || status == 204 || status == 304) {
            return; // RFC 9110 6.4.1: no body, whatever Content-Length says
        }
        Optional<String> declared = response.headers().firstValue("content-length");
        if (declared.isEmpty()) {
            return;
        }
        long length;
        try {
            length = Long.parseLong(declared.get().strip());
        } catch (NumberFormatException e) {
            return; // the client refuses a malformed length itself
        }
        if (length > maxBytes) {
            throw new BufferLimitExceededException("the response body (its Content-Length)", length, maxBytes);
        }
    }

    private static long toNanosOrZero(Duration timeout) {
        try {
            return timeout.toNanos();
        } catch (ArithmeticException tooLong) {
            return 0;
        }
    }

    @Override
    public String toString() {
        return "RecyclableBodyHandler[maxBytes=" + maxBytes + ", decoding=" + decoding
                + timeout().map(t -> ", timeout=" + t).orElse("") + "]";
    }
}
