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
package dev.recyclable.buffers.ssh.transfer;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A directory of its own for each test that both sides of a transfer can write ({@link TestFiles#sharedDir()}),
 * deleted after the test. Register it as an instance field:
 *
 * <pre>{@code
 * @RegisterExtension
 * final SharedDirPerTest files = new SharedDirPerTest();
 * }</pre>
 */
final class SharedDirPerTest implements BeforeEachCallback, AfterEachCallback {

    private Path dir;

    Path dir() {
        return dir;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        dir = TestFiles.sharedDir();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        TestFiles.deleteTree(dir);
    }
}
