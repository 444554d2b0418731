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

import dev.recyclable.buffers.http.fixtures.NodeHttpPeer;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The peers a test class talks to, started once for the class: the Node.js peer (cleartext
 * HTTP/1.1, and HTTP/2 or HTTP/1.1 over TLS), the JDK's HttpServer in-process, and a client per
 * transport, all on one executor of the test's, so that nothing outlives the class.
 */
public final class Peers implements AutoCloseable {
    private final NodeHttpPeer node;
    private final JdkServer jdkServer;
    private final ExecutorService clientThreads = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "http-test-client");
        t.setDaemon(true);
        return t;
    });
    private final HttpClient cleartext;
    private final HttpClient tlsHttp1;
    private final HttpClient http2;

    private Peers(NodeHttpPeer node, JdkServer jdkServer) {
        this.node = node;
        this.jdkServer = jdkServer;
        this.cleartext = newClient(HttpClient.Version.HTTP_1_1).build();
        this.tlsHttp1 = newClient(HttpClient.Version.HTTP_1_1)
                .sslContext(node.certificate().clientContext())
                .build();
        this.http2 = newClient(HttpClient.Version.HTTP_2)
                .sslContext(node.certificate().clientContext())
                .build();
    }

    public static Peers start() throws Exception {
        NodeHttpPeer node = NodeHttpPeer.start();
        try {
            return new Peers(node, new JdkServer());
        } catch (Exception | Error e) {
            node.close();
            throw e;
        }
    }

    /** A client builder on this class's executor, for tests that need their own client. */
    public HttpClient.Builder newClient(HttpClient.Version version) {
        return HttpClient.newBuilder().version(version).executor(clientThreads);
    }

    /** A new TLS client of {@code version} trusting the node peer, for tests that need their own client. */
    public HttpClient.Builder newTlsClient(HttpClient.Version version) {
        return newClient(version).sslContext(node.certificate().clientContext());
    }

    public NodeHttpPeer node() {
        return node;
    }

    public JdkServer jdkServer() {
        return jdkServer;
    }

    HttpClient cleartextClient() {
        return cleartext;
    }

    HttpClient tlsHttp1Client() {
        return tlsHttp1;
    }

    HttpClient http2Client() {
        return http2;
    }

    @Override
    public void close() throws Exception {
        try {
            jdkServer.close();
        } finally {
            node.close();
            clientThreads.shutdownNow();
            clientThreads.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
