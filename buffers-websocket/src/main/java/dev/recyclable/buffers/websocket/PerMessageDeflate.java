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

import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A permessage-deflate extension (RFC 7692) agreed for one connection: the negotiated
 * parameters, this endpoint's role and {@link DeflateOptions}, and the factory of the
 * connection's {@link MessageInflater} and {@link MessageDeflater}.
 *
 * <p><b>Negotiation.</b> A server calls {@link #negotiateAsServer} with the client's
 * {@code Sec-WebSocket-Extensions} header and, when an offer is acceptable, sends
 * {@link #headerValue()} back. A client sends {@link #clientOffer} and hands the server's answer
 * to {@link #acceptAsClient}. The JDK's {@link java.util.zip.Deflater} has no window-size
 * setting (it always uses 32 KiB, 15 bits), so a server declines an offer whose
 * {@code server_max_window_bits} is below 15 and a client never offers
 * {@code client_max_window_bits}; any window the peer compresses with can be inflated, so the
 * peer's own {@code *_max_window_bits} limits are always acceptable.
 *
 * <p>Immutable apart from the count of zlib objects it created that are not yet ended
 * ({@link #openCodecs()}), which tests use to prove native memory is given back.
 */
public final class PerMessageDeflate {
    /** The extension token in {@code Sec-WebSocket-Extensions}. */
    public static final String NAME = "permessage-deflate";
    /** The HTTP header that carries offers and the answer. */
    public static final String HEADER = "Sec-WebSocket-Extensions";

    private static final String SERVER_NO_CONTEXT_TAKEOVER = "server_no_context_takeover";
    private static final String CLIENT_NO_CONTEXT_TAKEOVER = "client_no_context_takeover";
    private static final String SERVER_MAX_WINDOW_BITS = "server_max_window_bits";
    private static final String CLIENT_MAX_WINDOW_BITS = "client_max_window_bits";
    /** The only window the JDK's deflater uses. */
    private static final int JDK_WINDOW_BITS = 15;

    private final Role role;
    private final DeflateOptions options;
    private final boolean serverNoContextTakeover;
    private final boolean clientNoContextTakeover;
    private final int serverMaxWindowBits;
    private final AtomicInteger openCodecs = new AtomicInteger();

    private PerMessageDeflate(
            Role role,
            DeflateOptions options,
            boolean serverNoContextTakeover,
            boolean clientNoContextTakeover,
            int serverMaxWindowBits) {
        this.role = role;
        this.options = options;
        this.serverNoContextTakeover = serverNoContextTakeover;
        this.clientNoContextTakeover = clientNoContextTakeover;
        this.serverMaxWindowBits = serverMaxWindowBits;
    }

    /**
     * A server's choice among the client's offers: the first acceptable one, or empty when none
     * is (then the server answers without the extension; the handshake goes on). Malformed
     * offers, unknown parameters and {@code server_max_window_bits} below 15 are declined.
     *
     * @param offers the request's {@code Sec-WebSocket-Extensions} value(s), comma-joined; may be null
     */
    public static Optional<PerMessageDeflate> negotiateAsServer(String offers, DeflateOptions options) {
        Objects.requireNonNull(options, "options");
        for (ExtensionHeader.Element offer : ExtensionHeader.parse(offers)) {
            if (!offer.name().equals(NAME)) {
                continue;
            }
            Optional<PerMessageDeflate> accepted = acceptOffer(offer, options);
            if (accepted.isPresent()) {
                return accepted;
            }
        }
        return Optional.empty();
    }

    private static Optional<PerMessageDeflate> acceptOffer(ExtensionHeader.Element offer, DeflateOptions options) {
        Set<String> seen = new HashSet<>();
        boolean serverReset = options.serverNoContextTakeover();
        boolean clientReset = options.clientNoContextTakeover();
        int serverBits = 0;
        for (ExtensionHeader.Param p : offer.params()) {
            if (!seen.add(p.name())) {
                return Optional.empty(); // RFC 7692 7: a parameter twice makes the offer invalid
            }
            switch (p.name()) {
                case SERVER_NO_CONTEXT_TAKEOVER -> {
                    if (p.value() != null) {
                        return Optional.empty();
                    }
                    serverReset = true;
                }
                case CLIENT_NO_CONTEXT_TAKEOVER -> {
                    if (p.value() != null) {
                        return Optional.empty();
                    }
                    clientReset = true; // a hint we may take: it costs us nothing
                }
                case SERVER_MAX_WINDOW_BITS -> {
                    int bits = windowBits(p.value());
                    if (bits != JDK_WINDOW_BITS) {
                        return Optional.empty(); // malformed, or a window our deflater cannot keep to
                    }
                    serverBits = bits;
                }
                case CLIENT_MAX_WINDOW_BITS -> {
                    // the client can limit its window; we inflate any window, so we need not ask
                    if (p.value() != null && windowBits(p.value()) < 0) {
                        return Optional.empty();
                    }
                }
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(new PerMessageDeflate(Role.SERVER, options, serverReset, clientReset, serverBits));
    }

    /** The header value a client sends to offer the extension with {@code options}. */
    public static String clientOffer(DeflateOptions options) {
        StringBuilder s = new StringBuilder(NAME);
        if (options.serverNoContextTakeover()) {
            s.append("; ").append(SERVER_NO_CONTEXT_TAKEOVER);
        }
        if (options.clientNoContextTakeover()) {
            s.append("; ").append(CLIENT_NO_CONTEXT_TAKEOVER);
        }
        return s.toString();
    }

    /**
     * A client's reading of the server's answer to {@link #clientOffer(DeflateOptions)}.
     *
     * @param response the response's {@code Sec-WebSocket-Extensions} value; null or blank when
     *                 the server declined
     * @return the agreement, or empty when the server declined
     * @throws IllegalArgumentException when the answer is not one the offer allows (another
     *                                  extension, an unknown or repeated parameter, a
     *                                  {@code client_max_window_bits} that was not offered): the
     *                                  client must then fail the connection (RFC 7692 section 5)
     */
    public static Optional<PerMessageDeflate> acceptAsClient(String response, DeflateOptions options) {
        Objects.requireNonNull(options, "options");
        var elements = ExtensionHeader.parse(response);
        if (elements.isEmpty()) {
            return Optional.empty();
        }
        if (elements.size() > 1 || !elements.get(0).name().equals(NAME)) {
            throw new IllegalArgumentException("server answered with extensions that were not offered: " + response);
        }
        Set<String> seen = new HashSet<>();
        boolean serverReset = false;
        boolean clientReset = options.clientNoContextTakeover();
        int serverBits = 0;
        for (ExtensionHeader.Param p : elements.get(0).params()) {
            if (!seen.add(p.name())) {
                throw new IllegalArgumentException("parameter " + p.name() + " repeated in " + response);
            }
            switch (p.name()) {
                case SERVER_NO_CONTEXT_TAKEOVER -> serverReset = noValue(p, response);
                case CLIENT_NO_CONTEXT_TAKEOVER -> clientReset = noValue(p, response);
                case SERVER_MAX_WINDOW_BITS -> {
                    serverBits = windowBits(p.value());
                    if (serverBits < 0) {
                        throw new IllegalArgumentException("invalid " + p.name() + " in " + response);
                    }
                }
                // we never offer client_max_window_bits: the JDK's deflater cannot narrow its window
                default -> throw new IllegalArgumentException("parameter " + p.name() + " not offered: " + response);
            }
        }
        return Optional.of(new PerMessageDeflate(Role.CLIENT, options, serverReset, clientReset, serverBits));
    }

    private static boolean noValue(ExtensionHeader.Param p, String header) {
        if (p.value() != null) {
            throw new IllegalArgumentException(p.name() + " takes no value: " + header);
        }
        return true;
    }

    /** 8..15, or -1 when {@code value} is absent or not such a number. */
    private static int windowBits(String value) {
        if (value == null || value.isEmpty() || value.length() > 2) {
            return -1;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return -1;
            }
        }
        int bits = Integer.parseInt(value);
        return bits >= 8 && bits <= 15 ? bits : -1;
    }

    /**
     * The agreed parameters as a {@code Sec-WebSocket-Extensions} value: what a server sends in
     * its response.
     */
    public String headerValue() {
        StringBuilder s = new StringBuilder(NAME);
        if (serverNoContextTakeover) {
            s.append("; ").append(SERVER_NO_CONTEXT_TAKEOVER);
        }
        if (clientNoContextTakeover) {
            s.append("; ").append(CLIENT_NO_CONTEXT_TAKEOVER);
        }
        if (serverMaxWindowBits != 0) {
            s.append("; ").append(SERVER_MAX_WINDOW_BITS).append('=').append(serverMaxWindowBits);
        }
        return s.toString();
    }

    public Role role() {
        return role;
    }

    public DeflateOptions options() {
        return options;
    }

    public boolean serverNoContextTakeover() {
        return serverNoContextTakeover;
    }

    public boolean clientNoContextTakeover() {
        return clientNoContextTakeover;
    }

    /** The server's window limit that was agreed, or 0 when none was (15 bits then). */
    public int serverMaxWindowBits() {
        return serverMaxWindowBits;
    }

    /**
     * A new inflater for the messages this endpoint receives; it resets per message when the
     * peer's side has no context takeover. Owned by the decoder it is given to.
     */
    public MessageInflater newInflater() {
        boolean peerResets = role == Role.SERVER ? clientNoContextTakeover : serverNoContextTakeover;
        openCodecs.incrementAndGet();
        return new MessageInflater(peerResets, openCodecs::decrementAndGet);
    }

    /**
     * A new deflater for the messages this endpoint sends; it resets per message when this
     * side has no context takeover. Owned by the encoder it is given to.
     */
    public MessageDeflater newDeflater() {
        boolean weReset = role == Role.SERVER ? serverNoContextTakeover : clientNoContextTakeover;
        openCodecs.incrementAndGet();
        return new MessageDeflater(
                options.compressionLevel(), options.threshold(), weReset, openCodecs::decrementAndGet);
    }

    /** How many inflaters and deflaters made by this agreement still hold native zlib memory. */
    public int openCodecs() {
        return openCodecs.get();
    }

    @Override
    public String toString() {
        return role + " " + headerValue();
    }
}
