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
package dev.recyclable.buffers.benchmarks.http;

import dev.recyclable.buffers.http.fixtures.NodeHttpPeer;
import java.net.URI;
import java.net.http.HttpClient;

/**
 * The client side of a benchmark trial against the Node.js peer (Node's own {@code http} and {@code http2}
 * modules, outside this JVM, so that JMH's allocation counts are the client's alone): HTTP/1.1 in the clear, or
 * HTTP/2 over TLS with the certificate the peer was started with, on the JDK client's defaults otherwise.
 */
final class HttpTransport {
    private final NodeHttpPeer peer;
    private final boolean http2;
    private final HttpClient client;

    HttpTransport(NodeHttpPeer peer, String protocol) {
        this.peer = peer;
        this.http2 = switch (protocol) {
            case "HTTP_1_1" -> false;
            case "HTTP_2" -> true;
            default -> throw new IllegalArgumentException("protocol HTTP_1_1 or HTTP_2, not " + protocol);
        };
        HttpClient.Builder builder =
                HttpClient.newBuilder().version(http2 ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1);
        if (http2) {
            builder.sslContext(peer.certificate().clientContext());
        }
        this.client = builder.build();
    }

    HttpClient client() {
        return client;
    }

    URI uri(String pathAndQuery) {
        return http2 ? peer.tls(pathAndQuery) : peer.cleartext(pathAndQuery);
    }

    /** Fails unless the client speaks the protocol it was built for (ALPN could have settled on HTTP/1.1). */
    void check(java.net.http.HttpResponse<?> response) {
        HttpClient.Version expected = http2 ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1;
        if (response.version() != expected) {
            throw new IllegalStateException("the exchange used " + response.version() + ", not " + expected);
        }
    }
}
