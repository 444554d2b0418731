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
/**
 * A consumer of the published modules, as an application on the module path would be: it reads them
 * through their descriptors only (no class path, no {@code --add-opens}), so a missing {@code exports},
 * a {@code requires} that should be {@code transitive} or a split package fails the build.
 */
module dev.recyclable.buffers.it {
    requires dev.recyclable.buffers.ssh; // brings dev.recyclable.buffers and sshj transitively
    requires dev.recyclable.buffers.websocket;
    requires dev.recyclable.buffers.http; // brings java.net.http and jdk.httpserver transitively
    requires dev.recyclable.buffers.testing;
    // the optional Netty view of buffers-core (requires static there): present because we ask for it
    requires io.netty.buffer;
}
