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

import dev.recyclable.buffers.benchmarks.JmhDefaults;
import dev.recyclable.buffers.websocket.Utf8Validator;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * UTF-8 validation throughput over 1 MiB: our incremental validator (ASCII 8 bytes at a time,
 * DFA otherwise) vs the JDK's strict decoder into a reused {@code CharBuffer} (what validating
 * by decoding costs). Throughput in MB/s = 1.048576 / (microseconds per op). Target: 1 GB/s
 * (about 1000 us/op or less) for ours.
 */
public class Utf8ValidationBenchmark extends JmhDefaults {
    /**
     * ascii: English prose; mixed: the text the decode benchmark uses; cyrillic: all 2-byte;
     * everyLength: 1-, 2-, 3- and 4-byte code points in turn, the npm ws peer's test text.
     */
    @Param({"ascii", "mixed", "cyrillic", "everyLength"})
    public String text;

    private byte[] bytes;
    private final Utf8Validator validator = new Utf8Validator();
    private CharsetDecoder jdk;
    private CharBuffer chars;

    @Setup
    public void setUp() {
        int size = 1 << 20;
        String sample = switch (text) {
            case "ascii" -> "The quick brown fox jumps over the lazy dog. ";
            case "cyrillic" -> "Съешь же ещё этих мягких французских булок. ";
            case "everyLength" -> "aZ0 éßκό€中𝄞😀";
            default -> null;
        };
        if (sample == null) {
            bytes = WireMessages.text(size);
        } else {
            byte[] one = sample.getBytes(StandardCharsets.UTF_8);
            bytes = new byte[size];
            for (int i = 0; i < size; i += one.length) {
                System.arraycopy(one, 0, bytes, i, Math.min(one.length, size - i));
            }
            // a code point cut at the end would make the sample invalid: end in ASCII from its lead byte
            int tail = size - 4;
            while ((bytes[tail] & 0xC0) == 0x80) {
                tail--;
            }
            for (int i = tail; i < size; i++) {
                bytes[i] = 'x';
            }
        }
        jdk = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        chars = CharBuffer.allocate(size);
        if (!Utf8Validator.isValid(bytes, 0, bytes.length)) {
            throw new IllegalStateException("sample is not valid UTF-8");
        }
    }

    @Benchmark
    public boolean recyclable() {
        validator.reset();
        return validator.update(bytes, 0, bytes.length) && validator.isComplete();
    }

    @Benchmark
    public boolean jdkDecoder() {
        jdk.reset();
        chars.clear();
        CoderResult r = jdk.decode(ByteBuffer.wrap(bytes), chars, true);
        return !r.isError();
    }
}
