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

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Digests the next complete message a loopback receiver sees, so that each run proves every
 * contender received exactly the peer's bytes (a receiver that dropped or mangled data would
 * look fast). Armed once per trial, before the measured loop; while disarmed a receiver pays
 * one volatile read per delivery.
 */
final class ContentCheck {
    private final MessageDigest sha256;
    private volatile boolean armed;
    private volatile String digest;

    ContentCheck() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The SHA-256 (hex) of {@code bytes}, as the peer reports a payload's. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Digests the next message from its first delivery on. */
    void arm() {
        sha256.reset();
        digest = null;
        armed = true;
    }

    boolean armed() {
        return armed;
    }

    void update(byte[] bytes) {
        sha256.update(bytes);
    }

    void update(ByteBuffer bytes) {
        sha256.update(bytes.duplicate());
    }

    /** The message ended: its digest is ready and the check disarms. */
    void messageEnd() {
        digest = HexFormat.of().formatHex(sha256.digest());
        armed = false;
    }

    /** The SHA-256 (hex) of the message received while armed, or null. */
    String digest() {
        return digest;
    }
}
