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

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A headless Chromium (Debian's {@code chromium}, installed by {@code .ci/setup-browser.sh})
 * showing one URL, with a fresh empty profile that is deleted on {@link #close()}. Found as
 * {@code $RB_CHROMIUM} or on the PATH; when there is none, {@link #open} throws, so a test that
 * needs a browser fails instead of skipping.
 *
 * <p>The flags keep it off the network (no background requests, updates, sync or QUIC: this
 * machine's closed network refuses them) and let it run as root without a GPU.
 */
final class HeadlessChromium implements AutoCloseable {
    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");
    private static final List<String> FLAGS = List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync");

    private final Process process;
    private final Path profile;
    private final Path log;

    private HeadlessChromium(Process process, Path profile, Path log) {
        this.process = process;
        this.profile = profile;
        this.log = log;
    }

    /** Starts the browser on {@code url}; it stays there until {@link #close()}. */
    static HeadlessChromium open(String url) throws IOException {
        Path executable = executable();
        Path profile = Files.createTempDirectory("rb-chromium-");
        Path log = Files.createTempFile("rb-chromium-", ".log");
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(FLAGS);
        command.add("--user-data-dir=" + profile);
        command.add(url);
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        return new HeadlessChromium(process, profile, log);
    }

    /** {@code $RB_CHROMIUM}, else the first of chromium, chromium-browser, google-chrome on the PATH. */
    static Path executable() {
        String configured = System.getenv("RB_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured);
            if (!Files.isExecutable(p)) {
                throw new IllegalStateException("RB_CHROMIUM=" + configured + " is not an executable file");
            }
            return p;
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : NAMES) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        throw new IllegalStateException("no browser found: none of " + NAMES + " is on the PATH (" + path
                + "). Run .ci/setup as root (it installs Debian's chromium) or set RB_CHROMIUM");
    }

    /** The browser's own {@code --version} line, e.g. "Chromium 156.0.8078.114 ...". */
    static String version() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(executable().toString(), "--version")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        // Debian's wrapper script may print shell warnings before the version
        return out.lines().filter(l -> l.contains("Chrom")).findFirst().orElse(out.strip());
    }

    boolean isAlive() {
        return process.isAlive();
    }

    int exitValue() {
        return process.exitValue();
    }

    /** The last lines the browser printed, for failure messages. */
    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    /** Ends the browser and every process it started, then deletes the profile and the log. */
    @Override
    public void close() throws IOException, InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle child : children) {
            child.destroyForcibly();
        }
        for (ProcessHandle child : children) {
            child.onExit().completeOnTimeout(child, 10, TimeUnit.SECONDS).join();
        }
        deleteRecursively(profile);
        Files.deleteIfExists(log);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
