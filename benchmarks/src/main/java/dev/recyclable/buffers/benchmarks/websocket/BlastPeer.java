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
package dev.recyclable.buffers.benchmarks.websocket;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The npm ws peer in {@code blast-server} mode (buffers-websocket/src/test/node/ws-peer.js),
 * which writes pre-built frames on request. Its directory comes from {@code -Dws.peer.dir}, by
 * default {@code buffers-websocket/src/test/node} under the working directory; {@code npm ci}
 * must have run there (.ci/setup-websocket.sh).
 */
final class BlastPeer implements AutoCloseable {
    private final Process process;
    private final BufferedReader out;
    final int port;

    BlastPeer() throws IOException {
        Path dir = Path.of(System.getProperty("ws.peer.dir", "buffers-websocket/src/test/node"))
                .toAbsolutePath();
        if (!Files.isDirectory(dir.resolve("node_modules/ws"))) {
            throw new IllegalStateException(
                    "npm ws missing in " + dir + ": run .ci/setup-websocket.sh or set -Dws.peer.dir");
        }
        process = new ProcessBuilder("node", "ws-peer.js", "blast-server")
                .directory(dir.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.startsWith("PORT ")) {
            process.destroyForcibly();
            throw new IOException("blast peer did not start: " + line);
        }
        port = Integer.parseInt(line.substring(5).trim());
    }

    /** The SHA-256 (hex) of the payload the peer sends for {@code go <count> <size> <type>}. */
    String digest(int size, String type) throws IOException {
        process.getOutputStream().write(("digest " + size + " " + type + "\n").getBytes(StandardCharsets.US_ASCII));
        process.getOutputStream().flush();
        String line = out.readLine();
        if (line == null || !line.startsWith("DIGEST ")) {
            throw new IOException("blast peer did not answer the digest request: " + line);
        }
        return line.substring(7).trim();
    }

    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // gone already
        }
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
