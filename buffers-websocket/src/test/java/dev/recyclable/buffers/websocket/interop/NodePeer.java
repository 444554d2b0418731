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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The npm {@code ws} peer (src/test/node/ws-peer.js) in a child {@code node} process. Servers
 * listen on 127.0.0.1 and stop when their stdin closes; {@link #close()} ends the process in
 * any case. Output lines are collected for assertions and failure messages.
 */
final class NodePeer implements AutoCloseable {
    static final Path NODE_DIR = Path.of("src", "test", "node").toAbsolutePath();

    private final Process process;
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final StringBuffer errors = new StringBuffer();

    private NodePeer(Process process) {
        this.process = process;
        Thread out = new Thread(
                () -> pump(
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)),
                        true),
                "ws-peer-stdout");
        Thread err = new Thread(
                () -> pump(
                        new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)),
                        false),
                "ws-peer-stderr");
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
    }

    /** Starts ws-peer.js in the given mode. */
    static NodePeer start(String... args) throws IOException {
        return startScript("ws-peer.js", args);
    }

    /** Starts one of the scripts in src/test/node (ws-peer.js, ws-raw-peer.js, ws-deflate-peer.js). */
    static NodePeer startScript(String script, String... args) throws IOException {
        if (!Files.isDirectory(NODE_DIR.resolve("node_modules").resolve("ws"))) {
            throw new IllegalStateException(
                    "npm ws is not installed in " + NODE_DIR + ": run .ci/setup-websocket.sh (npm ci there)");
        }
        List<String> command = new ArrayList<>();
        command.add("node");
        command.add(script);
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(NODE_DIR.toFile()).start();
        return new NodePeer(p);
    }

    private void pump(BufferedReader reader, boolean stdout) {
        try (reader) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (stdout) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                } else {
                    errors.append(line).append('\n');
                }
            }
        } catch (IOException ignored) {
            // the process ended
        }
    }

    /** Waits for the "PORT n" line of a server mode. */
    int port() throws InterruptedException {
        String line = awaitLine("PORT ", 15_000);
        return Integer.parseInt(line.substring(5).trim());
    }

    /** Waits for a line starting with {@code prefix}; fails with everything seen so far. */
    String awaitLine(String prefix, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        synchronized (lines) {
            while (true) {
                for (String l : lines) {
                    if (l.startsWith(prefix)) {
                        return l;
                    }
                }
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    throw new AssertionError(
                            "node peer never printed '" + prefix + "'; output " + lines + "; errors " + errors);
                }
                lines.wait(left);
            }
        }
    }

    /** Waits for the process to end by itself and returns its exit code. */
    int awaitExit(long timeoutMillis) throws InterruptedException {
        if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("node peer still running; output " + lines + "; errors " + errors);
        }
        return process.exitValue();
    }

    /** The output lines so far. */
    List<String> lines() {
        synchronized (lines) {
            return new ArrayList<>(lines);
        }
    }

    String output() {
        return lines + " / stderr: " + errors;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already gone
        }
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
