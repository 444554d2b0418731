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
package dev.recyclable.buffers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Serializable;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code ByteArrayOutputStream} idiom "wrap, close the wrapper, then use the
 * bytes" with each wrapper that closes its target, written over {@link RecyclableOutputStream#shielded()}.
 * Every test decodes what the wrapper wrote and ends with the pool holding nothing.
 */
class WrappersThatCloseTheirTargetTest {
    private final BufferPool pool =
            BufferPool.builder().minChunkSize(256).maxChunkSize(4096).build();

    @AfterEach
    void nothingInUse() {
        assertEquals(0, pool.stats().bytesInUse(), "every chunk is back in the pool");
    }

    @Test
    void gzip() throws IOException {
        byte[] data = compressibleBytes(200_000);
        try (RecyclableOutputStream out = pool.newStream("gzip")) {
            try (GZIPOutputStream gz = new GZIPOutputStream(out.shielded())) {
                gz.write(data);
            }
            assertFalse(out.isClosed(), "closing the wrapper left the stream open");
            assertTrue(out.chunkCount() > 1, "the compressed content spans several chunks");
            try (InputStream in = new GZIPInputStream(out.newInputStream())) {
                assertArrayEquals(data, in.readAllBytes());
            }
            byte[] copy = out.toByteArray();
            assertArrayEquals(data, new GZIPInputStream(new java.io.ByteArrayInputStream(copy)).readAllBytes());
        }
    }

    @Test
    void dataOutputStream() throws IOException {
        try (RecyclableOutputStream out = pool.newStream("data")) {
            try (DataOutputStream data = new DataOutputStream(out.shielded())) {
                for (int i = 0; i < 5000; i++) {
                    data.writeInt(i);
                    data.writeLong(i * 1_000_003L);
                    data.writeUTF("record " + i);
                }
            }
            try (DataInputStream in = new DataInputStream(out.newInputStream())) {
                for (int i = 0; i < 5000; i++) {
                    assertEquals(i, in.readInt());
                    assertEquals(i * 1_000_003L, in.readLong());
                    assertEquals("record " + i, in.readUTF());
                }
                assertEquals(-1, in.read(), "nothing after the last record");
            }
        }
    }

    record Person(int id, String name, List<String> tags) implements Serializable {}

    @Test
    void objectOutputStream() throws IOException, ClassNotFoundException {
        List<Person> people = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            people.add(new Person(i, "person " + i, List.of("t" + (i % 7), "u" + (i % 11))));
        }
        try (RecyclableOutputStream out = pool.newStream("objects")) {
            try (ObjectOutputStream objects = new ObjectOutputStream(out.shielded())) {
                objects.writeObject(people);
            }
            try (ObjectInputStream in = new ObjectInputStream(out.newInputStream())) {
                assertEquals(people, in.readObject());
            }
        }
    }

    @Test
    void outputStreamWriter() throws IOException {
        String text = "gr\u00fc\u00dfe, \u65e5\u672c, \uD83D\uDE00 ".repeat(4000);
        try (RecyclableOutputStream out = pool.newStream("writer")) {
            try (Writer writer = new OutputStreamWriter(out.shielded(), StandardCharsets.UTF_8)) {
                writer.write(text);
            }
            assertEquals(text, out.toString(StandardCharsets.UTF_8));
            assertEquals(text.getBytes(StandardCharsets.UTF_8).length, out.size());
        }
    }

    @Test
    void printStream() throws IOException {
        StringBuilder expected = new StringBuilder();
        try (RecyclableOutputStream out = pool.newStream("print")) {
            PrintStream print = new PrintStream(out.shielded(), false, StandardCharsets.UTF_8);
            try (print) {
                for (int i = 0; i < 5000; i++) {
                    print.printf("line %d: %s%n", i, "x".repeat(i % 40));
                    expected.append(String.format("line %d: %s%n", i, "x".repeat(i % 40)));
                }
            }
            assertFalse(print.checkError(), "PrintStream swallows failures: it must have seen none");
            assertEquals(expected.toString(), out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void zipOutputStream() throws IOException {
        byte[] first = compressibleBytes(70_000);
        byte[] second = "second entry".getBytes(StandardCharsets.US_ASCII);
        try (RecyclableOutputStream out = pool.newStream("zip")) {
            try (ZipOutputStream zip = new ZipOutputStream(out.shielded())) {
                zip.putNextEntry(new ZipEntry("a.bin"));
                zip.write(first);
                zip.closeEntry();
                zip.putNextEntry(new ZipEntry("b.txt"));
                zip.write(second);
                zip.closeEntry();
            }
            try (ZipInputStream in = new ZipInputStream(out.newInputStream())) {
                assertEquals("a.bin", in.getNextEntry().getName());
                assertArrayEquals(first, in.readAllBytes());
                assertEquals("b.txt", in.getNextEntry().getName());
                assertArrayEquals(second, in.readAllBytes());
                assertNull(in.getNextEntry(), "the central directory, written by close(), ends the archive");
            }
        }
    }

    @Test
    void jackson3GeneratorWritingThousandsOfRecords() throws IOException {
        JsonMapper mapper = JsonMapper.builder().build();
        int records = 4000;
        try (RecyclableOutputStream out = pool.newStream("json")) {
            // AUTO_CLOSE_TARGET is on by default: closing the generator closes the view, not the stream
            try (JsonGenerator json = mapper.createGenerator(out.shielded())) {
                json.writeStartArray();
                for (int i = 0; i < records; i++) {
                    json.writeStartObject();
                    json.writeNumberProperty("id", i);
                    json.writeStringProperty("name", "user-" + i);
                    json.writeBooleanProperty("active", i % 3 == 0);
                    json.writeEndObject();
                }
                json.writeEndArray();
            }
            assertTrue(out.length() > 100_000, "a few thousand records: " + out.length() + " bytes");
            JsonNode tree = mapper.readTree(out.newInputStream());
            assertEquals(records, tree.size());
            for (int i = 0; i < records; i++) {
                JsonNode record = tree.get(i);
                assertEquals(i, record.get("id").asInt());
                assertEquals("user-" + i, record.get("name").asString());
                assertEquals(i % 3 == 0, record.get("active").asBoolean());
            }
        }
    }

    @Test
    void jackson3WriteValueClosesItsTargetToo() throws IOException {
        JsonMapper mapper = JsonMapper.builder().build();
        List<Person> people = List.of(new Person(1, "a", List.of("x")), new Person(2, "b", List.of()));
        try (RecyclableOutputStream out = pool.newStream("json")) {
            mapper.writeValue(out.shielded(), people);
            assertEquals(
                    "[{\"id\":1,\"name\":\"a\",\"tags\":[\"x\"]},{\"id\":2,\"name\":\"b\",\"tags\":[]}]",
                    out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void theOldIdiomFailsWithAMessageThatNamesTheAnswer() throws IOException {
        RecyclableOutputStream out = pool.newStream("old idiom");
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(compressibleBytes(1000));
        }
        assertTrue(out.isClosed(), "without the shield, the wrapper's close() closes (and frees) the stream");

        IllegalStateException read = assertThrows(IllegalStateException.class, out::toByteArray);
        assertTrue(read.getMessage().contains("'old idiom' is closed"), read.getMessage());
        assertTrue(read.getMessage().contains("out.shielded()"), read.getMessage());
        IllegalStateException write = assertThrows(IllegalStateException.class, () -> out.write(1));
        assertTrue(write.getMessage().contains("out.shielded()"), write.getMessage());
    }

    @Test
    void aClosedViewRefusesWritesAndLeavesTheStreamToItsOwner() throws IOException {
        RecyclableOutputStream out = pool.newStream("owner");
        OutputStream view = out.shielded();
        view.write(new byte[] {1, 2, 3}, 0, 3);
        view.write(4);
        view.close();
        view.close();
        view.flush(); // some wrappers flush their target again while closing

        IOException refused = assertThrows(IOException.class, () -> view.write(5));
        assertTrue(
                refused.getMessage().contains("shielded view of RecyclableOutputStream 'owner' was closed"),
                refused.getMessage());
        assertThrows(IOException.class, () -> view.write(new byte[1], 0, 1));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, out.toByteArray(), "the stream kept what the view wrote");
        assertTrue(pool.stats().bytesInUse() > 0, "the stream still holds its chunk");

        out.close(); // the owner's close is still what frees the memory
        assertEquals(0, pool.stats().bytesInUse());
        assertThrows(IllegalStateException.class, out::shielded, "no view of a closed stream");
    }

    @Test
    void aViewOfAClosedStreamFailsOnWrite() throws IOException {
        RecyclableOutputStream out = pool.newStream("early");
        OutputStream view = out.shielded();
        out.close();
        IOException e = assertThrows(IOException.class, () -> view.write(1));
        assertTrue(e.getMessage().contains("'early' is closed"), e.getMessage());
    }

    /** README's usage block itself ({@link ReadmeSnippets#usage}), run with real channels behind its names. */
    @Test
    void readmeUsage(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
        byte[] report = compressibleBytes(50_000);
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        java.nio.file.Path file = dir.resolve("copy.gz");
        try (java.nio.channels.WritableByteChannel socketChannel = java.nio.channels.Channels.newChannel(sent);
                java.nio.channels.FileChannel fileChannel = java.nio.channels.FileChannel.open(
                        file, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            ReadmeSnippets.usage(target -> target.write(report), socketChannel, fileChannel);
        }
        assertEquals(
                0, BufferPool.shared().stats().bytesInUse(), "the block uses the shared pool and gives it all back");
        assertArrayEquals(
                report, new GZIPInputStream(new java.io.ByteArrayInputStream(sent.toByteArray())).readAllBytes());
        assertArrayEquals(sent.toByteArray(), java.nio.file.Files.readAllBytes(file));
    }

    /** Text-like bytes that compress, so the wrappers' output is non-trivial but not huge. */
    private static byte[] compressibleBytes(int length) {
        SplittableRandom random = new SplittableRandom(13);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(length);
        while (bytes.size() < length) {
            bytes.write('a' + random.nextInt(6));
        }
        return bytes.toByteArray();
    }
}
