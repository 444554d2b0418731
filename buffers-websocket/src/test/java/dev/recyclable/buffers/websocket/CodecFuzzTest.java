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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Coverage-guided fuzz targets (Jazzer) for the parts of the WebSocket module that a peer's bytes
 * reach on their own: the permessage-deflate inflater and its limit, the extension header parser
 * and negotiation, and the UTF-8 validator. Each is checked against a reference: zlib used
 * plainly through {@link Inflater}, the RFC 7692 agreement seen from both ends, and the JDK's UTF-8
 * decoder. Corpora: {@code src/test/resources/dev/recyclable/buffers/websocket/CodecFuzzTestInputs/}.
 */
class CodecFuzzTest {
    private static final BufferPool HEAP = DecoderFuzzTest.pool(false);
    private static final BufferPool DIRECT = DecoderFuzzTest.pool(true);
    private static final byte[] TAIL = {0, 0, (byte) 0xff, (byte) 0xff};
    private static final int INPUT_SIZE = 8 * 1024;
    /**
     * The reference's verdict when zlib found invalid data in a call whose output could reach past
     * the limit: the {@link Inflater} loses the count of the bytes it wrote before the error, so
     * which came first in the stream is unknown to it (zlib writes a symbol, then fails on the next
     * one in the same call), and either close code is right.
     */
    private static final int INVALID_OR_TOO_BIG = -1;

    /**
     * Messages of any compressed bytes, cut into any pieces, inflate into the message stream to
     * exactly what zlib gives, or fail with 1009 exactly when zlib's output passes the limit first
     * and with 1007 exactly when zlib finds the data invalid (or trailing after a final block)
     * first. Context carries over between messages unless the peer resets it.
     */
    @FuzzTest(maxDuration = "5m")
    void inflaterMatchesZlib(FuzzedDataProvider data) {
        boolean resetPerMessage = data.consumeBoolean();
        long limit = data.consumeLong(0, 1 << 18);
        BufferPool pool = data.consumeBoolean() ? DIRECT : HEAP;
        int messages = data.consumeInt(1, 4);
        Inflater reference = new Inflater(true);
        try (MessageInflater inflater = new MessageInflater(resetPerMessage, () -> {})) {
            for (int m = 0; m < messages; m++) {
                byte[] payload = m == messages - 1
                        ? data.consumeRemainingAsBytes()
                        : data.consumeBytes(data.consumeInt(0, 3 * INPUT_SIZE));
                int piece = data.consumeInt(1, INPUT_SIZE);
                ByteArrayOutputStream expected = new ByteArrayOutputStream();
                int expectedCode = referenceMessage(reference, payload, limit, resetPerMessage, expected);
                int code = 0;
                long[] checked = {0};
                try (RecyclableOutputStream message = pool.newStream()) {
                    MessageInflater.InflatedBytes check = (window, index, length) -> {
                        assertTrue(length > 0 && index >= 0 && index + length <= window.limit(), "inflated run");
                        checked[0] += length;
                    };
                    try {
                        for (int at = 0; at < payload.length; at += piece) {
                            int n = Math.min(piece, payload.length - at);
                            System.arraycopy(payload, at, inflater.input(), 0, n);
                            inflater.inflate(n, message, limit, check);
                        }
                        inflater.finishMessage(message, limit, check);
                    } catch (WebSocketProtocolException e) {
                        code = e.closeCode();
                    }
                    if (expectedCode == INVALID_OR_TOO_BIG) {
                        assertTrue(
                                code == CloseCodes.INVALID_PAYLOAD || code == CloseCodes.MESSAGE_TOO_BIG,
                                "message " + m + ": close code " + code + ", expected 1007 or 1009");
                    } else {
                        assertEquals(expectedCode, code, "message " + m + ": close code (0: none)");
                    }
                    if (code != 0) {
                        break; // the connection fails: nothing after it is inflated
                    }
                    assertTrue(message.length() <= limit, "over the limit");
                    assertEquals(message.length(), checked[0], "every inflated byte was shown to the check");
                    assertArrayEquals(expected.toByteArray(), message.toByteArray(), "message " + m);
                }
            }
        } finally {
            reference.end();
        }
        DecoderFuzzTest.assertPoolAsNew(pool);
    }

    /**
     * One message inflated by plain zlib, as RFC 7692 says: the payload, then the stripped tail
     * unless the payload was empty or ended the DEFLATE stream. Returns 0, or the close code of
     * whichever came first in the output: passing {@code limit} (1009) or invalid data (1007), or
     * {@link #INVALID_OR_TOO_BIG} when the two cannot be told apart.
     */
    private static int referenceMessage(
            Inflater z, byte[] payload, long limit, boolean resetPerMessage, ByteArrayOutputStream out) {
        int code = 0;
        if (payload.length > 0) {
            code = inflateAll(z, payload, limit, out);
            if (code == 0 && !z.finished()) {
                code = inflateAll(z, TAIL, limit, out);
            }
        }
        if (resetPerMessage || z.finished()) {
            z.reset();
        }
        return code;
    }

    private static int inflateAll(Inflater z, byte[] in, long limit, ByteArrayOutputStream out) {
        if (z.finished()) {
            return CloseCodes.INVALID_PAYLOAD; // only called with input
        }
        z.setInput(in);
        byte[] buf = new byte[4096];
        while (true) {
            // never more than one byte past the limit per call: the output before an error is then known
            int want = (int) Math.min(buf.length, limit + 1 - out.size());
            int n;
            try {
                n = z.inflate(buf, 0, want);
            } catch (DataFormatException e) {
                // bytes written in the failing call are not counted: up to want of them
                return out.size() + want > limit ? INVALID_OR_TOO_BIG : CloseCodes.INVALID_PAYLOAD;
            }
            out.write(buf, 0, n);
            if (out.size() > limit) {
                return CloseCodes.MESSAGE_TOO_BIG;
            }
            if (z.finished()) {
                return z.getRemaining() > 0 ? CloseCodes.INVALID_PAYLOAD : 0;
            }
            if (n == 0) {
                return z.needsInput() ? 0 : CloseCodes.INVALID_PAYLOAD;
            }
        }
    }

    /**
     * Any {@code Sec-WebSocket-Extensions} value parses without an exception into lower-case,
     * trimmed names; a server never throws on an offer, and what it accepts a client reading the
     * answer agrees to, parameter for parameter; a client refuses a bad answer only with
     * {@link IllegalArgumentException}, and reads its own agreement's header back to the same one.
     */
    @FuzzTest(maxDuration = "5m")
    void extensionHeaderNegotiation(FuzzedDataProvider data) {
        DeflateOptions options = DeflateOptions.DEFAULT
                .withServerNoContextTakeover(data.consumeBoolean())
                .withClientNoContextTakeover(data.consumeBoolean());
        String header = data.consumeRemainingAsString();

        for (ExtensionHeader.Element e : ExtensionHeader.parse(header)) {
            assertFalse(e.name().isEmpty(), "an empty extension name");
            assertEquals(e.name().trim().toLowerCase(Locale.ROOT), e.name(), "a name as parsed");
            for (ExtensionHeader.Param p : e.params()) {
                assertEquals(p.name().trim().toLowerCase(Locale.ROOT), p.name(), "a parameter name as parsed");
            }
        }

        Optional<PerMessageDeflate> server = PerMessageDeflate.negotiateAsServer(header, options);
        if (server.isPresent()) {
            assertTrue(
                    ExtensionHeader.parse(header).stream()
                            .anyMatch(e -> e.name().equals(PerMessageDeflate.NAME)),
                    "accepted an offer that was not made");
            PerMessageDeflate client = PerMessageDeflate.acceptAsClient(
                            server.get().headerValue(), options)
                    .orElseThrow();
            assertSameAgreement(server.get(), client);
        }
        Optional<PerMessageDeflate> client;
        try {
            client = PerMessageDeflate.acceptAsClient(header, options);
        } catch (IllegalArgumentException refused) {
            return;
        }
        if (client.isPresent()) {
            PerMessageDeflate again = PerMessageDeflate.acceptAsClient(
                            client.get().headerValue(), options)
                    .orElseThrow();
            assertSameAgreement(client.get(), again);
        } else {
            assertTrue(ExtensionHeader.parse(header).isEmpty(), "an answer read as a refusal");
        }
    }

    private static void assertSameAgreement(PerMessageDeflate a, PerMessageDeflate b) {
        assertEquals(a.serverNoContextTakeover(), b.serverNoContextTakeover(), "server_no_context_takeover");
        assertEquals(a.clientNoContextTakeover(), b.clientNoContextTakeover(), "client_no_context_takeover");
        assertEquals(a.serverMaxWindowBits(), b.serverMaxWindowBits(), "server_max_window_bits");
        assertEquals(a.headerValue(), b.headerValue());
    }

    /**
     * Any bytes, fed in any pieces through the array, heap-buffer and direct-buffer paths, are
     * judged as the JDK's strict UTF-8 decoder judges them: complete and valid, a valid prefix
     * (cut inside a sequence that some continuation bytes complete), or invalid.
     */
    @FuzzTest(maxDuration = "5m")
    void utf8ValidatorAgreesWithTheJdk(FuzzedDataProvider data) {
        long seed = data.consumeLong();
        byte[] bytes = data.consumeRemainingAsBytes();
        java.util.Random random = new java.util.Random(seed);

        CharsetDecoder jdk = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CoderResult prefix = jdk.decode(in, CharBuffer.allocate(bytes.length + 1), false);
        // the JDK stops at a cut sequence without asking whether it can still be completed (it
        // takes ED BF for a prefix, though only ED 80..9F may start a scalar value): ask it for
        // each completion instead
        // (a lone lead byte it judges exactly)
        boolean validPrefix = !prefix.isError()
                && (in.remaining() < 2 || completable(Arrays.copyOfRange(bytes, in.position(), bytes.length)));
        boolean complete = DecoderFuzzTest.jdkAcceptsUtf8(bytes);

        Utf8Validator validator = new Utf8Validator();
        boolean stillValid = true;
        for (int at = 0; at < bytes.length; ) {
            int n = Math.min(bytes.length - at, 1 + random.nextInt(random.nextBoolean() ? 9 : 200));
            boolean ok = switch (random.nextInt(3)) {
                case 0 -> validator.update(bytes, at, n);
                case 1 -> {
                    byte[] shifted = new byte[n + 3];
                    System.arraycopy(bytes, at, shifted, 3, n);
                    ByteBuffer heap = ByteBuffer.wrap(shifted, 3, n).slice();
                    yield validator.update(heap);
                }
                default -> {
                    ByteBuffer direct = ByteBuffer.allocateDirect(n + 5);
                    direct.position(5);
                    direct.put(bytes, at, n);
                    yield validator.update(direct, 5, n);
                }
            };
            if (!ok) {
                stillValid = false;
            }
            assertEquals(stillValid, validator.isValidSoFar(), "update's verdict and isValidSoFar()");
            at += n;
        }
        assertEquals(validPrefix, validator.isValidSoFar(), () -> "valid so far: " + hex(bytes));
        assertEquals(complete, validator.isComplete(), () -> "complete: " + hex(bytes));
        assertEquals(complete, Utf8Validator.isValid(bytes, 0, bytes.length), () -> "isValid: " + hex(bytes));
    }

    /** Whether continuation bytes can complete {@code cut}, a sequence's first 1 to 3 bytes, into valid UTF-8. */
    private static boolean completable(byte[] cut) {
        int lead = cut[0] & 0xFF;
        int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        byte[] sequence = Arrays.copyOf(cut, Math.max(length, cut.length));
        return completable(sequence, cut.length);
    }

    private static boolean completable(byte[] sequence, int at) {
        if (at == sequence.length) {
            return DecoderFuzzTest.jdkAcceptsUtf8(sequence);
        }
        for (int b = 0x80; b <= 0xBF; b++) {
            sequence[at] = (byte) b;
            if (completable(sequence, at + 1)) {
                return true;
            }
        }
        return false;
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : Arrays.copyOf(bytes, Math.min(bytes.length, 64))) {
            s.append(String.format("%02x ", b & 0xFF));
        }
        return s.toString();
    }
}
