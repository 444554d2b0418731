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
package dev.recyclable.buffers.websocket.interop;

import dev.recyclable.buffers.websocket.WebSocketDecoder;
import dev.recyclable.buffers.websocket.WebSocketProtocolException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * A blocking WebSocket client over a plain socket: the HTTP upgrade by hand, then our encoder
 * writes and our decoder reads straight from the socket, as a raw-socket peer would.
 */
final class RawWebSocketClient implements AutoCloseable {
    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    final Socket socket;
    final OutputStream out;
    final InputStream in;
    private final byte[] readBuffer = new byte[64 * 1024];

    RawWebSocketClient(int port, String path) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(60_000);
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        in = socket.getInputStream();
        handshake(port, path);
    }

    private void handshake(int port, String path) throws IOException {
        byte[] nonce = new byte[16];
        new java.security.SecureRandom().nextBytes(nonce);
        String key = Base64.getEncoder().encodeToString(nonce);
        String request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key
                + "\r\nSec-WebSocket-Version: 13\r\n\r\n";
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read(); // byte by byte: nothing after the blank line may be swallowed
            if (b < 0) {
                throw new IOException("connection closed during handshake: " + head);
            }
            head.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String response = head.toString(StandardCharsets.US_ASCII);
        if (!response.startsWith("HTTP/1.1 101")) {
            throw new IOException("upgrade refused: " + response);
        }
        String expected = accept(key);
        if (!response.toLowerCase().contains("sec-websocket-accept: " + expected.toLowerCase())) {
            throw new IOException("bad Sec-WebSocket-Accept, expected " + expected + " in " + response);
        }
    }

    static String accept(String key) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            return Base64.getEncoder().encodeToString(sha1.digest((key + GUID).getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads from the socket into {@code decoder} until {@code done} says stop or the peer closes. */
    void readUntil(WebSocketDecoder decoder, java.util.function.BooleanSupplier done)
            throws IOException, WebSocketProtocolException {
        while (!done.getAsBoolean() && !decoder.isDone()) {
            int n = in.read(readBuffer);
            if (n < 0) {
                return;
            }
            decoder.feed(readBuffer, 0, n);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
