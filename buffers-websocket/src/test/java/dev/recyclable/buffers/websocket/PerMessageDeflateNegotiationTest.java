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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 7692 section 7.1 negotiation, as a server and as a client, with what the JDK's zlib can honour. */
class PerMessageDeflateNegotiationTest {
    private static Optional<PerMessageDeflate> server(String offers) {
        return PerMessageDeflate.negotiateAsServer(offers, DeflateOptions.DEFAULT);
    }

    private static String answer(String offers) {
        return server(offers).map(PerMessageDeflate::headerValue).orElse(null);
    }

    @Test
    void plainOfferIsAcceptedWithContextTakeover() {
        PerMessageDeflate d = server("permessage-deflate").orElseThrow();
        assertEquals("permessage-deflate", d.headerValue());
        assertEquals(Role.SERVER, d.role());
        assertFalse(d.serverNoContextTakeover());
        assertFalse(d.clientNoContextTakeover());
    }

    @Test
    void browsersOfferIsAccepted() {
        // what Chrome and Firefox send: we inflate any client window, so no client_max_window_bits in the answer
        assertEquals("permessage-deflate", answer("permessage-deflate; client_max_window_bits"));
        assertEquals("permessage-deflate", answer("permessage-deflate; client_max_window_bits=10"));
    }

    @Test
    void noContextTakeoverRequestsAreHonoured() {
        assertEquals(
                "permessage-deflate; server_no_context_takeover",
                answer("permessage-deflate; server_no_context_takeover"));
        assertEquals(
                "permessage-deflate; client_no_context_takeover",
                answer("permessage-deflate; client_no_context_takeover"));
        assertEquals(
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover",
                answer("PerMessage-Deflate ; Client_No_Context_Takeover ;server_no_context_takeover"));
    }

    @Test
    void serverOptionsAddTheirOwnRequirements() {
        DeflateOptions both =
                DeflateOptions.DEFAULT.withServerNoContextTakeover(true).withClientNoContextTakeover(true);
        PerMessageDeflate d =
                PerMessageDeflate.negotiateAsServer("permessage-deflate", both).orElseThrow();
        assertEquals("permessage-deflate; server_no_context_takeover; client_no_context_takeover", d.headerValue());
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 9, 10, 14})
    void serverWindowBelow15IsDeclinedBecauseTheJdkDeflaterCannotNarrowItsWindow(int bits) {
        assertEquals(Optional.empty(), server("permessage-deflate; server_max_window_bits=" + bits));
        // ... but a fallback offer behind it is taken (RFC 7692 5.1: the first acceptable one)
        assertEquals(
                "permessage-deflate; client_no_context_takeover",
                answer("permessage-deflate; server_max_window_bits=" + bits
                        + ", permessage-deflate; client_no_context_takeover"));
    }

    @Test
    void serverWindowOf15IsAcceptedAndEchoed() {
        assertEquals(
                "permessage-deflate; server_max_window_bits=15",
                answer("permessage-deflate; server_max_window_bits=15"));
        assertEquals(
                "permessage-deflate; server_max_window_bits=15",
                answer("permessage-deflate; server_max_window_bits=\"15\""));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "permessage-deflate; server_max_window_bits", // value required
                "permessage-deflate; server_max_window_bits=16",
                "permessage-deflate; client_max_window_bits=7",
                "permessage-deflate; client_max_window_bits=abc",
                "permessage-deflate; server_no_context_takeover=1", // takes no value
                "permessage-deflate; client_no_context_takeover; client_no_context_takeover",
                "permessage-deflate; mystery_param",
                "x-webkit-deflate-frame",
                "",
            })
    void invalidOrForeignOffersAreDeclinedNotFailed(String offer) {
        assertEquals(Optional.empty(), server(offer));
    }

    @Test
    void otherExtensionsAroundAreSkipped() {
        assertEquals("permessage-deflate", answer("x-foo; a=\"1,2\", permessage-deflate, x-bar"));
        assertEquals(Optional.empty(), server(null));
    }

    @Test
    void clientOfferNeverIncludesClientMaxWindowBits() {
        assertEquals("permessage-deflate", PerMessageDeflate.clientOffer(DeflateOptions.DEFAULT));
        assertEquals(
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover",
                PerMessageDeflate.clientOffer(
                        DeflateOptions.DEFAULT.withServerNoContextTakeover(true).withClientNoContextTakeover(true)));
    }

    @Test
    void clientAcceptsWhatItsOfferAllows() {
        assertEquals(Optional.empty(), PerMessageDeflate.acceptAsClient(null, DeflateOptions.DEFAULT));
        assertEquals(Optional.empty(), PerMessageDeflate.acceptAsClient("", DeflateOptions.DEFAULT));
        PerMessageDeflate d = PerMessageDeflate.acceptAsClient(
                        "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10",
                        DeflateOptions.DEFAULT)
                .orElseThrow();
        assertEquals(Role.CLIENT, d.role());
        assertTrue(d.serverNoContextTakeover());
        assertTrue(d.clientNoContextTakeover());
        assertEquals(10, d.serverMaxWindowBits()); // the server narrows its own window: we inflate any
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "permessage-deflate; client_max_window_bits=10", // not offered: we cannot narrow our window
                "permessage-deflate; client_max_window_bits",
                "permessage-deflate; server_max_window_bits=20",
                "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
                "permessage-deflate; unknown",
                "x-other",
                "permessage-deflate, permessage-deflate",
            })
    void clientRefusesAnswersItsOfferDoesNotAllow(String response) {
        assertThrows(
                IllegalArgumentException.class,
                () -> PerMessageDeflate.acceptAsClient(response, DeflateOptions.DEFAULT));
    }

    @Test
    void codecsAreCountedUntilEnded() {
        PerMessageDeflate d = server("permessage-deflate").orElseThrow();
        MessageInflater in = d.newInflater();
        MessageDeflater out = d.newDeflater();
        assertEquals(2, d.openCodecs());
        in.close();
        in.close();
        out.close();
        out.close();
        assertEquals(0, d.openCodecs());
        assertTrue(in.isEnded() && out.isEnded());
    }
}
