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
 * Recyclable Buffers WebSocket: a strict RFC 6455 decoder and message assembler that unmasks
 * straight into pooled chunks, an encoder that writes frames from pooled chunks, and adapters
 * for Netty ({@code dev.recyclable.buffers.websocket.netty}) and the JDK's
 * {@code java.net.http.WebSocket} ({@code dev.recyclable.buffers.websocket.jdk}), and
 * permessage-deflate (RFC 7692) negotiation, inflation and compression into pooled chunks, part
 * of the transport-independent package because the decoder and encoder apply it.
 *
 * <p>Netty and {@code java.net.http} are optional: only their adapter packages need them. Their
 * types appear in those packages' signatures, yet they stay {@code static} (not transitive) so
 * that users of the core decoder do not pull them in; the module's pom silences the
 * resulting "exports" lint.
 */
module dev.recyclable.buffers.websocket {
    requires transitive dev.recyclable.buffers;
    requires static java.net.http;
    requires static io.netty.buffer;
    requires static io.netty.common;
    requires static io.netty.transport;
    requires static io.netty.codec;
    requires static io.netty.codec.http;

    exports dev.recyclable.buffers.websocket;
    exports dev.recyclable.buffers.websocket.netty;
    exports dev.recyclable.buffers.websocket.jdk;
}
