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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The validator agrees with the JDK's strict decoder on every short sequence and on random input. */
class Utf8ValidatorTest {

    private static boolean jdkAccepts(byte[] bytes) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /**
     * Ours, both alone (the DFA path) and padded with ASCII on both sides (the structural fast
     * path needs four bytes ahead); both must agree.
     */
    private static boolean ours(byte[] bytes) {
        boolean alone = Utf8Validator.isValid(bytes, 0, bytes.length);
        byte[] padded = new byte[bytes.length + 13];
        java.util.Arrays.fill(padded, (byte) ' ');
        System.arraycopy(bytes, 0, padded, 9, bytes.length);
        boolean inText = Utf8Validator.isValid(padded, 0, padded.length);
        if (alone != inText) {
            throw new AssertionError(
                    "fast path and DFA disagree on " + java.util.HexFormat.of().formatHex(bytes));
        }
        return alone;
    }

    @Test
    void everyOneAndTwoByteSequence() {
        for (int a = 0; a < 256; a++) {
            byte[] one = {(byte) a};
            assertEquals(jdkAccepts(one), ours(one), Integer.toHexString(a));
            for (int b = 0; b < 256; b++) {
                byte[] two = {(byte) a, (byte) b};
                assertEquals(jdkAccepts(two), ours(two), a + " " + b);
            }
        }
    }

    @Test
    void everyThreeByteSequenceWithAMultiByteLead() {
        byte[] three = new byte[3];
        for (int a = 0xC0; a < 0x100; a++) {
            for (int b = 0x70; b < 0x100; b++) {
                for (int c = 0x70; c < 0x100; c++) {
                    three[0] = (byte) a;
                    three[1] = (byte) b;
                    three[2] = (byte) c;
                    if (jdkAccepts(three) != ours(three)) {
                        throw new AssertionError(String.format("%02x %02x %02x: jdk %s", a, b, c, jdkAccepts(three)));
                    }
                }
            }
        }
    }

    @Test
    void fourByteLeadsAtTheirBoundaries() {
        int[] seconds = {0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0};
        for (int a = 0xF0; a <= 0xF5; a++) {
            for (int b : seconds) {
                for (int c : seconds) {
                    byte[] four = {(byte) a, (byte) b, (byte) 0x80, (byte) c};
                    assertEquals(jdkAccepts(four), ours(four), a + " " + b + " " + c);
                    byte[] fourBadThird = {(byte) a, (byte) b, (byte) c, (byte) 0x80};
                    assertEquals(jdkAccepts(fourBadThird), ours(fourBadThird), a + " " + b + " " + c);
                }
            }
        }
    }

    /** ASCII runs long enough for the 16- and 8-byte steps, with one other byte or sequence at every position. */
    @Test
    void asciiRunsWithOneOtherSequenceAtEveryPosition() {
        byte[][] others = {
            {(byte) 0x80},
            {(byte) 0xFF},
            {(byte) 0xC3},
            {(byte) 0xC3, (byte) 0xA9},
            {(byte) 0xE2, (byte) 0x82, (byte) 0xAC}
        };
        for (int length = 1; length <= 48; length++) {
            for (int at = 0; at < length; at++) {
                for (byte[] other : others) {
                    byte[] bytes = new byte[length + other.length];
                    java.util.Arrays.fill(bytes, (byte) 'a');
                    System.arraycopy(other, 0, bytes, at, other.length);
                    assertEquals(jdkAccepts(bytes), ours(bytes), "length " + length + ", other at " + at);
                }
            }
        }
    }

    @Test
    void randomTextInRandomSplitsAndAsDirectBuffers() {
        Random random = new Random(42);
        for (int round = 0; round < 2000; round++) {
            byte[] bytes = randomMostlyValid(random, random.nextInt(200));
            boolean expected = jdkAccepts(bytes);
            assertEquals(expected, ours(bytes));
            Utf8Validator split = new Utf8Validator();
            Utf8Validator direct = new Utf8Validator();
            int i = 0;
            while (i < bytes.length) {
                int n = Math.min(bytes.length - i, 1 + random.nextInt(20));
                split.update(bytes, i, n);
                ByteBuffer d = ByteBuffer.allocateDirect(n).put(bytes, i, n).flip();
                direct.update(d);
                i += n;
            }
            assertEquals(expected, split.isComplete(), "split");
            assertEquals(expected, direct.isComplete(), "direct");
        }
    }

    private static byte[] randomMostlyValid(Random random, int codePoints) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < codePoints; i++) {
            int kind = random.nextInt(10);
            int cp = kind < 5
                    ? random.nextInt(0x80)
                    : kind < 7
                            ? 0x80 + random.nextInt(0x780)
                            : kind < 9 ? 0xE000 + random.nextInt(0x1FFF) : 0x10000 + random.nextInt(0xFFFFF);
            sb.appendCodePoint(cp);
        }
        byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 0 && random.nextInt(3) == 0) {
            bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256); // maybe corrupt
        }
        return bytes;
    }
}
