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
package dev.recyclable.buffers.ssh.transfer.internal;

import java.nio.charset.StandardCharsets;

/**
 * The first few KiB of a transfer's stderr: enough for the remote's error message and our size line, never more,
 * so a command flooding stderr cannot grow memory. Written by sshj's reader thread; read after the channel closed
 * (the channel's close future orders the two).
 */
public final class StderrTail {

    private final byte[] bytes;
    private int length;
    private long total;

    public StderrTail(int maxBytes) {
        this.bytes = new byte[maxBytes];
    }

    void append(byte[] data, int offset, int n) {
        int keep = Math.min(n, bytes.length - length);
        System.arraycopy(data, offset, bytes, length, keep);
        length += keep;
        total += n;
    }

    /** What was kept, decoded as UTF-8. */
    public String text() {
        String s = new String(bytes, 0, length, StandardCharsets.UTF_8);
        return total > length ? s + "... (" + (total - length) + " more bytes)" : s;
    }

    /**
     * The value of the first line that starts with {@code prefix}, or {@code null}.
     */
    public String lineValue(String prefix) {
        for (String line : text().split("\n")) {
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length()).trim();
            }
        }
        return null;
    }

    /** The text without lines starting with any of {@code prefixes}, trimmed. */
    public String textWithout(String... prefixes) {
        StringBuilder sb = new StringBuilder();
        lines:
        for (String line : text().split("\n")) {
            for (String prefix : prefixes) {
                if (line.startsWith(prefix)) {
                    continue lines;
                }
            }
            sb.append(line).append('\n');
        }
        return sb.toString().trim();
    }
}
