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
package dev.recyclable.buffers.http.testing;

import java.net.URI;
import java.net.http.HttpClient;

/** How a test reaches a peer: which server, over what, in which HTTP version. */
public enum Transport {
    /** The JDK's own {@code com.sun.net.httpserver.HttpServer}, in-process, HTTP/1.1 in the clear. */
    JDK_SERVER(HttpClient.Version.HTTP_1_1),
    /** Node's {@code http} module, HTTP/1.1 in the clear. */
    NODE_HTTP1(HttpClient.Version.HTTP_1_1),
    /** Node's {@code http2} secure server answering HTTP/1.1 over TLS (ALPN http/1.1). */
    NODE_HTTP1_TLS(HttpClient.Version.HTTP_1_1),
    /** Node's {@code http2} secure server, HTTP/2 over TLS (ALPN h2). */
    NODE_HTTP2(HttpClient.Version.HTTP_2);

    private final HttpClient.Version version;

    Transport(HttpClient.Version version) {
        this.version = version;
    }

    public HttpClient.Version version() {
        return version;
    }

    /** The URI of {@code pathAndQuery} on this transport's server. */
    public URI uri(Peers peers, String pathAndQuery) {
        return switch (this) {
            case JDK_SERVER -> peers.jdkServer().uri(pathAndQuery);
            case NODE_HTTP1 -> peers.node().cleartext(pathAndQuery);
            case NODE_HTTP1_TLS, NODE_HTTP2 -> peers.node().tls(pathAndQuery);
        };
    }

    /** The client of this transport (the TLS ones trust the node peer's certificate only). */
    public HttpClient client(Peers peers) {
        return switch (this) {
            case JDK_SERVER, NODE_HTTP1 -> peers.cleartextClient();
            case NODE_HTTP1_TLS -> peers.tlsHttp1Client();
            case NODE_HTTP2 -> peers.http2Client();
        };
    }

    /** Whether the server is the node peer, whose log tells what it saw. */
    public boolean isNode() {
        return this != JDK_SERVER;
    }
}
