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

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.http.client.RecyclableBodyHandler;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.testing.PoolAssertions;
import dev.recyclable.buffers.websocket.WebSocketDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each library module's public API, as {@link ApiDump} lists it, must equal the file committed as
 * {@code <module>/api/<module>.api}: a change to the API shows as a diff of that file in review.
 * After an intended change, regenerate the files with
 * {@code mvn -B -pl buffers-modular-it -am verify -Dapi.update=true} and commit them.
 */
class PublicApiTest {
    /** A library module: its directory (and artifact id) and a class it holds, to find its classes by. */
    record Module(String name, Class<?> anchor) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Module> modules() {
        return List.of(
                new Module("buffers-core", BufferPool.class),
                new Module("buffers-ssh", SshRunner.class),
                new Module("buffers-websocket", WebSocketDecoder.class),
                new Module("buffers-http", RecyclableBodyHandler.class),
                new Module("buffers-test-support", PoolAssertions.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modules")
    void matchesTheCommittedListing(Module module) throws Exception {
        String actual = ApiDump.of(module.anchor());
        Path file = Path.of("..", module.name(), "api", module.name() + ".api");
        if (Boolean.getBoolean("api.update")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(file), () -> file + " is missing: generate it with -Dapi.update=true");
        String expected = Files.readString(file, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            fail(module.name() + "'s public API differs from " + file.normalize()
                    + " (lines starting - are gone, + are new). If the change is intended, run"
                    + " mvn -B -pl buffers-modular-it -am verify -Dapi.update=true and commit the file.\n"
                    + diff(expected, actual));
        }
    }

    /** The lines only one side has, in order: enough to review an API change. */
    private static String diff(String expected, String actual) throws IOException {
        List<String> before = expected.lines().toList();
        List<String> after = actual.lines().toList();
        StringBuilder out = new StringBuilder();
        for (String line : before) {
            if (!after.contains(line)) {
                out.append("- ").append(line).append('\n');
            }
        }
        for (String line : after) {
            if (!before.contains(line)) {
                out.append("+ ").append(line).append('\n');
            }
        }
        return out.toString();
    }
}
