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
package dev.recyclable.buffers.websocket;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.RecyclableOutputStream;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketAdapter;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketSender;
import dev.recyclable.buffers.websocket.netty.WebSocketUpgradeHandler;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;

/**
 * The WebSocket code README.md and buffers-websocket/README.md show, compiled with the tests; buffers-core's
 * ReadmeSnippetsTest checks that each README block marked {@code <!-- snippet: this file#name -->} matches
 * the region {@code name} here.
 */
@SuppressWarnings("unused") // compiled, not called: the README's variables are these methods' parameters
final class ReadmeSnippets {

    private ReadmeSnippets() {}

    /** The application's handler in the README's pipeline. */
    static final class MyHandler extends ChannelInboundHandlerAdapter {}

    private static void handle(WebSocketMessage message) {}

    static void decoder(BufferPool pool, byte[] bytes, int n) throws WebSocketProtocolException {
        // README:begin decoder
        try (WebSocketDecoder decoder = new WebSocketDecoder(
                pool,
                Role.SERVER,
                WebSocketLimits.DEFAULT,
                message -> handle(message))) { // released when the lambda returns
            decoder.feed(bytes, 0, n); // any split; WebSocketProtocolException has the close code
        }
        // README:end decoder
    }

    static void nettyPipeline(ChannelPipeline pipeline, BufferPool pool) {
        // README:begin netty-pipeline
        pipeline.addLast(
                new HttpServerCodec(),
                new HttpObjectAggregator(8192),
                new WebSocketUpgradeHandler("/ws", pool, WebSocketLimits.DEFAULT, 64 * 1024),
                new MyHandler()); // receives WebSocketMessage and ControlFrame
        // README:end netty-pipeline
    }

    static void jdkClient(BufferPool pool, URI uri, WebSocketListener listener, RecyclableOutputStream stream) {
        // README:begin jdk-client
        WebSocket ws = HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .buildAsync(uri, new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, listener))
                .join();
        JdkWebSocketSender.sendBinary(ws, stream); // one frame per chunk; closes the stream when sent
        // README:end jdk-client
    }
}
