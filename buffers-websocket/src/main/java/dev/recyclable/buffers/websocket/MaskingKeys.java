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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Masking keys for a client's frames (RFC 6455 section 5.3: unpredictable, from a strong source
 * of entropy), read from a {@link SecureRandom} {@value #KEYS_PER_DRAW} at a time. A
 * {@code SecureRandom} call allocates (the JDK's default, NativePRNG, about 90 bytes for one
 * {@code nextInt}), so drawing once per frame would make every small frame, and every Pong a
 * client sends, cost garbage; drawn in bulk, a key costs none, and every key is still a fresh
 * 32 bits of the same generator's output, used once.
 *
 * <p>Not thread-safe: one per encoder, as encoders are per connection.
 */
public final class MaskingKeys implements RandomGenerator {
    private static final int KEYS_PER_DRAW = 64;
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private final SecureRandom source;
    private final byte[] keys = new byte[KEYS_PER_DRAW * Integer.BYTES];
    private int next = keys.length;

    /** Keys from a new {@link SecureRandom}. */
    public MaskingKeys() {
        this(new SecureRandom());
    }

    /** Keys from {@code source}, which this object then uses alone. */
    public MaskingKeys(SecureRandom source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    /** The next masking key. */
    @Override
    public int nextInt() {
        if (next == keys.length) {
            source.nextBytes(keys);
            next = 0;
        }
        int key = (int) INTS.get(keys, next);
        next += Integer.BYTES;
        return key;
    }

    @Override
    public long nextLong() {
        return (long) nextInt() << 32 | (nextInt() & 0xFFFFFFFFL);
    }
}
