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
package dev.recyclable.buffers.http.internal;

import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * {@code Content-Encoding: gzip}: one or more RFC 1952 members, each a header (checked: magic,
 * method 8, no reserved flag, the header CRC when present; the optional extra field, name and
 * comment are skipped), raw DEFLATE data and a trailer whose CRC-32 and length must match what
 * was decoded. The header and trailer are read a byte at a time, so that a piece may end anywhere;
 * the data goes to zlib in place. Bytes after a member must start another member.
 */
final class GzipDecoder extends ContentDecoder {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED_FLAGS = 0xe0;

    /** Where a member's bytes are. */
    private enum Step {
        MAGIC1,
        MAGIC2,
        METHOD,
        FLAGS,
        /** MTIME, XFL and OS: six bytes nobody needs. */
        FIXED,
        EXTRA_LENGTH,
        EXTRA,
        NAME,
        COMMENT,
        HEADER_CRC,
        DATA,
        TRAILER
    }

    private final CRC32 headerCrc = new CRC32();
    private final CRC32 dataCrc = new CRC32();
    private Step step = Step.MAGIC1;
    private int flags;
    /** Bytes still to read in a step of known length, or read so far of a little-endian number. */
    private int count;
    /** A little-endian number being read (the extra field's length, the header CRC, the trailer). */
    private long value;

    private long membersDone;
    private long memberStart;

    @Override
    void feed(ByteBuffer in, RecyclableOutputStream out, long maxBytes) throws IOException {
        while (in.hasRemaining()) {
            if (step == Step.DATA) {
                inflater.setInput(in);
                inflateAvailable(out, maxBytes, dataCrc);
                if (!inflater.finished()) {
                    return; // zlib took the whole piece
                }
                step = Step.TRAILER; // the piece's position is right after the DEFLATE data
                count = 0;
                value = 0;
            } else {
                frame(in.get() & 0xff);
            }
        }
    }

    /** One header or trailer byte. */
    private void frame(int b) throws IOException {
        if (step.compareTo(Step.HEADER_CRC) < 0) {
            headerCrc.update(b);
        }
        switch (step) {
            case MAGIC1 -> {
                if (b != 0x1f) {
                    throw new ZipException(
                            membersDone == 0
                                    ? "the body is not in gzip format"
                                    : "data after a gzip member of the body is not another member");
                }
                step = Step.MAGIC2;
            }
            case MAGIC2 -> {
                if (b != 0x8b) {
                    throw new ZipException("the body is not in gzip format");
                }
                step = Step.METHOD;
            }
            case METHOD -> {
                if (b != 8) {
                    throw new ZipException("unsupported gzip compression method " + b + " in the body");
                }
                step = Step.FLAGS;
            }
            case FLAGS -> {
                if ((b & RESERVED_FLAGS) != 0) {
                    throw new ZipException("reserved gzip header flags set in the body: " + Integer.toHexString(b));
                }
                flags = b;
                step = Step.FIXED;
                count = 6;
            }
            case FIXED -> {
                if (--count == 0) {
                    if ((flags & FEXTRA) != 0) {
                        startNumber(Step.EXTRA_LENGTH);
                    } else {
                        afterExtra();
                    }
                }
            }
            case EXTRA_LENGTH -> {
                if (addByte(b, 2)) {
                    count = (int) value;
                    if (count == 0) {
                        afterExtra();
                    } else {
                        step = Step.EXTRA;
                    }
                }
            }
            case EXTRA -> {
                if (--count == 0) {
                    afterExtra();
                }
            }
            case NAME -> {
                if (b == 0) {
                    afterName();
                }
            }
            case COMMENT -> {
                if (b == 0) {
                    afterComment();
                }
            }
            case HEADER_CRC -> {
                if (addByte(b, 2)) {
                    if (value != (headerCrc.getValue() & 0xffff)) {
                        throw new ZipException("gzip header CRC mismatch in the body");
                    }
                    startData();
                }
            }
            case TRAILER -> {
                if (addByte(b, 8)) {
                    checkTrailer();
                }
            }
            case DATA -> throw new IllegalStateException("DEFLATE data go to zlib");
        }
    }

    private void startNumber(Step next) {
        step = next;
        count = 0;
        value = 0;
    }

    /** Adds a little-endian byte to {@link #value}; true once it has {@code length} bytes. */
    private boolean addByte(int b, int length) {
        value |= (long) b << (8 * count);
        return ++count == length;
    }

    private void afterExtra() {
        if ((flags & FNAME) != 0) {
            step = Step.NAME;
        } else {
            afterName();
        }
    }

    private void afterName() {
        if ((flags & FCOMMENT) != 0) {
            step = Step.COMMENT;
        } else {
            afterComment();
        }
    }

    private void afterComment() {
        if ((flags & FHCRC) != 0) {
            startNumber(Step.HEADER_CRC);
        } else {
            startData();
        }
    }

    private void startData() {
        if (inflater == null) {
            inflater = new Inflater(true);
        } else {
            inflater.reset();
        }
        dataCrc.reset();
        memberStart = decodedBytes();
        step = Step.DATA;
    }

    private void checkTrailer() throws ZipException {
        long crc = value & 0xffffffffL;
        long size = value >>> 32;
        if (crc != dataCrc.getValue()) {
            throw new ZipException("gzip CRC-32 mismatch in the body: the trailer says " + Long.toHexString(crc)
                    + ", the data decoded to " + Long.toHexString(dataCrc.getValue()));
        }
        long decodedSize = (decodedBytes() - memberStart) & 0xffffffffL;
        if (size != decodedSize) {
            throw new ZipException("gzip length mismatch in the body: the trailer says " + size + " (mod 2^32), the"
                    + " data decoded to " + decodedSize);
        }
        membersDone++;
        step = Step.MAGIC1;
        headerCrc.reset();
    }

    @Override
    boolean complete() {
        return step == Step.MAGIC1 && membersDone > 0;
    }

    @Override
    public String toString() {
        return "gzip encoding";
    }
}
