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
package dev.recyclable.buffers.it;

import com.sun.net.httpserver.HttpServer;
import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.http.client.RecyclableBodyHandler;
import dev.recyclable.buffers.http.client.RecyclableBodyPublisher;
import dev.recyclable.buffers.http.server.RecyclableExchanges;
import dev.recyclable.buffers.interop.NettyViews;
import dev.recyclable.buffers.ssh.HostKeyPolicy;
import dev.recyclable.buffers.ssh.SshCredentials;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketEncoder;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs on the module path ({@code java --module-path ... -m dev.recyclable.buffers.it/...}) during
 * {@code mvn verify}: each check uses a module through its descriptor and fails the build (exit status 1)
 * when a module is not what its descriptor promises.
 */
public final class ModularConsumer {

    private ModularConsumer() {}

    public static void main(String[] args) throws Exception {
        BufferPool pool = BufferPool.builder().build();
        checkModuleGraph();
        checkStreamAndNettyView(pool);
        checkWebSocketRoundTrip(pool);
        checkHttpRoundTrip(pool);
        checkSshFailureIsLoud(pool);
        PoolAssertions.assertNothingInUse(pool);
        // silent when every check holds (README's install prints nothing else); a failed check says why
    }

    /** Every type came from the named module its descriptor declares, and internals stay hidden. */
    private static void checkModuleGraph() {
        Module self = ModularConsumer.class.getModule();
        check(self.isNamed(), "the consumer runs as a named module, not from the class path");
        expectModule(BufferPool.class, "dev.recyclable.buffers");
        expectModule(SshRunner.class, "dev.recyclable.buffers.ssh");
        expectModule(WebSocketDecoder.class, "dev.recyclable.buffers.websocket");
        expectModule(RecyclableBodyHandler.class, "dev.recyclable.buffers.http");
        expectModule(PoolAssertions.class, "dev.recyclable.buffers.testing");
        Module ssh = SshRunner.class.getModule();
        for (String internal : new String[] {
            "dev.recyclable.buffers.ssh.internal",
            "dev.recyclable.buffers.ssh.internal.channel",
            "dev.recyclable.buffers.ssh.internal.keys",
            "dev.recyclable.buffers.ssh.transfer.internal"
        }) {
            check(!ssh.isExported(internal), "buffers-ssh keeps " + internal + " to itself");
        }
        // requires transitive: the consumer reads the core and sshj without naming them
        check(self.canRead(BufferPool.class.getModule()), "buffers-ssh passes on the core (requires transitive)");
        check(
                self.canRead(net.schmizz.sshj.SSHClient.class.getModule()),
                "buffers-ssh passes on sshj (requires transitive)");
        check(
                !RecyclableBodyHandler.class.getModule().isExported("dev.recyclable.buffers.http.internal"),
                "buffers-http keeps its internal package to itself");
        check(
                self.canRead(HttpClient.class.getModule()) && self.canRead(HttpServer.class.getModule()),
                "buffers-http passes on java.net.http and jdk.httpserver (requires transitive)");
        // requires static: the core reads Netty here only because this module asked for it
        check(
                BufferPool.class.getModule().canRead(ByteBuf.class.getModule()),
                "the core reads io.netty.buffer once a consumer resolves it");
    }

    private static void checkStreamAndNettyView(BufferPool pool) throws IOException {
        byte[] data = "hello from the module path".repeat(5_000).getBytes(StandardCharsets.US_ASCII);
        try (RecyclableOutputStream out = pool.newStream("modular-it")) {
            out.write(data);
            check(out.chunkCount() > 1, "the content spans several chunks");
            ByteBuf view = NettyViews.asByteBuf(out);
            try {
                byte[] seen = new byte[view.readableBytes()];
                view.getBytes(0, seen);
                check(java.util.Arrays.equals(data, seen), "the Netty view shows the stream's bytes");
            } finally {
                view.release();
            }
        }
    }

    private static void checkWebSocketRoundTrip(BufferPool pool) throws IOException {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        try (RecyclableOutputStream payload = pool.newStream("ws-out")) {
            payload.write("ping over modules".getBytes(StandardCharsets.UTF_8));
            new WebSocketEncoder(Role.CLIENT, 0).writeMessage(MessageType.TEXT, payload, wire);
        }
        List<String> received = new ArrayList<>();
        try (WebSocketDecoder decoder = new WebSocketDecoder(
                pool, Role.SERVER, WebSocketLimits.DEFAULT, message -> received.add(message.text()))) {
            byte[] frame = wire.toByteArray();
            decoder.feed(frame, 0, frame.length);
        }
        check(received.equals(List.of("ping over modules")), "a masked client frame decodes to its text");
    }

    /**
     * The JDK's HttpServer and HttpClient through buffers-http's descriptor: a request body sent from pooled
     * chunks, read into pooled chunks by the server and echoed from them, received into pooled chunks.
     */
    private static void checkHttpRoundTrip(BufferPool pool) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        server.createContext("/echo", exchange -> {
            try (RecyclableOutputStream body = RecyclableExchanges.readRequestBody(exchange, pool, 1 << 20)) {
                RecyclableExchanges.sendResponse(exchange, 200, body);
            }
        });
        server.start();
        byte[] data = "over HTTP on the module path ".repeat(3_000).getBytes(StandardCharsets.US_ASCII);
        try (RecyclableOutputStream out = pool.newStream("modular-it-http")) {
            out.write(data);
            try (RecyclableBodyPublisher body = RecyclableBodyPublisher.of(out)) {
                URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/echo");
                HttpResponse<RecyclableOutputStream> response = HttpClient.newHttpClient()
                        .send(HttpRequest.newBuilder(uri).POST(body).build(), RecyclableBodyHandler.of(pool, 1 << 20));
                try (RecyclableOutputStream echoed = response.body()) {
                    check(
                            java.util.Arrays.equals(
                                    data, echoed.newInputStream().readAllBytes()),
                            "the body went out of pooled chunks and came back into them");
                }
            }
        } finally {
            server.stop(0);
        }
    }

    /**
     * sshj (an automatic module) and its providers load through buffers-ssh's descriptor, and a server that
     * hangs up during the handshake is an exception, never a connected runner.
     */
    private static void checkSshFailureIsLoud(BufferPool pool) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread hangUp = new Thread(() -> {
                try (Socket s = server.accept()) {
                    s.getOutputStream().write("SSH-2.0-modular-it\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // the client side reports the failure; nothing to add here
                }
            });
            hangUp.start();
            try (SshRunner runner = SshRunner.builder("127.0.0.1")
                    .port(server.getLocalPort())
                    .pool(pool)
                    .credentials(SshCredentials.password("nobody", "x".toCharArray()))
                    .hostKeys(HostKeyPolicy.acceptAnyHostKeyInsecurely())
                    .connectTimeout(Duration.ofSeconds(10))
                    .connect()) {
                throw new AssertionError("connected to a server that hung up: " + runner);
            } catch (IOException expected) {
                // the connect fails loudly, as it must
            } finally {
                hangUp.join(10_000);
            }
        }
    }

    private static void expectModule(Class<?> type, String module) {
        check(
                module.equals(type.getModule().getName()),
                type.getName() + " is in module " + module + ", found " + type.getModule());
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("modular consumer: expected that " + what);
        }
    }
}
