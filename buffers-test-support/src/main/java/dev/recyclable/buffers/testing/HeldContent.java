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
package dev.recyclable.buffers.testing;

import dev.recyclable.buffers.ByteBufferView;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.opentest4j.AssertionFailedError;

/**
 * Reads what a holder of pooled content shows, for tests that check the ownership rule: held
 * content is frozen, so a view keeps showing the bytes it was taken over whatever the stream,
 * the decoder or the pool does next.
 */
public final class HeldContent {
    private HeldContent() {}

    /** The bytes {@code view} shows, joined in order; the buffers' positions are left as they are. */
    public static byte[] bytesOf(ByteBufferView view) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (ByteBuffer b : view.buffers()) {
            ByteBuffer d = b.duplicate();
            byte[] part = new byte[d.remaining()];
            d.get(part);
            joined.writeBytes(part);
        }
        return joined.toByteArray();
    }

    /** Fails, naming the first differing byte, unless {@code view} shows exactly {@code expected}. */
    public static void assertShows(byte[] expected, ByteBufferView view, String what) {
        byte[] seen = bytesOf(view);
        int at = Arrays.mismatch(expected, seen);
        if (at >= 0) {
            throw new AssertionFailedError(
                    what + " changed under its holder: first difference at byte " + at + " of " + expected.length
                            + " (now " + seen.length + " bytes)",
                    expected,
                    seen);
        }
    }
}
