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

import dev.recyclable.buffers.BufferPool;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The JDK client's text deliveries without the JDK's socket and decoder: what each listener adds
 * per message, in-process. One operation hands one message of {@code messageBytes} to the
 * listener as the JDK does: one new heap {@code CharBuffer} per 4 KiB frame, holding that frame's
 * UTF-8 decoded (a code point cut by a frame boundary goes to the next buffer, as the JDK's
 * {@code UTF8AccumulatingDecoder} does), each allocated and filled for its call. Contenders are
 * the listeners of {@link WebSocketLoopbackBenchmark}, called directly:
 * {@code jdkFloor} (drops every piece: the allocation and copy every contender pays, standing
 * for the JDK's own work), {@code jdkTypical} ({@code StringBuilder}, {@code toString()}),
 * {@code jdkTypicalUtf8} (then {@code getBytes(UTF_8)}), {@code jdkRecyclable} (our adapter,
 * the UTF-8 read in place) and {@code jdkRecyclableString} (our adapter, {@code message.text()}).
 * A contender's time minus {@code jdkFloor}'s, divided by the message's chars, is its cost per
 * char. Text is {@code TEXT} (1- to 4-byte code points) or {@code JSON} (ASCII), as in the
 * loopback benchmark.
 */
public class JdkTextBenchmark extends InProcessBenchmark {
    @Param({"1024", "65536", "1048576", "16777216"})
    public int messageBytes;

    @Param({"TEXT", "JSON"})
    public String type;

    @Param({"jdkFloor", "jdkTypical", "jdkTypicalUtf8", "jdkRecyclable", "jdkRecyclableString"})
    public String client;

    /** The decoded frames: {@code chars[i]} is the i-th delivery's content. */
    private char[][] chars;
    /** The capacity the JDK gives the i-th delivery's buffer: the UTF-8 bytes it decoded. */
    private int[] capacities;

    /** The latest delivery, kept so that every delivery escapes (see {@link #receive()}). */
    private CharBuffer lastDelivery;

    private final Semaphore received = new Semaphore(0);
    private final ContentCheck check = new ContentCheck();
    private final NoSocket webSocket = new NoSocket();
    private BufferPool pool;
    private WebSocket.Listener listener;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        byte[] payload = type.equals("JSON") ? WireMessages.json(messageBytes) : WireMessages.mixedText(messageBytes);
        List<int[]> sizes = new ArrayList<>();
        chars = framesDecoded(payload, sizes);
        capacities = sizes.stream().mapToInt(size -> size[0]).toArray();
        pool = BufferPool.builder().build();
        listener = switch (client) {
            case "jdkFloor" -> new LoopbackClients.DroppingJdkListener(received, check);
            case "jdkTypical" -> new LoopbackClients.Typical(received, check, false);
            case "jdkTypicalUtf8" -> new LoopbackClients.Typical(received, check, true);
            case "jdkRecyclable" -> LoopbackClients.adapter(pool, new LoopbackClients.InPlaceReader(received, check));
            case "jdkRecyclableString" ->
                LoopbackClients.adapter(pool, new LoopbackClients.StringReader(received, check));
            default -> throw new IllegalArgumentException(client);
        };
        // the same check as the loopback's: the listener saw exactly the payload
        check.arm();
        receive();
        String expected = ContentCheck.sha256(payload);
        if (!expected.equals(check.digest())) {
            throw new IllegalStateException(client + " received other bytes than were sent");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        listener.onClose(webSocket, WebSocket.NORMAL_CLOSURE, "");
        assertDrained(pool);
    }

    @Benchmark
    public int receive() {
        for (int i = 0; i < chars.length; i++) {
            char[] frame = chars[i];
            // a new buffer per delivery, as the JDK allocates one (capacity: the bytes it decoded);
            // kept in a field as the JDK's decoder hands it on, so that it escapes whatever the
            // listener does: a listener that drops it would otherwise let the compiler remove the
            // buffer object, and the floor would miss a cost the JDK client always pays
            CharBuffer delivery = CharBuffer.allocate(capacities[i]);
            delivery.put(frame).flip();
            lastDelivery = delivery;
            listener.onText(webSocket, delivery, i == chars.length - 1);
        }
        if (!received.tryAcquire()) {
            throw new IllegalStateException(client + " did not complete the message");
        }
        return chars.length;
    }

    /**
     * The payload's 4 KiB frames decoded one by one, a cut code point carried to the next frame;
     * adds each frame's decoded byte count to {@code sizes}.
     */
    private static char[][] framesDecoded(byte[] payload, List<int[]> sizes) throws CharacterCodingException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        List<char[]> frames = new ArrayList<>();
        ByteBuffer carried = ByteBuffer.allocate(0);
        int off = 0;
        do {
            int end = Math.min(off + WireMessages.FRAGMENT, payload.length);
            ByteBuffer in = ByteBuffer.allocate(carried.remaining() + end - off);
            in.put(carried).put(payload, off, end - off).flip();
            sizes.add(new int[] {in.remaining()});
            CharBuffer out = CharBuffer.allocate(in.remaining());
            CoderResult result = decoder.decode(in, out, end == payload.length);
            if (result.isError()) {
                result.throwException();
            }
            carried = ByteBuffer.allocate(in.remaining()).put(in).flip();
            out.flip();
            char[] frame = new char[out.remaining()];
            out.get(frame);
            frames.add(frame);
            off = end;
        } while (off < payload.length);
        return frames.toArray(new char[0][]);
    }

    /** What the listeners are handed as their {@code WebSocket}: requests are counted by nobody. */
    private static final class NoSocket implements WebSocket {
        @Override
        public CompletableFuture<WebSocket> sendText(CharSequence data, boolean last) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendBinary(ByteBuffer data, boolean last) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendPing(ByteBuffer message) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendPong(ByteBuffer message) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendClose(int statusCode, String reason) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public void request(long n) {}

        @Override
        public String getSubprotocol() {
            return "";
        }

        @Override
        public boolean isOutputClosed() {
            return false;
        }

        @Override
        public boolean isInputClosed() {
            return false;
        }

        @Override
        public void abort() {}
    }
}
