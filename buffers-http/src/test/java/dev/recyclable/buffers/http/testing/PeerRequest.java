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
package dev.recyclable.buffers.http.testing;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A REQUEST line of the node peer's log: what the peer received.
 *
 * @param declared the request's Content-Length header, or -1 when it had none
 */
public record PeerRequest(
        String method, String url, String version, boolean authorized, long declared, long length, String sha256) {

    public static PeerRequest parse(String line) {
        String[] f = line.split(" ");
        if (f.length != 8 || !f[0].equals("REQUEST")) {
            throw new IllegalArgumentException("not a REQUEST line: " + line);
        }
        return new PeerRequest(
                f[1],
                f[2],
                f[3],
                f[4].equals("auth"),
                f[5].equals("-") ? -1 : Long.parseLong(f[5]),
                Long.parseLong(f[6]),
                f[7]);
    }

    public static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
