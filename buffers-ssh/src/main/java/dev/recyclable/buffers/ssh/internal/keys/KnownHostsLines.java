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
package dev.recyclable.buffers.ssh.internal.keys;

import dev.recyclable.buffers.ssh.internal.keys.KnownHostsIndex.Marker;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * known_hosts bytes split into lines and fields as OpenSSH 9.2's {@code ssh} splits them ({@code hostfile.c
 * hostkeys_foreach_file}, {@code check_markers}, {@code sshkey.c sshkey_read}), C string handling included:
 *
 * <ul>
 *   <li>lines end at LF only; a CR stays in the line (at the end of a key it is skipped as base64 whitespace);
 *   <li>fields are separated by spaces and tabs only; a NUL byte ends the line for every field but one: right after
 *       the host field it separates that field from the key, which {@code ssh} then reads on from the next byte;
 *   <li>a marker ends at the first space of the rest of the line, or if there is none its first tab, so
 *       {@code @cert-authority<TAB>host key comment} is an invalid marker and the line is skipped;
 *   <li>a last line without LF that ends with its host field is read on into the bytes earlier lines left in
 *       {@code ssh}'s line buffer, so it may take the key of an earlier line;
 *   <li>the key is its type, whitespace and base64 ({@link OpenSshBase64}); a blob {@code ssh} does not read
 *       ({@link PublicKeyBlob}) or that another type field names makes the line invalid.
 * </ul>
 *
 * Invalid lines are skipped, as {@code ssh} skips them; host fields are handed over as they are, one char per byte.
 */
final class KnownHostsLines {

    /**
     * One line with a host field: its marker, its host field (bytes as ISO-8859-1 chars), the text {@code ssh}
     * reads its key from ({@link #key}), and its number.
     */
    record Line(Marker marker, String hosts, byte[] keyText, int number) {}

    /** Receives each line with a host field, in file order. */
    @FunctionalInterface
    interface Sink {
        void line(Line line);
    }

    private static final int MAX_MARKER = 32; // check_markers' buffer, terminator included
    private static final byte[] CERT_AUTHORITY = "@cert-authority".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REVOKED = "@revoked".getBytes(StandardCharsets.US_ASCII);

    private KnownHostsLines() {}

    /**
     * Reads every line of {@code file}, handing those with a host field to {@code sink}; returns the number of
     * lines. Keys are read later, and only for lines whose host field matches ({@link #key}), as {@code ssh} reads
     * them: a large file costs no key parsing for the hosts never looked up.
     */
    static int read(byte[] file, Sink sink) {
        int number = 0;
        int start = 0;
        while (start < file.length) {
            int end = indexOf(file, (byte) '\n', start, file.length);
            boolean newline = end >= 0;
            if (!newline) {
                end = file.length;
            }
            number++;
            Line line = parse(file, start, end, newline, number);
            if (line != null) {
                sink.line(line);
            }
            start = end + 1;
        }
        return number;
    }

    /** The marker and host field of a line, before its key. */
    private record Head(Marker marker, int hostsStart, int hostsEnd) {}

    /** The line's marker and host field, or {@code null} for a comment, a blank line or an invalid marker. */
    private static Head head(byte[] f, int start, int cEnd) {
        int p = skipBlanks(f, start, cEnd);
        if (p == cEnd || f[p] == '#') {
            return null;
        }
        Marker marker = Marker.NONE;
        while (p < cEnd && f[p] == '@') {
            if (marker != Marker.NONE) {
                return null; // one marker only
            }
            int sp = indexOf(f, (byte) ' ', p, cEnd);
            if (sp < 0) {
                sp = indexOf(f, (byte) '\t', p, cEnd);
            }
            if (sp < 0 || sp <= p + 1 || sp - p >= MAX_MARKER) {
                return null;
            }
            if (Arrays.equals(f, p, sp, CERT_AUTHORITY, 0, CERT_AUTHORITY.length)) {
                marker = Marker.CERT_AUTHORITY;
            } else if (Arrays.equals(f, p, sp, REVOKED, 0, REVOKED.length)) {
                marker = Marker.REVOKED;
            } else {
                return null;
            }
            p = skipBlanks(f, sp, cEnd);
        }
        int hostsEnd = p;
        while (hostsEnd < cEnd && f[hostsEnd] != ' ' && f[hostsEnd] != '\t') {
            hostsEnd++;
        }
        return new Head(marker, p, hostsEnd);
    }

    private static Line parse(byte[] f, int start, int end, boolean newline, int number) {
        int firstNul = indexOf(f, (byte) 0, start, end);
        int cEnd = firstNul >= 0 ? firstNul : end;
        Head head = head(f, start, cEnd);
        if (head == null) {
            return null;
        }
        byte[] rest = afterHosts(f, start, end, newline, firstNul, head.hostsEnd() + 1);
        String hosts =
                new String(f, head.hostsStart(), head.hostsEnd() - head.hostsStart(), StandardCharsets.ISO_8859_1);
        return new Line(head.marker(), hosts, rest, number);
    }

    /**
     * The C string {@code ssh} reads the key from: from {@code from} (the byte after the host field's end) to the
     * next NUL of its line buffer. Past the line's bytes the buffer holds a NUL where the LF was (or, in a line
     * with a NUL of its own, the LF itself, as {@code strcspn} stopped at that NUL), then the NUL ending the
     * string, or for a last line without LF what earlier lines left there.
     */
    private static byte[] afterHosts(byte[] f, int start, int end, boolean newline, int firstNul, int from) {
        if (from < end) {
            int nul = indexOf(f, (byte) 0, from, end);
            if (nul >= 0) {
                return Arrays.copyOfRange(f, from, nul);
            }
            // f[end] is that LF when the line has one
            return Arrays.copyOfRange(f, from, end + (newline && firstNul >= 0 ? 1 : 0));
        }
        if (from == end) {
            return newline && firstNul >= 0 ? new byte[] {'\n'} : new byte[0];
        }
        return newline ? new byte[0] : staleBytes(f, start, end);
    }

    /**
     * For a last line without LF whose host field runs to its end: the C string after the NUL that ends it in
     * {@code ssh}'s line buffer, which holds what the longer earlier lines left there (with the NULs
     * {@code ssh} wrote into them). Bytes no line ever reached are taken as NUL.
     */
    private static byte[] staleBytes(byte[] f, int lastStart, int lastEnd) {
        int size = lastEnd - lastStart + 2;
        for (int s = 0; s < lastStart; ) {
            int e = indexOf(f, (byte) '\n', s, lastStart);
            size = Math.max(size, e - s + 2);
            s = e + 1;
        }
        byte[] buffer = new byte[size];
        for (int s = 0; s < lastStart; ) {
            int e = indexOf(f, (byte) '\n', s, lastStart);
            int length = e - s;
            System.arraycopy(f, s, buffer, 0, length);
            int nul = indexOf(f, (byte) 0, s, e);
            buffer[length] = (byte) (nul >= 0 ? '\n' : 0);
            buffer[length + 1] = 0;
            Head head = head(f, s, nul >= 0 ? nul : e);
            if (head != null) {
                buffer[head.hostsEnd() - s] = 0;
            }
            s = e + 1;
        }
        int length = lastEnd - lastStart;
        System.arraycopy(f, lastStart, buffer, 0, length);
        buffer[length] = 0;
        int from = length + 1;
        int nul = from < buffer.length ? indexOf(buffer, (byte) 0, from, buffer.length) : -1;
        return from >= buffer.length ? new byte[0] : Arrays.copyOfRange(buffer, from, nul >= 0 ? nul : buffer.length);
    }

    /**
     * {@code sshkey_read} after the host field ({@link Line#keyText}): type, whitespace, base64 blob; {@code null}
     * where {@code ssh} finds the line invalid (and skips it).
     */
    static PublicKeyBlob key(byte[] s) {
        int p = skipBlanks(s, 0, s.length);
        if (p == s.length || s[p] == '#') {
            return null; // "truncated before key type"
        }
        int typeEnd = p;
        while (typeEnd < s.length && s[typeEnd] != ' ' && s[typeEnd] != '\t') {
            typeEnd++;
        }
        if (typeEnd == s.length) {
            return null; // the type must be followed by a blank
        }
        PublicKeyBlob.Algorithm type =
                PublicKeyBlob.Algorithm.named(new String(s, p, typeEnd - p, StandardCharsets.ISO_8859_1));
        if (type == null) {
            return null;
        }
        int blobStart = skipBlanks(s, typeEnd, s.length);
        if (blobStart == s.length) {
            return null;
        }
        int blobEnd = blobStart;
        while (blobEnd < s.length && s[blobEnd] != ' ' && s[blobEnd] != '\t') {
            blobEnd++;
        }
        byte[] blob = OpenSshBase64.decode(s, blobStart, blobEnd);
        PublicKeyBlob key = blob == null ? null : PublicKeyBlob.parse(blob);
        if (key == null || !key.typeMatches(type)) {
            return null;
        }
        return key;
    }

    private static int skipBlanks(byte[] f, int p, int end) {
        while (p < end && (f[p] == ' ' || f[p] == '\t')) {
            p++;
        }
        return p;
    }

    private static int indexOf(byte[] f, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (f[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
