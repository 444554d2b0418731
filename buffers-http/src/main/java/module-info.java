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
 * Recyclable Buffers HTTP: HTTP bodies into pooled chunks and out of them without copies, for the
 * JDK's own HTTP stack.
 *
 * <ul>
 *   <li>{@code dev.recyclable.buffers.http.client}: for {@code java.net.http.HttpClient}, a
 *       {@code BodyHandler} that receives a response body into a pooled
 *       {@code RecyclableOutputStream} under a size limit (optionally decoding
 *       {@code Content-Encoding: gzip} or {@code deflate}), maps it or decodes it to a
 *       {@code String}, and a {@code BodyPublisher} that sends a stream's chunks as read-only
 *       views, again on every resend;</li>
 *   <li>{@code dev.recyclable.buffers.http.server}: for {@code com.sun.net.httpserver}, a request
 *       body read into a pooled stream under a limit (413 otherwise) and a response written from
 *       a stream's chunks with its exact length.</li>
 * </ul>
 *
 * <p>Both JDK modules are required transitively: their types are in this module's signatures.
 */
module dev.recyclable.buffers.http {
    requires transitive dev.recyclable.buffers;
    requires transitive java.net.http;
    requires transitive jdk.httpserver;

    exports dev.recyclable.buffers.http.client;
    exports dev.recyclable.buffers.http.server;
}
