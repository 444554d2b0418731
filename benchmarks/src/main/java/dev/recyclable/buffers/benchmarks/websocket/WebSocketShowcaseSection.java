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
import dev.recyclable.buffers.PoolStats;
import dev.recyclable.buffers.benchmarks.showcase.Check;
import dev.recyclable.buffers.benchmarks.showcase.ComparisonRow;
import dev.recyclable.buffers.benchmarks.showcase.Measurement;
import dev.recyclable.buffers.benchmarks.showcase.SectionResult;
import dev.recyclable.buffers.benchmarks.showcase.ShowcaseContext;
import dev.recyclable.buffers.benchmarks.showcase.ShowcaseSection;
import dev.recyclable.buffers.websocket.MessageType;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import dev.recyclable.buffers.websocket.jdk.JdkWebSocketAdapter;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The WebSocket part of the showcase (found by {@code ShowcaseSections} under this class name):
 * 1 MiB messages in 4 KiB fragments, text and binary, received
 * <ol>
 *   <li>in-process, by a server's decoding pipeline: Netty's stock {@code WebSocket08FrameDecoder}
 *       + {@code WebSocketFrameAggregator} vs our {@code RecyclableWebSocketDecoder};</li>
 *   <li>over loopback from our in-process Netty server, by the JDK's {@code java.net.http.WebSocket}
 *       client: typical {@code StringBuilder}/{@code ByteArrayOutputStream} code vs our
 *       {@code JdkWebSocketAdapter}, text both for a listener that wants a {@code String}
 *       ({@code toString()} vs {@code message.text()}) and for one that wants its UTF-8 bytes
 *       ({@code getBytes(UTF_8)} vs reading the pooled chunks in place); and, for scale, a listener
 *       that drops everything: the JDK client's own floor, which no listener can go below. The
 *       listeners' measured rounds take turns, so a change in the machine's load falls on all.</li>
 * </ol>
 * and, with permessage-deflate, a 256 KiB JSON-like text message received and sent in-process
 * by Netty's pipeline with the handlers {@code WebSocketServerCompressionHandler} installs and
 * by ours.
 * Allocation is summed over every JVM thread, since a message crosses several. Every message is
 * checked against what was sent; the shared pool must have nothing in use at the end.
 */
public final class WebSocketShowcaseSection implements ShowcaseSection {
    private static final int MESSAGE = 1 << 20;
    private static final int IN_PROCESS_REPETITIONS = 24;
    /** Rounds each measurement is split into (a divisor of the repetitions); the time reported is their median. */
    private static final int ROUNDS = 6;

    private static final int LOOPBACK_WARM_UP = 12;
    private static final int LOOPBACK_MEASURED = 24;
    /** permessage-deflate rows: a JSON-like text message, compressing about 5:1 (zlib bounds both sides' time). */
    private static final int DEFLATE_MESSAGE = 256 << 10;

    private static final int DEFLATE_REPETITIONS = 36;
    /** The permessage-deflate target: what our side allocates per message once warm, as a share of the message. */
    private static final double DEFLATE_ALLOCATION_LIMIT = 0.01;

    /** How much the JDK adapter may add over the JDK client's own allocation, as a share of the message. */
    private static final double ADAPTER_OVERHEAD_LIMIT = 0.01;

    private final AllThreadsAllocation allocation = new AllThreadsAllocation();

    @Override
    public String name() {
        return "websocket";
    }

    @Override
    public SectionResult run(ShowcaseContext context) throws Exception {
        BufferPool pool = BufferPool.shared();
        SectionResult result = new SectionResult();
        byte[] binary = WireMessages.binary(MESSAGE);
        byte[] text = WireMessages.text(MESSAGE);

        inProcess(context, pool, result, MessageType.TEXT, text);
        inProcess(context, pool, result, MessageType.BINARY, binary);
        deflate(context, pool, result);
        loopback(context, pool, result, binary, text);

        result.check(poolDrained(pool));
        result.note("websocket: 1 MiB messages in 4 KiB frames. Allocation is summed over all JVM threads per message"
                + " (server and client threads included); in-process rows feed both pipelines the same 16 KiB pooled"
                + " direct reads, whose own cost (Netty's pooled buffer handles) is in both rows and is subtracted in"
                + " the checks. The JDK client itself allocates about 1x the message for binary and 3x for text"
                + " before any listener runs: an adapter can only remove what user code adds on top.");
        result.note("websocket: permessage-deflate rows: one " + DEFLATE_MESSAGE / 1024 + " KiB JSON-like text message"
                + " (compresses about 5:1), context takeover, level 6; Netty's side is the encoder or decoder"
                + " WebSocketServerCompressionHandler installs for a plain offer. Receive: the client's masked 4 KiB"
                + " frames in 16 KiB pooled direct reads. Send: ours is WebSocketEncoder's gathering write to a"
                + " discarding channel, Netty's the frames read out of an EmbeddedChannel and released.");
        return result;
    }

    /**
     * permessage-deflate, server side: receive (Netty's frame decoder + its permessage-deflate
     * decoder + UTF-8 validator + aggregator vs our decoder) and send (Netty's permessage-deflate
     * encoder + frame encoder vs our encoder), the same message, content checked on both sides.
     */
    private void deflate(ShowcaseContext context, BufferPool pool, SectionResult result) throws Exception {
        DeflateWire input = DeflateWire.of(DEFLATE_MESSAGE);
        String size = DEFLATE_MESSAGE / 1024 + " KiB";
        double limit = DEFLATE_ALLOCATION_LIMIT * DEFLATE_MESSAGE;
        String receive = "inflate " + size + " JSON text, in-process";
        context.progress(receive + ": checking content, then measuring Netty's permessage-deflate pipeline and ours");
        try (EmbeddedDecoders decoders = EmbeddedDecoders.deflate(pool, input)) {
            Added added = receiveRow(
                    result,
                    receive,
                    "inflate",
                    decoders,
                    input.message(),
                    "Netty 08FrameDecoder+deflate+Aggregator",
                    DEFLATE_REPETITIONS);
            check(
                    result,
                    receive + ": our decoder adds at most 1% of the message",
                    added.ours() <= limit,
                    "on top of the reads' own %.0f B/message: ours %.0f B (%.2f%%), Netty %.0f B (%.0f%%)",
                    added.reads(),
                    added.ours(),
                    100 * added.ours() / DEFLATE_MESSAGE,
                    added.usual(),
                    100 * added.usual() / DEFLATE_MESSAGE);
        }
        String send = "deflate " + size + " JSON text, in-process";
        context.progress(send + ": checking content, then measuring Netty's permessage-deflate pipeline and ours");
        try (DeflateSenders senders = new DeflateSenders(pool, input.message())) {
            int inARow = 3;
            int stockGood = senders.nettyStockDeliveries(inARow);
            int ourGood = senders.recyclableDeliveries(inARow);
            result.check(Check.of(
                    "websocket: " + send + ": " + inARow + " messages in a row from each encoder inflate to the"
                            + " message (one inflater: context takeover), RSV1 on the first frame",
                    stockGood == inARow && ourGood == inARow,
                    "Netty " + stockGood + " of " + inARow + ", ours " + ourGood + " of " + inARow));
            Measurement usual =
                    measure("Netty deflate encoder+08FrameEncoder", DEFLATE_REPETITIONS, senders::nettyStock);
            Measurement ours = measure("WebSocketEncoder+MessageDeflater", DEFLATE_REPETITIONS, senders::recyclable);
            result.row(new ComparisonRow(send, usual, ours));
            check(
                    result,
                    send + ": our encoder allocates at most 1% of the message",
                    ours.bytesPerOp() <= limit,
                    "ours %.0f B/message (%.2f%%), Netty %.0f B",
                    ours.bytesPerOp(),
                    100 * ours.bytesPerOp() / DEFLATE_MESSAGE,
                    usual.bytesPerOp());
        }
    }

    private void inProcess(
            ShowcaseContext context, BufferPool pool, SectionResult result, MessageType type, byte[] payload)
            throws Exception {
        String scenario = "decode 1 MiB " + type.name().toLowerCase(Locale.ROOT) + ", in-process";
        context.progress(scenario + ": checking content, then measuring Netty's pipeline and ours");
        try (EmbeddedDecoders decoders = new EmbeddedDecoders(pool, payload, type == MessageType.TEXT)) {
            Added added = receiveRow(
                    result,
                    scenario,
                    "deliver",
                    decoders,
                    payload,
                    "Netty 08FrameDecoder+Aggregator",
                    IN_PROCESS_REPETITIONS);
            double frames = (double) MESSAGE / ShowcaseServer.FRAGMENT;
            check(
                    result,
                    scenario + ": our decoder adds under 41 B per 4 KiB frame"
                            + " (1% of the message) and under a quarter of what Netty's adds",
                    added.ours() / frames < 41 && added.ours() * 4 < added.usual(),
                    "on top of the reads' own %.0f B/message: ours %.0f B (%.1f B/frame),"
                            + " Netty %.0f B (%.1f B/frame)",
                    added.reads(),
                    added.ours(),
                    added.ours() / frames,
                    added.usual(),
                    added.usual() / frames);
        }
    }

    /**
     * What each in-process decoder allocates per message on top of the reads it is given (the
     * part a decoder is responsible for), and the reads' own allocation.
     */
    private record Added(double reads, double ours, double usual) {}

    /**
     * An in-process receive row: checks that both pipelines {@code verb} the bytes {@code sent}
     * (CRC-32 of what each delivers), then measures the reads alone, Netty's pipeline
     * ({@code usualLabel}) and ours, and adds the row.
     */
    private Added receiveRow(
            SectionResult result,
            String scenario,
            String verb,
            EmbeddedDecoders decoders,
            byte[] sent,
            String usualLabel,
            int repetitions) {
        long expected = MessageCrc.of(sent);
        long stockCrc = decoders.checksumNettyStock();
        long ourCrc = decoders.checksumRecyclable();
        check(
                result,
                scenario + ": both pipelines " + verb + " the bytes sent",
                stockCrc == expected && ourCrc == expected,
                "CRC-32 sent %08x, Netty %08x, ours %08x",
                expected,
                stockCrc,
                ourCrc);
        Measurement transport = measure("reads only", repetitions, decoders::transportOnly);
        Measurement usual = measure(usualLabel, repetitions, decoders::nettyStock);
        Measurement ours = measure("RecyclableWebSocketDecoder", repetitions, decoders::recyclable);
        result.row(new ComparisonRow(scenario, usual, ours));
        double reads = transport.bytesPerOp();
        return new Added(reads, Math.max(0, ours.bytesPerOp() - reads), Math.max(0, usual.bytesPerOp() - reads));
    }

    /** A receiving side on the JDK client: its listener, and the message types it is measured on. */
    private record Contender(
            String label, Function<ShowcaseReceivers.Expected, WebSocket.Listener> listener, MessageType... types) {
        boolean receives(MessageType type) {
            return Arrays.asList(types).contains(type);
        }
    }

    /** A contender's connection, and what its listener counts. */
    private record Connection(Contender contender, ShowcaseReceivers.Expected expected, WebSocket webSocket) {}

    private void loopback(ShowcaseContext context, BufferPool pool, SectionResult result, byte[] binary, byte[] text)
            throws Exception {
        ExecutorService clientThreads = Executors.newFixedThreadPool(2, runnable -> {
            Thread t = new Thread(runnable, "showcase-websocket-client");
            t.setDaemon(true);
            return t;
        });
        Contender floor =
                new Contender("JDK client, dropping all", Dropping::new, MessageType.TEXT, MessageType.BINARY);
        Contender typical = new Contender(
                "JDK + StringBuilder/BAOS",
                e -> new ShowcaseReceivers.Typical(e, false),
                MessageType.TEXT,
                MessageType.BINARY);
        Contender typicalUtf8 = new Contender(
                "JDK + StringBuilder, getBytes", e -> new ShowcaseReceivers.Typical(e, true), MessageType.TEXT);
        Contender ours = new Contender(
                "JDK + JdkWebSocketAdapter",
                e -> new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, new ShowcaseReceivers.Recyclable(e, false)),
                MessageType.TEXT,
                MessageType.BINARY);
        Contender oursString = new Contender(
                "JDK + JdkWebSocketAdapter, text()",
                e -> new JdkWebSocketAdapter(pool, WebSocketLimits.DEFAULT, new ShowcaseReceivers.Recyclable(e, true)),
                MessageType.TEXT);
        List<Contender> contenders = List.of(floor, typical, typicalUtf8, ours, oursString);
        List<Connection> connections = new ArrayList<>();
        try (ShowcaseServer server = new ShowcaseServer(pool, binary, text)) {
            try {
                HttpClient http =
                        HttpClient.newBuilder().executor(clientThreads).build();
                context.progress("loopback: Netty server with our handler on " + server.uri() + "; JDK client, "
                        + contenders.size() + " listeners, " + (LOOPBACK_WARM_UP + LOOPBACK_MEASURED)
                        + " messages of 1 MiB per listener and type, the listeners' rounds interleaved");
                for (Contender c : contenders) {
                    ShowcaseReceivers.Expected expected = new ShowcaseReceivers.Expected(binary, text);
                    WebSocket webSocket = http.newWebSocketBuilder()
                            .buildAsync(server.uri(), c.listener().apply(expected))
                            .get(10, TimeUnit.SECONDS);
                    connections.add(new Connection(c, expected, webSocket));
                }
                Map<Contender, Measurement> textResults = receiveInterleaved(context, connections, MessageType.TEXT);
                Map<Contender, Measurement> binaryResults =
                        receiveInterleaved(context, connections, MessageType.BINARY);
                for (Connection c : connections) {
                    int total = (LOOPBACK_WARM_UP + LOOPBACK_MEASURED)
                            * c.contender().types().length;
                    Throwable error = c.expected().error.get();
                    boolean dropping = c.contender() == floor;
                    result.check(Check.of(
                            "websocket: loopback, " + c.contender().label() + ": every message arrived"
                                    + (dropping ? "" : " with the bytes sent"),
                            c.expected().good.get() == total && error == null,
                            c.expected().good.get() + " of " + total + " ok, "
                                    + c.expected().bad.get() + " wrong" + (error == null ? "" : ", error " + error)));
                }
                result.row(new ComparisonRow(
                        "1 MiB text over loopback, as String", textResults.get(typical), textResults.get(oursString)));
                result.row(new ComparisonRow(
                        "1 MiB text over loopback, as UTF-8", textResults.get(typicalUtf8), textResults.get(ours)));
                result.row(new ComparisonRow(
                        "1 MiB binary over loopback", binaryResults.get(typical), binaryResults.get(ours)));
                for (MessageType type : new MessageType[] {MessageType.TEXT, MessageType.BINARY}) {
                    Map<Contender, Measurement> measured = type == MessageType.TEXT ? textResults : binaryResults;
                    String kind = type.name().toLowerCase(Locale.ROOT);
                    double floorBytes = measured.get(floor).bytesPerOp();
                    double overhead = measured.get(ours).bytesPerOp() - floorBytes;
                    Measurement usual = measured.get(type == MessageType.TEXT ? typicalUtf8 : typical);
                    result.check(Check.of(
                            "websocket: loopback " + kind
                                    + ": our adapter, its listener reading the bytes in place, adds"
                                    + " at most " + Math.round(ADAPTER_OVERHEAD_LIMIT * 100) + "% of the message to the"
                                    + " JDK client's own allocation",
                            overhead <= ADAPTER_OVERHEAD_LIMIT * MESSAGE,
                            String.format(
                                    Locale.ROOT,
                                    "JDK floor %.0f B, ours %.0f B (%+.2f%%), %s %.0f B (%+.0f%%)",
                                    floorBytes,
                                    measured.get(ours).bytesPerOp(),
                                    100 * overhead / MESSAGE,
                                    usual.label(),
                                    usual.bytesPerOp(),
                                    100 * (usual.bytesPerOp() - floorBytes) / MESSAGE)));
                    double floorNanos = measured.get(floor).nanosPerOp();
                    // the faster of the usual ways (for text, toString() without getBytes) is what a listener can save
                    // on
                    double usualNanos = Math.min(measured.get(typical).nanosPerOp(), usual.nanosPerOp());
                    result.note(String.format(
                            Locale.ROOT,
                            "websocket: loopback %s, JDK client's own floor (listener drops every piece): %s/message,"
                                    + " %s/message, %.0f%% of the usual way's time: the JDK client's own work is most"
                                    + " of these rows, so their speed-ups stay near 1.0x whatever the listener does",
                            kind,
                            formatBytes(floorBytes),
                            formatTime(floorNanos),
                            100 * floorNanos / usualNanos));
                }
            } finally {
                // the clients end first, as an application ends: each sends its Close and waits for the
                // server's, so that every server connection ends by the closing handshake before the
                // server shuts down
                for (Connection c : connections) {
                    close(c.webSocket());
                }
            }
            result.check(Check.of(
                    "websocket: server saw no error",
                    server.errors().isEmpty(),
                    server.errors().isEmpty() ? "none" : server.errors().toString()));
        } finally {
            clientThreads.shutdownNow();
            clientThreads.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /**
     * Warms up every connection whose contender receives {@code type}, then measures them in
     * turns, one round each at a time (starting with a different one each round), so that a
     * change in the machine's load falls on all of them alike.
     */
    private Map<Contender, Measurement> receiveInterleaved(
            ShowcaseContext context, List<Connection> connections, MessageType type) throws Exception {
        List<Connection> measured =
                connections.stream().filter(c -> c.contender().receives(type)).toList();
        context.progress("loopback: " + type.name().toLowerCase(Locale.ROOT) + ", "
                + measured.stream().map(c -> c.contender().label()).toList());
        for (Connection c : measured) {
            receiveMessages(c.webSocket(), c.expected(), type, LOOPBACK_WARM_UP);
        }
        int perRound = LOOPBACK_MEASURED / ROUNDS;
        int n = measured.size();
        double[][] nanosPerMessage = new double[n][ROUNDS];
        long[] allocated = new long[n];
        for (int r = 0; r < ROUNDS; r++) {
            for (int k = 0; k < n; k++) {
                int i = (k + r) % n;
                Connection c = measured.get(i);
                long bytesBefore = allocation.allocatedBytes();
                long start = System.nanoTime();
                receiveMessages(c.webSocket(), c.expected(), type, perRound);
                nanosPerMessage[i][r] = (double) (System.nanoTime() - start) / perRound;
                allocated[i] += allocation.allocatedBytes() - bytesBefore;
            }
        }
        Map<Contender, Measurement> results = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            results.put(
                    measured.get(i).contender(),
                    Measurement.ofRounds(
                            measured.get(i).contender().label(),
                            (double) allocated[i] / (ROUNDS * perRound),
                            nanosPerMessage[i]));
        }
        return results;
    }

    private static void receiveMessages(
            WebSocket webSocket, ShowcaseReceivers.Expected expected, MessageType type, int count) throws Exception {
        webSocket.sendText(type.name() + " " + count, true).get(10, TimeUnit.SECONDS);
        if (!expected.received.tryAcquire(count, 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("timed out waiting for " + count + " " + type + " messages");
        }
    }

    /** Sends our Close and waits (at most 5 s) for the server's, which ends its side; then lets go of the socket. */
    private static void close(WebSocket webSocket) throws InterruptedException {
        try {
            webSocket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!webSocket.isInputClosed() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        } catch (ExecutionException | TimeoutException e) {
            // the connection is gone already: abort below either way
        }
        webSocket.abort();
    }

    private Measurement measure(String label, int repetitions, Runnable operation) {
        for (int i = 0; i < repetitions; i++) {
            operation.run();
        }
        int perRound = repetitions / ROUNDS;
        double[] nanosPerOp = new double[ROUNDS];
        long bytesBefore = allocation.allocatedBytes();
        for (int r = 0; r < ROUNDS; r++) {
            long start = System.nanoTime();
            for (int i = 0; i < perRound; i++) {
                operation.run();
            }
            nanosPerOp[r] = (double) (System.nanoTime() - start) / perRound;
        }
        long allocated = allocation.allocatedBytes() - bytesBefore;
        return Measurement.ofRounds(label, (double) allocated / (ROUNDS * perRound), nanosPerOp);
    }

    /** Chunks written by the server are released once Netty has written them, which may trail the last read. */
    private static Check poolDrained(BufferPool pool) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        PoolStats stats = pool.stats();
        while (stats.bytesInUse() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            stats = pool.stats();
        }
        return Check.of(
                "websocket: shared pool has no bytes in use after the section",
                stats.bytesInUse() == 0,
                stats.bytesInUse() + " bytes in use");
    }

    /** Adds a check named {@code "websocket: " + what}, its detail formatted in the root locale. */
    private static void check(SectionResult result, String what, boolean passed, String format, Object... args) {
        result.check(Check.of("websocket: " + what, passed, String.format(Locale.ROOT, format, args)));
    }

    private static String formatBytes(double bytes) {
        return bytes < 10 * 1024
                ? String.format(Locale.ROOT, "%.0f B", bytes)
                : String.format(Locale.ROOT, "%.0f KiB", bytes / 1024);
    }

    private static String formatTime(double nanos) {
        return String.format(Locale.ROOT, "%.0f us", nanos / 1e3);
    }

    /** The JDK client's floor: every piece dropped, one permit per complete message. */
    private static final class Dropping implements WebSocket.Listener {
        private final ShowcaseReceivers.Expected expected;

        Dropping(ShowcaseReceivers.Expected expected) {
            this.expected = expected;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            return dropped(webSocket, last);
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            return dropped(webSocket, last);
        }

        private CompletionStage<?> dropped(WebSocket webSocket, boolean last) {
            if (last) {
                expected.verdict(true);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            expected.error.compareAndSet(null, error);
        }
    }
}
